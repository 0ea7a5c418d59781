/**
 * What every site answers for search engines and feed readers: /<prefix>/sitemap.xml and, for a
 * site with a blog, /<prefix>/feed.xml (RSS 2.0) and /<prefix>/feed.xml?category=<slug>.
 * The XML is written by hand: two small fixed shapes whose only variable parts are text and
 * addresses, escaped by xml() below, need no library.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { itemSummary, itemTitle } from '../render/items.ts';
import { publicPath } from '../render/page-path.ts';
import { blogOf, feedPath } from '../render/structured-data.ts';
import type { Item, Site, Target } from '../site.ts';
import { CachedBody, sendCached } from './cached.ts';
import type { FleetHolder } from './reload.ts';
import type { PageCache } from './site-pages.ts';

const REVALIDATE = 'public, max-age=0, must-revalidate';
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

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** When an item last changed, as far as its content says: a post's update or date, news and events by date, a job by when it was posted. */
export function itemModified(item: Item): string | undefined {
  const d = item.data;
  switch (item.kind) {
    case 'post': return str(d.updated) ?? str(d.date);
    case 'news': case 'event': return str(d.date);
    case 'job': return str(d.posted);
    default: return undefined;
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
    const [date, summary, author, section] = [str(post.data.date), itemSummary(post), str(post.data.author), str(post.data.category)];
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
  const newest = posts.map((p) => itemModified(p) ?? '').sort().at(-1);
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

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Sitemaps and feeds, made once per site version like pages: the cache hangs off the Site
 * object, so a reloaded site starts afresh. It also starts afresh each day, as a sitemap leaves out days to come.
 */
class XmlCache {
  private bySite = new WeakMap<Site, Map<string, CachedBody>>();
  private day = today();

  get(site: Site, key: string, make: () => CachedBody): CachedBody {
    if (this.day !== today()) {
      this.bySite = new WeakMap();
      this.day = today();
    }
    let map = this.bySite.get(site);
    if (!map) this.bySite.set(site, (map = new Map()));
    let body = map.get(key);
    if (!body) map.set(key, (body = make()));
    return body;
  }
}

export interface SeoOptions {
  holder: FleetHolder;
  origin: string;
  /** For the site's own 404 page when a site has no blog or no such category. */
  pages: PageCache;
}

/** Registers the routes; they must come before the /:site/* catch-all. */
export function registerSeo(app: FastifyInstance, { holder, origin, pages }: SeoOptions) {
  const cache = new XmlCache();
  const body = (text: string, type: string) => new CachedBody(Buffer.from(text), `${type}; charset=utf-8`);

  /** One site's document, found by `find`; a site's own 404 page when it has none. */
  const serve = (request: FastifyRequest<{ Params: { site: string } }>, reply: FastifyReply, path: string, find: (site: Site) => CachedBody | undefined) => {
    const prefix = request.params.site;
    const lower = prefix.toLowerCase();
    const site = holder.current.sites.get(lower);
    if (!site) {
      if (!holder.current.broken.has(lower)) return reply.callNotFound();
      return reply.code(503).header('cache-control', 'no-store').header('retry-after', '60').type('text/plain; charset=utf-8').send('This site is unavailable for a moment.\n');
    }
    if (prefix !== lower) return reply.redirect(request.url.replace(/^\/[^/?]*/, `/${lower}`), 301);
    const found = find(site);
    if (!found) return pages.send(request, reply, site, path, {});
    return sendCached(request, reply, found, REVALIDATE);
  };

  app.get<{ Params: { site: string } }>('/:site/sitemap.xml', (request, reply) =>
    serve(request, reply, '/sitemap.xml', (site) => cache.get(site, 'sitemap', () => body(sitemapXml(site, origin, today()), 'application/xml'))),
  );

  app.get<{ Params: { site: string }; Querystring: { category?: unknown } }>('/:site/feed.xml', (request, reply) => {
    const { category } = request.query;
    return serve(request, reply, '/feed.xml', (site) => {
      const blog = blogOf(site);
      // Only feeds that exist are made and kept, so odd query strings cannot fill the cache.
      if (!blog || (category !== undefined && (typeof category !== 'string' || !blog.categories.has(category)))) return undefined;
      return cache.get(site, `feed ${category ?? ''}`, () => body(feedXml(site, origin, category) as string, 'application/rss+xml'));
    });
  });
}
