/**
 * Sites at their own domains. A request whose Host is a site's domain is routed as the site's
 * own address under its prefix, and what it is sent back is rewritten once, when it is made:
 * every address of the site the renderer wrote as /<prefix>/… becomes /…, and every absolute one
 * (canonical links, the sitemap, the feed) becomes https://<domain>/…. The platform's own paths
 * (stylesheets, contact links, payments) stay as they are on every domain.
 */
import type { IncomingMessage } from 'node:http';
import type { Fleet } from '../fleet.ts';
import { forwardPath, forwardQuery } from './forward-path.ts';

/** First segments that stay the platform's own on a site's domain. */
const PLATFORM_SEGMENTS = new Set(['assets', 'contacts', 'payments', 'api', 'health', 'static', 'admin', 'sitewright']);

/** What a request that came in on a site's domain carries. */
export interface DomainRequest {
  domain: string;
  prefix: string;
  /** The path asked for named the prefix itself (/<prefix>/…): a GET is sent to the address without it. */
  prefixed: boolean;
}

const MARK = Symbol('sitewright domain');

/** The domain a request came in on, when it is a site's. */
export const domainOf = (raw: IncomingMessage): DomainRequest | undefined => (raw as IncomingMessage & { [MARK]?: DomainRequest })[MARK];

/** The lowercase host name of a request, without its port. */
function hostName(raw: IncomingMessage): string {
  const host = (raw.headers.host ?? '').toLowerCase();
  return host.startsWith('[') ? host : host.replace(/:\d+$/, '');
}

/**
 * The path to route a request by: on a site's domain, the site's path under its prefix (marking
 * the request as that domain's); otherwise the path as it came.
 */
export function routeDomain(raw: IncomingMessage, path: string, fleet: Pick<Fleet, 'domains'>): string {
  if (!fleet.domains.size) return path;
  const domain = hostName(raw);
  const prefix = fleet.domains.get(domain);
  if (!prefix) return path;
  const first = /^\/([^/?#]*)/.exec(path)?.[1] ?? '';
  const prefixed = first.toLowerCase() === prefix;
  (raw as IncomingMessage & { [MARK]?: DomainRequest })[MARK] = { domain, prefix, prefixed };
  if (prefixed || PLATFORM_SEGMENTS.has(first)) return path;
  return `/${prefix}${path === '/' ? '' : path.startsWith('/?') ? path.slice(1) : path}`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A page, document or header value as it is sent on the site's domain. */
export function rewriteForDomain(text: string, prefix: string, origin: string, domain: string): string {
  const home = `https://${domain}`;
  return (
    text
      // Absolute addresses: the canonical link, Open Graph, JSON-LD, the sitemap, the feed.
      .replace(new RegExp(`${escape(origin)}/${prefix}(?=[/?#"'<\\s]|$)(/?)`, 'g'), `${home}/`)
      // Addresses inside the site, in attributes, JSON and srcset lists.
      .replace(new RegExp(`(^|["'(,;\\s])/${prefix}(?=[/?#"'\\s]|$)/?`, 'g'), '$1/')
  );
}

/**
 * Where a request for a site with a domain of its own must go instead, or undefined when it is
 * where it should be: its platform address (and any other domain of the site) goes to the
 * site's first domain, keeping the path and query; an address on the domain that names the
 * prefix goes to the same address without it. A post keeps its method and body (308). The path
 * is what the visitor typed, so it is made safe first (forward-path.ts): never `//evil.example`.
 */
export function domainRedirect(raw: IncomingMessage, domains: readonly string[] | undefined, prefix: string, rest: string, search: string): string | undefined {
  const primary = domains?.[0];
  if (!primary) return undefined;
  const on = domainOf(raw);
  const path = forwardPath(rest);
  const query = forwardQuery(search);
  if (!on || on.domain !== primary || on.prefix !== prefix) return `https://${primary}${path}${query}`;
  if (on.prefixed && (raw.method === 'GET' || raw.method === 'HEAD')) return `${path}${query}`;
  return undefined;
}

/** The status of such a redirect: 301 for a page, 308 for a post (sent again, with its body, to the new address). */
export const redirectStatus = (raw: IncomingMessage) => (raw.method === 'GET' || raw.method === 'HEAD' ? 301 : 308);
