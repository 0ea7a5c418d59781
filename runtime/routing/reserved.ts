/** First path segments the platform answers itself; no site may take one as its prefix. */
export const RESERVED_PREFIXES = [
  'api',
  'assets',
  'contacts',
  'payments',
  'robots.txt',
  'favicon.ico',
  'sitemap.xml',
  'health',
  'static',
  'admin',
  'sitewright',
] as const;

/** First segments inside a site that the platform answers for every site. */
export const RESERVED_SITE_SEGMENTS = ['media', 'sitemap.xml', 'feed.xml', 'robots.txt', 'desk'] as const;

/** A site prefix: one lowercase word of letters and digits, starting with a letter. */
export const PREFIX_PATTERN = /^[a-z][a-z0-9]{1,39}$/;

export function isReservedPrefix(prefix: string): boolean {
  return (RESERVED_PREFIXES as readonly string[]).includes(prefix);
}
