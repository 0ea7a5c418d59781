import { describe, expect, it } from 'vitest';
import { pageHtml, renderBlocks, siteFrom } from '../../tests/helpers/site.tsx';
import { newsYaml } from './fixture.ts';
import { newsList } from './index.tsx';

const at = (html: string, title: string) => html.indexOf(`>${title}</a>`);

describe('news-list block', () => {
  it('renders its example: the newest news with dates and summaries, and a link to all news', () => {
    const site = siteFrom(newsYaml([{ type: 'news-list' }], { home: [{ type: 'news-list', ...newsList.example }] }));
    const html = pageHtml(site, '/');
    expect(html).toContain('<h2>Latest news</h2>');
    expect(html).toContain('<h3 class="news-title"><a href="/example/news/main-street-repaving-starts">Main Street repaving starts</a></h3>');
    expect(html).toContain('<time dateTime="2026-05-06">May 6, 2026</time>');
    expect(html).toContain('<p>Spring book sale: the details.</p>');
    expect(html).toContain('<a href="/example/news">All news</a>');
    expect(at(html, 'Main Street repaving starts')).toBeLessThan(at(html, 'Spring book sale'));
    expect(at(html, 'Spring book sale')).toBeLessThan(at(html, 'Chamber welcomes new members'));
  });

  it('lists only the news of the organisation a page is about', () => {
    const html = pageHtml(siteFrom(newsYaml([{ type: 'news-list' }])), '/organizations/riverside-library');
    expect(at(html, 'Spring book sale')).toBeGreaterThan(0);
    expect(at(html, 'Library extends Saturday hours')).toBeGreaterThan(0);
    expect(at(html, 'Main Street repaving starts')).toBe(-1);
    expect(at(html, 'Chamber welcomes new members')).toBe(-1);
  });

  it('stops at its limit and says so when there is nothing', () => {
    const site = siteFrom(
      newsYaml([
        { type: 'news-list', limit: 1 },
        { type: 'news-list', filter: { organization: 'nobody' }, empty: 'Nothing new.' },
      ]),
    );
    const html = pageHtml(site, '/news');
    expect(at(html, 'Main Street repaving starts')).toBeGreaterThan(0);
    expect(at(html, 'Spring book sale')).toBe(-1);
    expect(html).toContain('<p class="muted">Nothing new.</p>');
  });

  it('leaves out the news item the page is about', () => {
    const html = renderBlocks(siteFrom(newsYaml([{ type: 'news-list' }])), [{ type: 'news-list', heading: 'More news' }], '/news/spring-book-sale');
    expect(at(html, 'Library extends Saturday hours')).toBeGreaterThan(0);
    expect(at(html, 'Spring book sale')).toBe(-1);
  });
});
