import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PerRequestSlot, VisitorState } from '../../blocks/contract.ts';
import { renderNotFound, renderPage, type PageAssets, type RenderedPage } from '../render/page.tsx';
import { SlottedPage, type SlotValues } from './slotted-page.ts';
import { NOT_FOUND_PATH } from '../serves.ts';
import type { Site, Target } from '../site.ts';
import { addDays, localDate, zonedTimeToUtc } from '../services/time.ts';
import { CachedBody, sendCached, sendFilled, sendOnce, type Encoding } from './cached.ts';
import { MESSAGES } from './messages.ts';
import { withFrames } from './security-headers.ts';

export type { SlotValues } from './slotted-page.ts';

const HTML = 'text/html; charset=utf-8';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/** How many bytes of pages (with their compressed forms) the cache keeps by default; the least recently asked for go first. */
export const PAGE_CACHE_BYTES = 128 * 1024 * 1024;

/** No path can contain a space, so this key never meets a real page. */
const NOT_FOUND_KEY = ' 404';

/** Reads what a page's loading blocks need for one request (a receipt from the ledger, a cart by its cookie), by block type. */
export type PageLoader = (site: Site, target: Target, query: Record<string, string>, cookieHeader: string | undefined) => Promise<Record<string, unknown>>;
/** The JSON a block's island reads from its page, or undefined when the page shows no such block. */
export type PageData = (site: Site, target: Target, query: Record<string, string>, type: string) => Promise<unknown>;

/**
 * Work on a site's pages rendered for each visitor (a booking calendar, a query an island reads),
 * one at a time per site, each next one started on a later turn of the event loop: a site whose
 * heaviest page is hammered answers those requests in turn, while every other site's pages, and
 * its own cached ones, are answered in between.
 */
class Turns {
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  async take<T>(work: () => T | Promise<T>): Promise<T> {
    // Never started from where the request was read: requests that arrive together would then run
    // back to back (each done before the next is read), and nothing else would be answered meanwhile.
    await new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      if (!this.busy) {
        this.busy = true;
        setImmediate(() => this.waiting.shift()?.());
      }
    });
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // After the I/O that came in meanwhile (setImmediate), not before it (a resolved promise).
      if (next) setImmediate(next);
      else this.busy = false;
    }
  }
}

interface Entry {
  cached: CachedBody;
  status: number;
  islands: readonly string[];
  noStore: boolean;
  /** The page reads data per request: never sent from the cache. */
  loads: boolean;
  /** Set when the page has per-visitor slots: it is never sent as cached, only filled. */
  slotted?: SlottedPage;
  /** The origins the page may frame (a map): its Content-Security-Policy names them. */
  frames: readonly string[];
  /** Its headers (the security headers, with its own policy when it frames another origin), written with it as it is sent from the cache. */
  headers: readonly string[];
  /** The answer's headers for each encoding and the bytes they describe, made once per form: a hit is then one write. */
  heads: Partial<Record<Encoding | 'identity', { bytes: Buffer; head: string[] }>>;
  /** Bytes held, for the cache's budget. */
  size: number;
  /** From this time (epoch ms) the page, made again, would differ (a form's "today" after the site's midnight): it is made again. */
  changesAt?: number;
}

export interface PageCacheOptions {
  origin: string;
  assetsFor: (site: Site) => PageAssets;
  /** Per-visitor values (a form's signed time stamp); without them, slots are left empty. */
  slots?: SlotValues;
  loader?: PageLoader;
  data?: PageData;
  /** Keep rendered pages (default); off, every request renders its page. */
  keep?: boolean;
  /** The headers every answer carries (security headers), written with a cached page in one go. */
  headers?: Readonly<Record<string, string>>;
  /** The most bytes of pages kept (default PAGE_CACHE_BYTES): least recently asked for go first. */
  budget?: number;
  /** Every page as it is sent, once when it is made (a site at its own domain: see domains.ts). */
  rewrite?: (site: Site, html: string) => string;
  /** The clock pages are made and kept by, in epoch ms (tests move it); Date.now when absent. */
  now?: () => number;
}

/**
 * A page is a pure function of (site version, path): rendered once, kept as bytes, compressed
 * once at the best levels off the event loop. A page with per-visitor parts (a form's time
 * stamp) is also rendered once, with placeholders that are filled per request. Entries are keyed
 * by site version, so a reloaded site starts afresh; the cache holds at most `budget` bytes, the
 * pages least recently asked for going first, however many sites and pages are visited.
 */
export class PageCache {
  private readonly lru = new Map<string, Entry>();
  private bytes = 0;
  private readonly versions = new Map<string, string>();
  private readonly origin: string;
  private readonly assetsFor: (site: Site) => PageAssets;
  private readonly slots: SlotValues;
  private readonly loader?: PageLoader;
  private readonly data?: PageData;
  private readonly keep: boolean;
  private readonly headers: Readonly<Record<string, string>>;
  private readonly budget: number;
  private readonly turns = new Map<string, Turns>();
  private readonly rewrite: (site: Site, html: string) => string;
  private readonly now: () => number;

  constructor(options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.rewrite = options.rewrite ?? ((_site, html) => html);
    this.origin = options.origin;
    this.assetsFor = options.assetsFor;
    this.slots = options.slots ?? { token: () => '' };
    this.loader = options.loader;
    this.data = options.data;
    this.keep = options.keep ?? true;
    this.headers = options.headers ?? {};
    this.budget = options.budget ?? PAGE_CACHE_BYTES;
  }

  /** Bytes the cache holds now. */
  get size(): number {
    return this.bytes;
  }

  private key(site: Site, path: string): string {
    // A new version of a site: its old pages are of no more use.
    const version = this.versions.get(site.prefix);
    if (version !== site.version) {
      if (version !== undefined) this.forget(`${site.prefix}\n`);
      this.versions.set(site.prefix, site.version);
    }
    return `${site.prefix}\n${site.version}\n${path}`;
  }

  private forget(start: string) {
    for (const [key, entry] of this.lru) {
      if (!key.startsWith(start)) continue;
      this.lru.delete(key);
      this.bytes -= entry.size;
    }
  }

  private get(key: string): Entry | undefined {
    const entry = this.lru.get(key);
    if (entry) {
      // Most recently asked for last: eviction takes from the front.
      this.lru.delete(key);
      this.lru.set(key, entry);
    }
    return entry;
  }

  private evict() {
    for (const [key, entry] of this.lru) {
      if (this.bytes <= this.budget || this.lru.size <= 1) break;
      this.lru.delete(key);
      this.bytes -= entry.size;
    }
  }

  private store(key: string, site: Site, rendered: RenderedPage): Entry {
    const page = { ...rendered, html: this.rewrite(site, rendered.html) };
    const cached = new CachedBody(Buffer.from(page.html), HTML);
    const slotted = page.perRequest.length ? new SlottedPage(page.html, page.perRequest) : undefined;
    const entry: Entry = {
      cached,
      status: page.status,
      islands: page.islands,
      noStore: page.noStore,
      loads: page.loads,
      slotted,
      frames: page.frames,
      headers: Object.entries(withFrames(this.headers, page.frames)).flat(),
      heads: {},
      size: cached.body.length + (slotted?.size ?? 0),
      // Pages that show upcoming events or open jobs depend on the day: made again at the site's next midnight, at the latest.
      changesAt: Math.min(page.changesAt ?? Infinity, nextMidnight(site, this.now())),
    };
    if (!this.keep) return entry;
    this.lru.set(key, entry);
    this.bytes += entry.size;
    // Only a page sent as it is needs its compressed forms.
    if (!slotted && !page.noStore && !page.loads) {
      cached.compressLater((delta) => {
        // Counted as they are made, while the page is kept.
        if (this.lru.get(key) !== entry) return;
        this.bytes += delta;
        entry.size += delta;
        this.evict();
      });
    }
    this.evict();
    return entry;
  }

  /** The page kept under `key` while it is still what making it now would give; otherwise undefined, and it is let go. */
  private current(key: string): Entry | undefined {
    const entry = this.get(key);
    if (!entry || entry.changesAt === undefined || this.now() < entry.changesAt) return entry;
    this.lru.delete(key);
    this.bytes -= entry.size;
    return undefined;
  }

  page(site: Site, target: Target): Entry {
    const key = this.key(site, target.path);
    return this.current(key) ?? this.store(key, site, renderPage(site, target, { origin: this.origin, assets: this.assetsFor(site), now: this.now() }));
  }

  notFound(site: Site): Entry {
    const key = this.key(site, NOT_FOUND_KEY);
    return (
      this.current(key) ?? this.store(key, site, renderNotFound(site, NOT_FOUND_PATH, { origin: this.origin, assets: this.assetsFor(site), now: this.now() }))
    );
  }

  /**
   * A cached page as it is, in one write of headers made once per encoding, past Fastify's reply
   * machinery: this is the answer to nearly every request, and costs a lookup and a write.
   */
  private sendHit(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
    if (request.headers['if-none-match'] === entry.cached.etag) return sendCached(request, reply, entry.cached, REVALIDATE, entry.status);
    const { bytes, encoding } = entry.cached.encoded(request.headers['accept-encoding']);
    const made = entry.heads[encoding ?? 'identity'];
    // A compressed form is made again, smaller, once a page is asked for twice: its length changes then.
    const head =
      made?.bytes === bytes
        ? made.head
        : (entry.heads[encoding ?? 'identity'] = {
            bytes,
            head: [
              ...entry.headers,
              'content-type',
              HTML,
              'cache-control',
              REVALIDATE,
              'etag',
              entry.cached.etag,
              'vary',
              'accept-encoding',
              ...(encoding ? ['content-encoding', encoding] : []),
              'content-length',
              String(bytes.length),
            ],
          }).head;
    reply.hijack();
    reply.raw.writeHead(entry.status, head);
    reply.raw.end(bytes);
    return reply;
  }

  /**
   * A page that may frame another origin (a map) carries its own policy, on every way it is sent;
   * any other answer gets the usual one from the reply hook (reply-headers.ts).
   */
  private framing(reply: FastifyReply, frames: readonly string[]) {
    const policy = frames.length ? withFrames(this.headers, frames)['content-security-policy'] : undefined;
    if (policy !== undefined) reply.header('content-security-policy', policy);
  }

  private visitor(): Record<PerRequestSlot, string> {
    return Object.fromEntries(Object.entries(this.slots).map(([slot, make]) => [slot, make()])) as Record<PerRequestSlot, string>;
  }

  /**
   * A page rendered for one visitor: after a refused post (their answers and the messages for the
   * block `posted.key`), or with a query string an island reads. Never shared between visitors.
   * `token` is the time stamp its forms carry instead of a new one (the one the visitor's form had).
   */
  sendFresh(
    request: FastifyRequest,
    reply: FastifyReply,
    site: Site,
    target: Target,
    opts: {
      query?: Record<string, string>;
      posted?: { key: string; state: VisitorState };
      status?: number;
      loaded?: Record<string, unknown>;
      token?: string;
    } = {},
  ) {
    const page = renderPage(
      site,
      target,
      {
        origin: this.origin,
        assets: this.assetsFor(site),
        query: opts.query,
        now: this.now(),
        visitor: { ...this.visitor(), ...(opts.token ? { token: opts.token } : {}), posted: opts.posted, loaded: opts.loaded },
      },
      opts.status,
    );
    this.framing(reply, page.frames);
    return sendOnce(request, reply, Buffer.from(this.rewrite(site, page.html)), HTML, page.noStore ? 'no-store' : 'private, no-cache', page.status);
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

  private turn<T>(site: Site, work: () => T | Promise<T>): Promise<T> {
    let turns = this.turns.get(site.prefix);
    if (!turns) {
      turns = new Turns();
      this.turns.set(site.prefix, turns);
    }
    return turns.take(work);
  }

  /** A block's data for its island, as JSON; 404 when the page shows no block that offers it. */
  private async sendData(reply: FastifyReply, site: Site, target: Target, query: Record<string, string>) {
    const { _data: type = '', ...rest } = query;
    const json = this.data ? await this.data(site, target, rest, type) : undefined;
    reply.header('cache-control', 'no-store');
    if (json === undefined) return reply.code(404).type('application/json').send({ error: MESSAGES.documents.noSuchData });
    return reply.type('application/json; charset=utf-8').send(json);
  }

  /** Serves one address of a site; a page with islands and a query string is rendered for that query. */
  send(request: FastifyRequest, reply: FastifyReply, site: Site, path: string, query: Record<string, string>) {
    const match = site.router.match(path);
    if (match.kind === 'none') {
      const entry = this.notFound(site);
      this.framing(reply, entry.frames);
      return sendCached(request, reply, entry.cached, 'no-cache', 404);
    }
    const entry = this.page(site, match.target);
    if (entry.loads && query._data !== undefined) return this.turn(site, () => this.sendData(reply, site, match.target, query));
    if (entry.loads) return this.turn(site, () => this.sendLoaded(request, reply, site, match.target, query));
    if (entry.islands.length && Object.keys(query).length) return this.turn(site, () => this.sendFresh(request, reply, site, match.target, { query }));
    this.framing(reply, entry.frames);
    if (entry.noStore) return sendOnce(request, reply, entry.slotted?.fill(this.slots) ?? entry.cached.body, HTML, 'no-store', entry.status);
    if (entry.slotted) return sendFilled(request, reply, entry.slotted.filled(this.slots), entry.status);
    return this.sendHit(request, reply, entry);
  }
}

/** When the site's next day starts, in its own time zone (UTC when it names none), in epoch ms. */
function nextMidnight(site: Site, now: number): number {
  const zone = site.data.site.timeZone ?? 'UTC';
  return zonedTimeToUtc(addDays(localDate(now, zone), 1), '00:00', zone);
}
