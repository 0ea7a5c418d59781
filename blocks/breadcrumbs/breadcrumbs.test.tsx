import { describe, expect, it } from 'vitest';
import { pageHtml, renderBlocks, siteFrom } from '../../tests/helpers/site.tsx';
import { blogYaml } from '../blog-index/fixture.ts';
import { treeYaml } from '../child-pages/fixture.ts';
import { breadcrumbs } from './index.tsx';

const tree = siteFrom(treeYaml([{ type: 'breadcrumbs', ...breadcrumbs.example }, { type: 'item' }]));

describe('breadcrumbs block', () => {
  it('names the ancestors of a nested page after their own pages', () => {
    const html = pageHtml(tree, '/departments/public-works/roads');
    expect(html).toContain(
      '<nav aria-label="Breadcrumb" class="breadcrumbs"><ol class="container"><li><a href="/example">Home</a></li><li><a href="/example/departments">Departments</a></li><li><a href="/example/departments/public-works">Public Works</a></li><li><a href="/example/departments/public-works/roads" aria-current="page">Roads and sidewalks</a></li></ol></nav>',
    );
  });

  it('names an ancestor without a page after its part of the address, without a link', () => {
    const html = pageHtml(tree, '/services/permits/building');
    expect(html).toContain(
      '<li><a href="/example">Home</a></li><li><span>Services</span></li><li><span>Permits</span></li><li><a href="/example/services/permits/building" aria-current="page">Building permits</a></li>',
    );
  });

  it('uses menu labels for plain pages, and is a lone current step on the home page', () => {
    expect(renderBlocks(tree, [{ type: 'breadcrumbs' }], '/about')).toContain(
      '<li><a href="/example">Home</a></li><li><a href="/example/about" aria-current="page">About us</a></li>',
    );
    expect(renderBlocks(tree, [{ type: 'breadcrumbs', home: 'Town hall' }], '/')).toContain(
      '<ol class="container"><li><a href="/example" aria-current="page">Town hall</a></li></ol>',
    );
  });

  it('walks through the blog to a post and to a category, skipping addresses with no page', () => {
    const blog = siteFrom(blogYaml([{ type: 'blog-index' }]));
    expect(renderBlocks(blog, [{ type: 'breadcrumbs' }], '/blog/flossing-basics')).toContain(
      '<li><a href="/example/blog">Blog</a></li><li><a href="/example/blog/flossing-basics" aria-current="page">Flossing basics</a></li>',
    );
    const category = renderBlocks(blog, [{ type: 'breadcrumbs' }], '/blog/category/prevention');
    expect(category).toContain(
      '<li><a href="/example/blog">Blog</a></li><li><a href="/example/blog/category/prevention" aria-current="page">Prevention</a></li>',
    );
    expect(category).not.toContain('Category');
  });
});
