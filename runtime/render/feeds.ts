/**
 * The documents every site has for search engines and feed readers: its sitemap and, for a site
 * with a blog, its RSS 2.0 feed (whole, or one category's). The XML is written by hand: two
 * small fixed shapes whose only variable parts are text and addresses, escaped by xml() below,
 * need no library.
 */
import type { Item, Site, Target } from '../site.ts';
import { itemSummary, itemTitle } from './items.ts';
import { publicPath } from './page-path.ts';
import { blogOf, feedPath } from './structured-data.ts';

const FEED_SIZE = 20;

/** Text and attribute values for XML: the five special characters, and no characters XML 1.0 forbids. */
export function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** When an item last changed, as far as its content says: a post's update or date, news and events by date, a job by when it was posted. */
export function itemModified(item: Item): string | undefined {
  switch (item.kind) {
    case 'post':
      return item.data.updated ?? item.data.date;
    case 'news':
    case 'event':
      return item.data.date;
    case 'job':
      return item.data.posted;
    default:
      return undefined;
  }
}

/** A target's last change: its own item's, or the newest of a group's items; never a day still to come. */
function lastmod(target: Target, today: string): string | undefined {
  const items = target.item ? [target.item] : (target.group?.items ?? []);
  const dates = items.map(itemModified).filter((d): d is string => d !== undefined && d <= today);
  return dates.sort().at(-1);
}

/** Every page of the site that search engines may list, with its last change where the content knows it. */
export function sitemapXml(site: Site, origin: string, today: string): string {
  const urls = site.targets
    .filter((t) => !t.page.noindex)
    .map((t) => {
      const mod = lastmod(t, today);
      return `<url><loc>${xml(origin + publicPath(site.prefix, t.path))}</loc>${mod ? `<lastmod>${mod}</lastmod>` : ''}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** YYYY-MM-DD as RFC 822, the date form RSS 2.0 uses. */
const rssDate = (date: string) => new Date(`${date}T00:00:00Z`).toUTCString();

/** The blog's RSS 2.0 feed, or one category's; undefined when the site has no blog or no such category. */
export function feedXml(site: Site, origin: string, category?: string): string | undefined {
  const blog = blogOf(site);
  const categoryPage = category === undefined ? undefined : blog?.categories.get(category);
  if (!blog || (category !== undefined && !categoryPage?.group)) return undefined;
  const posts = (categoryPage?.group ? blog.posts.filter((p) => categoryPage.group?.items.includes(p)) : blog.posts).slice(0, FEED_SIZE);
  const identity = site.data.site;
  const url = (path: string) => origin + publicPath(site.prefix, path);
  const items = posts.map((post) => {
    const link = xml(url(post.path as string));
    const [date, summary, author, section] = [post.data.date, itemSummary(post), post.data.author, post.data.category];
    return [
      '<item>',
      `<title>${xml(itemTitle(post))}</title>`,
      `<link>${link}</link>`,
      `<guid isPermaLink="true">${link}</guid>`,
      date ? `<pubDate>${rssDate(date)}</pubDate>` : '',
      summary ? `<description>${xml(summary)}</description>` : '',
      author ? `<dc:creator>${xml(author)}</dc:creator>` : '',
      section ? `<category>${xml(section)}</category>` : '',
      '</item>',
    ].join('');
  });
  const newest = posts
    .map((p) => itemModified(p) ?? '')
    .sort()
    .at(-1);
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${xml(categoryPage?.group ? `${identity.name}: ${categoryPage.group.label}` : identity.name)}</title>`,
    `<link>${xml(url(categoryPage?.path ?? blog.listing))}</link>`,
    `<description>${xml(identity.description)}</description>`,
    `<language>${xml(identity.language.toLowerCase())}</language>`,
    `<atom:link href="${xml(origin + feedPath(site, category))}" rel="self" type="application/rss+xml"/>`,
    newest ? `<lastBuildDate>${rssDate(newest)}</lastBuildDate>` : '',
  ];
  return `${[...head, ...items, '</channel>', '</rss>'].filter(Boolean).join('\n')}\n`;
}
