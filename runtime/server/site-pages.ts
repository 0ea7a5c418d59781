import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PerRequestSlot, VisitorState } from '../../blocks/types.ts';
import { placeholder, renderNotFound, renderPage, type PageAssets, type RenderedPage } from '../render/page.tsx';
import { NOT_FOUND_PATH } from '../serves.ts';
import type { Site, Target } from '../site.ts';
import { CachedBody, sendCached, sendOnce } from './cached.ts';

const HTML = 'text/html; charset=utf-8';
const REVALIDATE = 'public, max-age=0, must-revalidate';
const today = () => new Date().toISOString().slice(0, 10);

/** No path can contain a space, so this key never meets a real page. */
const NOT_FOUND_KEY = ' 404';

/** Reads what a page's loading blocks need for one request (a receipt from the ledger, a cart by its cookie), by block type. */
export type PageLoader = (site: Site, target: Target, query: Record<string, string>, cookieHeader: string | undefined) => Promise<Record<string, unknown>>;
/** The JSON a block's island reads from its page, or undefined when the page shows no such block. */
export type PageData = (site: Site, target: Target, query: Record<string, string>, type: string) => Promise<unknown>;

/** The value of each per-visitor slot, made afresh for every request (a form's signed time stamp). */
export type SlotValues = Record<PerRequestSlot, () => string>;

/** A page with per-visitor slots: its bytes cut at each placeholder, to be joined around this visitor's values. */
class SlottedPage {
  private readonly parts: Buffer[] = [];
  private readonly slots: PerRequestSlot[] = [];

  constructor(html: string, slots: readonly PerRequestSlot[]) {
    const names = new Map(slots.map((slot) => [placeholder(slot), slot]));
    const pattern = new RegExp([...names.keys()].join('|'), 'g');
    let at = 0;
    for (const m of html.matchAll(pattern)) {
      this.parts.push(Buffer.from(html.slice(at, m.index)));
      this.slots.push(names.get(m[0]) as PerRequestSlot);
      at = m.index + m[0].length;
    }
    this.parts.push(Buffer.from(html.slice(at)));
  }

  fill(values: SlotValues): Buffer {
    const made = new Map<PerRequestSlot, Buffer>();
    const pieces: Buffer[] = [];
    this.parts.forEach((part, i) => {
      pieces.push(part);
      const slot = this.slots[i];
      if (slot === undefined) return;
      let value = made.get(slot);
      if (!value) made.set(slot, (value = Buffer.from(values[slot]())));
      pieces.push(value);
    });
    return Buffer.concat(pieces);
  }
}

interface Entry {
  cached: CachedBody;
  status: number;
  islands: string[];
  noStore: boolean;
  /** The page reads data per request: never sent from the cache. */
  loads: boolean;
  /** Set when the page has per-visitor slots: it is never sent as cached, only filled. */
  slotted?: SlottedPage;
}

/**
 * A page is a pure function of (site version, path): rendered once, kept as bytes, compressed
 * once. A page with per-visitor parts (a form's time stamp) is also rendered once, with
 * placeholders that are filled per request. The cache hangs off the Site object, so a reloaded
 * site starts with an empty one and the old entries go with the old version.
 */
export class PageCache {
  private bySite = new WeakMap<Site, Map<string, Entry>>();

  constructor(
    private readonly origin: string,
    private readonly assetsFor: (site: Site) => PageAssets,
    private readonly slots: SlotValues = { token: () => '' },
    private readonly loader?: PageLoader,
    private readonly data?: PageData,
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
    const entry: Entry = {
      cached: new CachedBody(Buffer.from(page.html), HTML),
      status: page.status,
      islands: page.islands,
      noStore: page.noStore,
      loads: page.loads,
      slotted: page.perRequest.length ? new SlottedPage(page.html, page.perRequest) : undefined,
    };
    this.entries(site).set(key, entry);
    return entry;
  }

  page(site: Site, target: Target): Entry {
    return (
      this.entries(site).get(target.path) ?? this.store(site, target.path, renderPage(site, target, { origin: this.origin, assets: this.assetsFor(site) }))
    );
  }

  notFound(site: Site): Entry {
    return (
      this.entries(site).get(NOT_FOUND_KEY) ??
      this.store(site, NOT_FOUND_KEY, renderNotFound(site, NOT_FOUND_PATH, { origin: this.origin, assets: this.assetsFor(site) }))
    );
  }

  private visitor(): Record<PerRequestSlot, string> {
    return Object.fromEntries(Object.entries(this.slots).map(([slot, make]) => [slot, make()])) as Record<PerRequestSlot, string>;
  }

  /**
   * A page rendered for one visitor: after a refused post (their answers and the messages for the
   * block `posted.key`), or with a query string an island reads. Never shared between visitors.
   */
  sendFresh(
    request: FastifyRequest,
    reply: FastifyReply,
    site: Site,
    target: Target,
    opts: { query?: Record<string, string>; posted?: { key: string; state: VisitorState }; status?: number; loaded?: Record<string, unknown> } = {},
  ) {
    const page = renderPage(
      site,
      target,
      { origin: this.origin, assets: this.assetsFor(site), query: opts.query, visitor: { ...this.visitor(), posted: opts.posted, loaded: opts.loaded } },
      opts.status,
    );
    return sendOnce(request, reply, Buffer.from(page.html), HTML, page.noStore ? 'no-store' : 'private, no-cache', page.status);
  }

  /** What the page's blocks read per request for this query (nothing when the server has no services). */
  load(site: Site, target: Target, query: Record<string, string>, cookieHeader: string | undefined): Promise<Record<string, unknown>> {
    return this.loader ? this.loader(site, target, query, cookieHeader) : Promise.resolve({});
  }

  /** A page whose blocks read data per request: read it, then render the page for this visitor alone. */
  private async sendLoaded(request: FastifyRequest, reply: FastifyReply, site: Site, target: Target, query: Record<string, string>) {
    const loaded = this.loader ? await this.loader(site, target, query, request.headers.cookie) : {};
    return this.sendFresh(request, reply, site, target, { query, loaded });
  }

  /** A block's data for its island, as JSON; 404 when the page shows no block that offers it. */
  private async sendData(reply: FastifyReply, site: Site, target: Target, query: Record<string, string>) {
    const { _data: type = '', ...rest } = query;
    const json = this.data ? await this.data(site, target, rest, type) : undefined;
    reply.header('cache-control', 'no-store');
    if (json === undefined) return reply.code(404).type('application/json').send({ error: 'This page has no such data.' });
    return reply.type('application/json; charset=utf-8').send(json);
  }

  /** Serves one address of a site; a page with islands and a query string is rendered for that query. */
  send(request: FastifyRequest, reply: FastifyReply, site: Site, path: string, query: Record<string, string>) {
    const match = site.router.match(path);
    if (match.kind === 'none') {
      const entry = this.notFound(site);
      return sendCached(request, reply, entry.cached, 'no-cache', 404);
    }
    const entry = this.page(site, match.target);
    if (entry.loads && query._data !== undefined) return this.sendData(reply, site, match.target, query);
    if (entry.loads) return this.sendLoaded(request, reply, site, match.target, query);
    if (entry.islands.length && Object.keys(query).length) return this.sendFresh(request, reply, site, match.target, { query });
    if (entry.slotted || entry.noStore)
      return sendOnce(
        request,
        reply,
        entry.slotted?.fill(this.slots) ?? entry.cached.body,
        HTML,
        entry.noStore ? 'no-store' : 'private, no-cache',
        entry.status,
      );
    return sendCached(request, reply, entry.cached, REVALIDATE);
  }
}
