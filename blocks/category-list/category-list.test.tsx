import { describe, expect, it } from 'vitest';
import { pageHtml, renderBlocks, siteFrom } from '../../tests/helpers/site.tsx';
import { blogYaml } from '../blog-index/fixture.ts';
import { categoryList } from './index.tsx';

describe('category-list block', () => {
  const site = siteFrom(blogYaml([{ type: 'category-list', ...categoryList.example }, { type: 'blog-index' }]));

  it('links each category page with its number of posts, alphabetically', () => {
    const html = pageHtml(site, '/blog');
    expect(html).toContain('<h2>Browse by topic</h2>');
    expect(html).toContain('<li><a href="/example/blog/category/clinic-news">Clinic news</a><span class="category-count">2 posts</span></li>');
    expect(html).toContain('<a href="/example/blog/category/prevention">Prevention</a><span class="category-count">3 posts</span>');
    expect(html.indexOf('>Clinic news</a><span')).toBeLessThan(html.indexOf('>Prevention</a><span'));
  });

  it('orders by count and marks the category being shown', () => {
    const byCount = siteFrom(
      blogYaml([{ type: 'blog-index' }], {
        more: [{ path: '/topics', title: 'Topics', blocks: [{ type: 'category-list', sort: 'count', counts: false }] }],
      }),
    );
    const html = pageHtml(byCount, '/topics');
    expect(html.indexOf('>Prevention</a>')).toBeLessThan(html.indexOf('>Clinic news</a>'));
    expect(html).not.toContain('category-count');
    const here = renderBlocks(site, [{ type: 'category-list' }], '/blog/category/prevention');
    expect(here).toContain('<a href="/example/blog/category/prevention" aria-current="page">Prevention</a>');
  });

  it('shows category names without links when the site has no category pages', () => {
    const flat = siteFrom(blogYaml([{ type: 'category-list' }]).replace(/ {2}- path: \/blog\/category\/\{category\}\n(?: {4}.*\n)+/, ''));
    const html = pageHtml(flat, '/blog');
    expect(html).toContain('<li>Prevention<span class="category-count">3 posts</span></li>');
  });
});
