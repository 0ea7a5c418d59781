import { describe, expect, it } from 'vitest';
import { pageHtml, renderBlocks, siteFrom } from '../../tests/helpers/site.tsx';
import { treeYaml } from './fixture.ts';
import { childPages } from './index.tsx';

const titles = (html: string) => [...html.matchAll(/class="card-title"><a href="[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);

describe('child-pages block', () => {
  const site = siteFrom(treeYaml([{ type: 'item' }, { type: 'child-pages', heading: 'In this section' }], [{ type: 'child-pages', ...childPages.example }]));

  it('renders its example: the pages below a given parent, as cards with summaries', () => {
    const html = pageHtml(site, '/');
    expect(html).toContain(
      '<h2>In this section</h2><ul class="card-grid"><li class="card"><h3 class="card-title"><a href="/example/departments/public-works/roads">Roads and sidewalks</a></h3><p>Repairs, snow clearing and street lights.</p></li>',
    );
    expect(titles(html)).toEqual(['Roads and sidewalks', 'Parks']);
  });

  it('lists only the direct children of the page being shown', () => {
    expect(titles(pageHtml(site, '/departments'))).toEqual(['Public Works', 'Finance']);
  });

  it('shows nothing below a leaf page, unless it has words for that', () => {
    expect(pageHtml(site, '/departments/finance')).not.toContain('child-pages');
    const html = renderBlocks(site, [{ type: 'child-pages', layout: 'list', empty: 'No pages below this one.' }], '/departments/finance');
    expect(html).toContain('<p class="muted">No pages below this one.</p>');
  });

  it('lists the top of the tree on a page that is not part of it, as a plain list', () => {
    const html = renderBlocks(site, [{ type: 'child-pages', collection: 'pages', layout: 'list' }], '/about');
    expect(html).toContain('<ul class="link-list"><li><h2 class="card-title"><a href="/example/departments">Departments</a></h2></li></ul>');
  });
});
