import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape.ts';
import { markdownText } from './markdown.ts';

describe('markdownText', () => {
  it('gives the text a visitor reads, not HTML, so escaping it once is right', () => {
    const text = markdownText('Fish & chips, **fresh** <b>daily</b> "since 1998" — [menu](/menu)');
    expect(text).toBe('Fish & chips, fresh <b>daily</b> “since 1998” — menu');
    expect(escapeHtml(text)).toContain('Fish &amp; chips');
    expect(escapeHtml(text)).not.toContain('&amp;amp;');
  });
});
