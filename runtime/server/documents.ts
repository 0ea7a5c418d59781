/**
 * Each site's documents for search engines and feed readers (runtime/serves.ts lists them):
 * made once per site version like pages, and afresh each day, as a sitemap leaves out days to come.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SITE_DOCUMENTS, type SiteDocument } from '../serves.ts';
import type { Site } from '../site.ts';
import { knowsSite } from '../fleet.ts';
import { SITE_ROUTE } from './site-request.ts';
import { MESSAGES } from './messages.ts';
import { CachedBody, sendCached } from './cached.ts';
import type { FleetHolder } from './reload.ts';
import type { PageCache } from './site-pages.ts';

const REVALIDATE = 'public, max-age=0, must-revalidate';
const today = () => new Date().toISOString().slice(0, 10);

/** Documents by site version; the cache hangs off the Site object, so a reloaded site starts afresh. */
class DocumentCache {
  private bySite = new WeakMap<Site, Map<string, CachedBody | null>>();
  private day = today();

  get(site: Site, key: string, make: () => CachedBody | null): CachedBody | null {
    if (this.day !== today()) {
      this.bySite = new WeakMap();
      this.day = today();
    }
    let map = this.bySite.get(site);
    if (!map) this.bySite.set(site, (map = new Map<string, CachedBody | null>()));
    let body = map.get(key);
    if (body === undefined) map.set(key, (body = make()));
    return body;
  }
}

export interface DocumentsOptions {
  holder: FleetHolder;
  origin: string;
  /** For the site's own 404 page when a site has no such document. */
  pages: PageCache;
  /** A document as it is sent (a site at its own domain: see domains.ts). */
  rewrite: (site: Site, text: string) => string;
}

/** Registers a route per document; Fastify's static routes win over the /:site/* pages. */
export async function documentsPlugin(app: FastifyInstance, { holder, origin, pages, rewrite }: DocumentsOptions) {
  const cache = new DocumentCache();

  // The site hook (site-request.ts) has found the site, and forwarded an address that is not canonical or not on the site's domain.
  const serve = async (request: FastifyRequest<{ Params: { site: string } }>, reply: FastifyReply, doc: SiteDocument) => {
    const site = request.site;
    if (!site) {
      if (!knowsSite(holder.current, request.params.site)) return reply.callNotFound();
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .header('retry-after', '60')
        .type('text/plain; charset=utf-8')
        .send(`${MESSAGES.documents.siteUnavailable}\n`);
    }
    const variant = doc.variant?.(site, request.query as Record<string, unknown>);
    const found =
      variant === false
        ? null
        : cache.get(site, `${doc.path} ${variant ?? ''}`, () => {
            const text = doc.make(site, { origin, today: today() }, variant);
            return text === undefined ? null : new CachedBody(Buffer.from(rewrite(site, text)), doc.type);
          });
    if (!found) return pages.send(request, reply, site, doc.path, {});
    return sendCached(request, reply, found, REVALIDATE);
  };

  for (const doc of SITE_DOCUMENTS) app.get<{ Params: { site: string } }>(`/:site${doc.path}`, SITE_ROUTE, (request, reply) => serve(request, reply, doc));
}
