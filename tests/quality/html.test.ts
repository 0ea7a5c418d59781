/** The HTML reader the quality checks use sees what a browser would. */
import { describe, expect, it } from 'vitest';
import { anchorsOf, startTags, textOf, urlsOf } from './html.ts';

describe('the quality checks read HTML', () => {
  const html = `<!doctype html><html lang="en-GB"><head><title>Tea &amp; cake | Caf&#xe9;</title>
    <meta property="og:image" content="https://sites.example.com/a/media/x.jpg">
    <script type="application/ld+json">{"url": "<a href=\\"/not-a-link\\">"}</script></head>
    <body><!-- <a href="/commented-out"> --><a class=skip href="#main">Skip</a>
    <img src="/a/media/y.png" srcset="/a/media/y.png 1x, /a/media/y@2x.png 2x" width="10" height="5" alt="">
    <main id="main"><h2 id='prices'>Prices</h2><a name="old">Old</a><a href="/a/menu?x=1&amp;y=2#prices">Menu</a></main></body></html>`;
  const tags = startTags(html);

  it('finds start tags with their attributes, decoded, quoted or not', () => {
    expect(tags.find((t) => t.name === 'html')?.attrs.get('lang')).toBe('en-GB');
    expect(tags.find((t) => t.name === 'a' && t.attrs.get('class') === 'skip')?.attrs.get('href')).toBe('#main');
    expect(textOf(html, 'title')).toBe('Tea & cake | Café');
  });

  it('collects href, src, every srcset candidate and the Open Graph image, and nothing in comments or scripts', () => {
    const urls = tags.flatMap(urlsOf);
    expect(urls).toEqual([
      'https://sites.example.com/a/media/x.jpg',
      '#main',
      '/a/media/y.png',
      '/a/media/y.png',
      '/a/media/y@2x.png',
      '/a/menu?x=1&y=2#prices',
    ]);
  });

  it('knows the ids and named anchors a #fragment can point at', () => {
    expect([...anchorsOf(tags)].sort()).toEqual(['main', 'old', 'prices']);
  });
});
