import { describe, expect, it } from 'vitest';
import { pageHtml, siteFrom } from '../../tests/helpers/site.tsx';
import { blogYaml } from './fixture.ts';
import { blogIndex, pageNumbers } from './index.tsx';

const site = siteFrom(blogYaml([{ type: 'blog-index', ...blogIndex.example }]));
const order = (html: string, ...titles: string[]) => titles.map((t) => html.indexOf(`>${t}</a>`));

describe('blog-index block', () => {
  it('lists the first page of posts newest first, with their details', () => {
    const html = pageHtml(site, '/blog');
    expect(html).toContain('<h2>Latest posts</h2>');
    expect(html).toContain('<a href="/example/blog/meet-our-new-hygienist">Meet our new hygienist</a>');
    expect(html).toContain('<time dateTime="2026-05-02">May 2, 2026</time>');
    expect(html).toContain('By Dr. Ana Ruiz');
    expect(html).toContain('1 min read');
    expect(html).toContain('In <a href="/example/blog/category/clinic-news">Clinic news</a>');
    const [newest, second, third] = order(html, 'Meet our new hygienist', 'Sealants for children', 'Our new evening hours');
    expect(newest).toBeLessThan(second as number);
    expect(third).toBe(-1);
  });

  it('links the numbered pages from the listing page', () => {
    const html = pageHtml(site, '/blog');
    expect(html).toContain('<nav aria-label="Pagination" class="pager">');
    expect(html).toContain('<a href="/example/blog" aria-label="Page 1" aria-current="page">1</a>');
    expect(html).toContain('<a href="/example/blog/page/3" aria-label="Page 3">3</a>');
    expect(html).toContain('<a href="/example/blog/page/2" rel="next">Next</a>');
    expect(html).not.toContain('rel="prev"');
  });

  it('shows its own slice on a numbered page, with Previous back to the listing', () => {
    const html = pageHtml(site, '/blog/page/2');
    expect(order(html, 'Our new evening hours', 'Choosing a toothbrush').every((i) => i > 0)).toBe(true);
    expect(html).not.toContain('>Meet our new hygienist</a>');
    expect(html).toContain('<a href="/example/blog" rel="prev">Previous</a>');
    expect(html).toContain('aria-label="Page 2" aria-current="page">2</a>');
    expect(html).toContain('<a href="/example/blog" aria-current="true">All</a>');
  });

  it('is the default of a category page, which lists its posts and marks its filter', () => {
    const html = pageHtml(site, '/blog/category/clinic-news');
    expect(html).toContain('class="block blog-index"');
    expect(html).toContain('<a href="/example/blog/category/clinic-news" aria-current="page">Clinic news</a>');
    expect(html).toContain('<a href="/example/blog/category/prevention">Prevention</a>');
    expect(html).not.toContain('>Flossing basics</a>');
    expect(html).not.toContain('aria-label="Pagination"');
  });

  it('shows every post and no pager when the site has no numbered pages', () => {
    const plain = siteFrom(blogYaml([{ type: 'blog-index' }]).replace(/ {2}- path: \/blog\/page\/\{page\}\n(?: {4}.*\n)+/, ''));
    const html = pageHtml(plain, '/blog');
    expect(html).toContain('>Flossing basics</a>');
    expect(html).not.toContain('aria-label="Pagination"');
  });

  it('leaves gaps in a long run of page numbers', () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
  });
});
