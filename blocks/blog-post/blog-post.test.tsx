import { describe, expect, it } from 'vitest';
import { pageHtml, siteFrom } from '../../tests/helpers/site.tsx';
import { blogYaml } from '../blog-index/fixture.ts';
import { blogPost, relatedPosts } from './index.tsx';

const related = (html: string) => html.slice(html.indexOf('class="container narrow related-posts"'));

describe('blog-post block', () => {
  const site = siteFrom(blogYaml([{ type: 'blog-index' }]));

  it('is the default page of a post, with its details as the page heading', () => {
    const html = pageHtml(site, '/blog/choosing-a-toothbrush');
    expect(html).toContain('<article class="container narrow"><header class="item-header"><h1>Choosing a toothbrush</h1>');
    expect(html).toContain('<time dateTime="2026-02-14">February 14, 2026</time>');
    expect(html).toContain('<span>Updated <time dateTime="2026-03-01">March 1, 2026</time></span>');
    expect(html).toContain('<span>By Dr. Ana Ruiz</span>');
    expect(html).toContain('In <a href="/example/blog/category/prevention">Prevention</a>');
    expect(html).toContain('<ul class="tag-list post-tags" aria-label="Tags"><li>brushing</li><li>kids</li></ul>');
    expect(html).toContain('<a href="/example/blog">All posts</a>');
    expect(html).not.toContain('class="page-header"');
  });

  it('suggests posts of the same category first, then the newest, never itself', () => {
    const aside = related(pageHtml(site, '/blog/choosing-a-toothbrush'));
    const at = (title: string) => aside.indexOf(`>${title}</a>`);
    expect(aside).toContain('<h2 id=');
    expect(at('Sealants for children')).toBeGreaterThan(0);
    expect(at('Sealants for children')).toBeLessThan(at('Flossing basics'));
    expect(at('Flossing basics')).toBeLessThan(at('Meet our new hygienist'));
    expect(at('Our new evening hours')).toBe(-1);
    expect(at('Choosing a toothbrush')).toBe(-1);
  });

  it('renders its example on a post page, and hides suggestions when asked', () => {
    const withExample = siteFrom(blogYaml([{ type: 'blog-index' }], { post: [{ type: 'blog-post', ...blogPost.example }] }));
    expect(pageHtml(withExample, '/blog/flossing-basics')).toContain('<h2 id=');
    const none = siteFrom(
      blogYaml([{ type: 'blog-index' }], { post: [{ type: 'blog-post', related: 0, back: { label: 'Back to the blog', href: '/blog' } }] }),
    );
    const html = pageHtml(none, '/blog/flossing-basics');
    expect(html).not.toContain('related-posts');
    expect(html).toContain('<a href="/example/blog">Back to the blog</a>');
  });

  it('fills suggestions with the newest posts when a post is alone in its category', () => {
    const items = site.collections.get('posts')?.items ?? [];
    const first = items[0];
    if (first?.kind !== 'post') throw new Error('the site starts with a post');
    const lonely = { ...first, data: { ...first.data, category: 'Other' } };
    expect(relatedPosts(lonely, items, 2).map((i) => i.slug)).toEqual(['meet-our-new-hygienist', 'sealants-for-children']);
  });
});
