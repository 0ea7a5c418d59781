import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderNotFound, renderPage, type PageAssets, type RenderedPage } from '../render/page.tsx';
import type { RenderContext } from '../render/context.tsx';
import type { Site, Target } from '../site.ts';
import { CachedBody, sendCached } from './cached.ts';

const HTML = 'text/html; charset=utf-8';
const REVALIDATE = 'public, max-age=0, must-revalidate';
const today = () => new Date().toISOString().slice(0, 10);

/** No path can contain a space, so this key never meets a real page. */
const NOT_FOUND_KEY = ' 404';

interface Entry {
  cached: CachedBody;
  status: number;
  islands: string[];
}

type Forms = NonNullable<RenderContext['forms']>;

/**
 * A page is a pure function of (site version, path): rendered once, kept as bytes, compressed
 * once. The cache hangs off the Site object, so a reloaded site starts with an empty one and
 * the old entries go with the old version.
 */
export class PageCache {
  private bySite = new WeakMap<Site, Map<string, Entry>>();

  constructor(
    private readonly origin: string,
    private readonly assetsFor: (site: Site) => PageAssets,
    /** A fresh signed time stamp for a page with a form. */
    private readonly formToken: () => string = () => '',
  ) {}

  private day = today();

  private entries(site: Site): Map<string, Entry> {
    // Pages that show upcoming events or open jobs depend on the date: start afresh each day.
    if (this.day !== today()) {
      this.bySite = new WeakMap();
      this.day = today();
    }
    let map = this.bySite.get(site);
    if (!map) {
      map = new Map();
      this.bySite.set(site, map);
    }
    return map;
  }

  private store(site: Site, key: string, page: RenderedPage): Entry {
    const entry = { cached: new CachedBody(Buffer.from(page.html), HTML), status: page.status, islands: page.islands };
    this.entries(site).set(key, entry);
    return entry;
  }

  page(site: Site, target: Target): Entry {
    return this.entries(site).get(target.path) ?? this.store(site, target.path, renderPage(site, target, { origin: this.origin, assets: this.assetsFor(site) }));
  }

  notFound(site: Site): Entry {
    return this.entries(site).get(NOT_FOUND_KEY) ?? this.store(site, NOT_FOUND_KEY, renderNotFound(site, '/404', { origin: this.origin, assets: this.assetsFor(site) }));
  }

  /**
   * A page for one visitor: a form carries a fresh time stamp and, after a post, the visitor's
   * answers and errors. Never shared between visitors; never stored at all for personal data.
   */
  sendFresh(request: FastifyRequest, reply: FastifyReply, site: Site, target: Target, opts: { query?: Record<string, string>; forms?: Omit<Forms, 'token'>; status?: number } = {}) {
    const page = renderPage(site, target, { origin: this.origin, assets: this.assetsFor(site), query: opts.query, forms: { token: this.formToken(), ...opts.forms } }, opts.status);
    return sendCached(request, reply, new CachedBody(Buffer.from(page.html), HTML), page.noStore ? 'no-store' : 'private, no-cache', page.status);
  }

  /** Serves one address of a site; a page with islands and a query string is rendered for that query. */
  send(request: FastifyRequest, reply: FastifyReply, site: Site, path: string, query: Record<string, string>) {
    const match = site.router.match(path);
    if (match.kind === 'none') {
      const entry = this.notFound(site);
      return sendCached(request, reply, entry.cached, 'no-cache', 404);
    }
    const entry = this.page(site, match.target);
    if (entry.islands.includes('form')) {
      const sent = query.sent;
      return this.sendFresh(request, reply, site, match.target, { query, forms: sent ? { id: sent, state: { sent: true } } : undefined });
    }
    if (entry.islands.length && Object.keys(query).length) return this.sendFresh(request, reply, site, match.target, { query });
    return sendCached(request, reply, entry.cached, REVALIDATE);
  }
}
