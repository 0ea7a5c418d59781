import { describe, expect, it } from 'vitest';
import { pageHtml, siteFrom } from '../../tests/helpers/site.tsx';
import { newsYaml } from '../news-list/fixture.ts';
import { newsDetail } from './index.tsx';

describe('news-detail block', () => {
  it('is the default page of a news item: heading, date, organisation, text and a way back', () => {
    const html = pageHtml(siteFrom(newsYaml([{ type: 'news-list' }])), '/news/spring-book-sale');
    expect(html).toContain('<article class="block news-detail"><div class="container narrow"><header class="item-header"><h1>Spring book sale</h1>');
    expect(html).toContain('<time dateTime="2026-04-11">April 11, 2026</time>');
    expect(html).toContain('<span>From <a href="/example/organizations/riverside-library">Riverside Library</a></span>');
    expect(html).toContain('<p>More about spring book sale.</p>');
    expect(html).toContain('<footer class="more-link"><a href="/example/news">All news</a></footer>');
  });

  it('renders its example, and names the organisation without a link when the site has no page for it', () => {
    const html = pageHtml(
      siteFrom(newsYaml([{ type: 'news-list' }], { detail: [{ type: 'news-detail', ...newsDetail.example }], organizations: false })),
      '/news/spring-book-sale',
    );
    expect(html).toContain('<h1>Spring book sale</h1>');
    expect(html).toContain('<span>From Riverside library</span>');
    expect(html).toContain('<a href="/example/news">All news</a>');
  });

  it('leaves out the organisation when the item has none', () => {
    const html = pageHtml(siteFrom(newsYaml([{ type: 'news-list' }])), '/news/main-street-repaving-starts');
    expect(html).not.toContain('From ');
  });
});
