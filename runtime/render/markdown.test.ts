import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape.ts';
import { markdownText, renderMarkdown } from './markdown.ts';

describe('markdownText', () => {
  it('gives the text a visitor reads, not HTML, so escaping it once is right', () => {
    const text = markdownText('Fish & chips, **fresh** <b>daily</b> "since 1998" — [menu](/menu)');
    expect(text).toBe('Fish & chips, fresh <b>daily</b> “since 1998” — menu');
    expect(escapeHtml(text)).toContain('Fish &amp; chips');
    expect(escapeHtml(text)).not.toContain('&amp;amp;');
  });
});

describe('renderMarkdown', () => {
  it('puts every table in a box that scrolls it sideways, reached by Tab and named after the heading above it', () => {
    const html = renderMarkdown('## Fees & "extras"\n\n| Plan | Price |\n|---|---|\n| Basic | $10 |\n');
    expect(html).toContain('<div class="table-scroll" role="region" tabindex="0" aria-label="Fees &amp; “extras”"><table>');
    expect(html).toMatch(/<\/table><\/div>$/m);
  });

  it('names a table with no heading above it after its columns, escaped; one with no column names "Table"', () => {
    expect(renderMarkdown('| A <b> | **B** |\n|---|---|\n| 1 | 2 |\n')).toContain('aria-label="Table: A &lt;b&gt;, B"');
    expect(renderMarkdown('| | |\n|---|---|\n| 1 | 2 |\n')).toContain('aria-label="Table"');
  });

  it('keeps author text out of the wrapper: a heading cannot close the attribute or add one', () => {
    const html = renderMarkdown('## x" onfocus="alert(1)\n\n| a |\n|---|\n| 1 |\n');
    expect(html).toContain('aria-label="x&quot; onfocus=&quot;alert(1)"');
    expect(html).toMatch(/^<div class="table-scroll" role="region" tabindex="0" aria-label="[^"<>]*"><table>$/m);
  });
});

describe('typography', () => {
  it('keeps "(c)", "(r)", "(tm)", "(p)" and "+-" as written: "501(c)(3)" is a tax status, not a copyright', () => {
    const html = renderMarkdown('A 501(c)(3) charity. Acme(r), Brand(TM), (p) and 5 +- 1.');
    expect(html).toContain('A 501(c)(3) charity. Acme(r), Brand(TM), (p) and 5 +- 1.');
    expect(html).not.toMatch(/[©®™℗±]/);
    expect(markdownText('Our 501(c)(3) status')).toBe('Our 501(c)(3) status');
  });

  it('still curls quotes and makes dashes and the ellipsis', () => {
    expect(markdownText('"Open" 9--5 -- daily --- and more...')).toBe('“Open” 9–5 – daily — and more…');
  });

  it('leaves an address written as a link as it is', () => {
    expect(renderMarkdown('See https://example.com/a--b...c')).toContain('href="https://example.com/a--b...c">https://example.com/a--b...c</a>');
  });
});
