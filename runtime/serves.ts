/**
 * What a site serves, in one list the server and the static export both read: its pages, its
 * "page not found" page, its documents for search engines and feed readers, and its media.
 */
import { blogOf } from './render/structured-data.ts';
import { feedXml, sitemapXml } from './render/feeds.ts';
import type { Site, Target } from './site.ts';

export interface SiteDocument {
  /** Its address inside the site. */
  path: string;
  type: string;
  /**
   * Which variant a query string asks for: undefined for the document itself, false when no such
   * variant exists. Only variants that exist are made, so odd query strings cannot fill a cache.
   */
  variant?(site: Site, query: Readonly<Record<string, unknown>>): string | undefined | false;
  /** The document, or undefined when the site has none (a feed without a blog). */
  make(site: Site, at: { origin: string; today: string }, variant?: string): string | undefined;
}

export const SITE_DOCUMENTS: readonly SiteDocument[] = [
  // What crawlers read at a site's own domain (the platform's robots.txt lists every site's sitemap).
  {
    path: '/robots.txt',
    type: 'text/plain; charset=utf-8',
    make: (site, { origin }) => `User-agent: *\nAllow: /\n\nSitemap: ${origin}/${site.prefix}/sitemap.xml\n`,
  },
  { path: '/sitemap.xml', type: 'application/xml; charset=utf-8', make: (site, { origin, today }) => sitemapXml(site, origin, today) },
  {
    path: '/feed.xml',
    type: 'application/rss+xml; charset=utf-8',
    variant: (site, { category }) =>
      category === undefined ? undefined : typeof category === 'string' && blogOf(site)?.categories.has(category) ? category : false,
    make: (site, { origin }, category) => feedXml(site, origin, category),
  },
];

/** The address of a site's "page not found" page as it is rendered (the export's 404.html). */
export const NOT_FOUND_PATH = '/404';

export interface SiteServes {
  pages: readonly Target[];
  documents: readonly SiteDocument[];
  /** Files of sites/<prefix>/media, relative to that folder. */
  media: ReadonlySet<string>;
}

export const servesOf = (site: Site): SiteServes => ({ pages: site.targets, documents: SITE_DOCUMENTS, media: site.media });
