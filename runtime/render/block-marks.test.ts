/**
 * For `doctor --layout`, a page can be rendered with a comment before and after each of its own
 * blocks, numbered as the blocks are in the file, so what Chromium measures maps back to a block.
 */
import { describe, expect, it } from 'vitest';
import { BASE_YAML, siteFrom, targetAt } from '../../tests/helpers/site.tsx';
import { renderPage } from './page.tsx';

const site = siteFrom(`${BASE_YAML}pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Gentle care
  - path: /about
    title: About us
    blocks:
      - type: breadcrumbs
      - type: rich-text
        markdown: Founded in 1998.
      - type: rich-text
        id: team
        markdown: Four dentists.
`);

const render = (path: string, markBlocks?: boolean) =>
  renderPage(site, targetAt(site, path), { origin: 'https://sites.example.com', assets: { stylesheet: '/assets/t.css' }, markBlocks }).html;

describe('block marks', () => {
  it("numbers each of the page's own blocks as in the file, around the page's title when a block stands above it", () => {
    const html = render('/about', true);
    const marks = [...html.matchAll(/<!--(\/?sw-block \d+)-->/g)].map((m) => m[1]);
    expect(marks).toEqual(['sw-block 0', '/sw-block 0', 'sw-block 1', '/sw-block 1', 'sw-block 2', '/sw-block 2']);
    const between = (i: number) => html.slice(html.indexOf(`<!--sw-block ${i}-->`), html.indexOf(`<!--/sw-block ${i}-->`));
    expect(between(0)).toContain('breadcrumb');
    expect(between(1)).toContain('Founded in 1998.');
    expect(between(2)).toContain('id="team"');
    // The page's title is drawn between the breadcrumbs and the first block under it.
    expect(html.indexOf('<h1>About us</h1>')).toBeGreaterThan(html.indexOf('<!--/sw-block 0-->'));
    expect(html.indexOf('<h1>About us</h1>')).toBeLessThan(html.indexOf('<!--sw-block 1-->'));
    expect(html).not.toContain('data-sw-mark');
  });

  it('marks a block that carries the h1 itself, and nothing at all unless asked', () => {
    expect(render('/', true)).toMatch(/<!--sw-block 0--><section[^>]*>[\s\S]*<h1[^>]*>Gentle care<\/h1>[\s\S]*<!--\/sw-block 0-->/);
    expect(render('/about')).not.toMatch(/sw-block|data-sw-mark/);
  });
});
