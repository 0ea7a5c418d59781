import { loadedKey } from '../render/loaded-key.ts';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { CLIENT_DIR } from '../client/build.ts';
import { siteOf, type Fleet } from '../fleet.ts';
import { errorPage, notFoundPage, platformPage } from '../render/platform.ts';
import type { ActionServices, BlockRegistry } from '../../blocks/contract.ts';
import type { Site, Target } from '../site.ts';
import { outline } from '../render/outline.ts';
import { registerActions } from './actions.ts';
import { TEXT_BYTES } from './post-budget.ts';
import { readCookies } from './cookies.ts';
import { PostLimits, SignInLimits, type DeskLimits, type FormLimits } from './limits.ts';
import { deskRoutes } from '../desk/routes.ts';
import { Assets } from './assets.ts';
import { CachedBody, sendCached } from './cached.ts';
import { Contacts } from './contacts.ts';
import { AfterReply } from './after-reply.ts';
import { documentsPlugin } from './documents.ts';
import { domainOf, routeDomain, rewriteForDomain } from './domains.ts';
import { DEV_SCRIPT_URL, registerLiveReload } from './live-reload.ts';
import { platformRoutes } from './platform-routes.ts';
import type { FleetHolder, Reloader } from './reload.ts';
import { securityHeaders } from './security-headers.ts';
import { refuseWithoutHost } from './missing-host.ts';
import { siteRequestsPlugin } from './site-request.ts';
import { PageCache } from './site-pages.ts';
import { siteRoutes } from './site-routes.ts';
import { runScheduled, sweep } from './retention.ts';
import { propsOf } from '../render/outline.ts';
import { Payments } from '../payments/payments.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { TestProvider } from '../payments/test-provider.ts';
import { paymentRoutes } from './payment-routes.ts';
import { SearchLimit } from '../search/limit.ts';
import { StoreError } from '../store/store.ts';
import { ImageVariants } from '../images/maker.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface AppOptions {
  fleet: Fleet;
  /** The blocks sites may use (the registry the entry point hands in): for the stylesheet, the desk, payments and scheduled work. */
  blocks: BlockRegistry;
  /** The public origin used in canonical links, such as https://sites.example.com. */
  origin: string;
  /** The client entry URL; without it pages render fully but islands stay static. */
  clientEntry?: string;
  logger?: FastifyServerOptions['logger'];
  /** Swaps sites in and out while serving (on save in development, on SIGHUP in production); shares its fleet holder. */
  reloads?: Reloader;
  /** Development: broken sites show their problems, and open pages reload when their site changes. */
  dev?: boolean;
  /** Forms and contact links: where submissions are stored, how mail goes out, the signing key. */
  services?: Omit<ActionServices, 'contacts' | 'payments'>;
  /** Card payments through Stripe (see stripeFromEnv); without it every site takes money in test mode. */
  stripe?: PaymentProvider;
  /** How many form posts a visitor and a site may send (defaults: 20 a minute per visitor and site, 64 MiB of posts a minute per visitor, 600 per site in ten minutes counted in two-minute windows, 3 confirmation e-mails an hour per address, 1 automatic reply an hour per address and site). */
  formLimits?: FormLimits;
  /** How many sign-in requests the desk takes and links it sends (defaults: 20 requests an hour per visitor and site, 10 links a day per address and site). */
  deskLimits?: DeskLimits;
  /** Shared limits for several instances: a Redis client (REDIS_URL); without it, each process counts alone. */
  redis?: Redis;
  /** Keep rendered pages (the default). Off, every request renders its page: for measuring what the cache saves. */
  cachePages?: boolean;
  /** The most bytes of rendered pages kept (default 128 MiB, PAGE_CACHE_MB); the least recently asked for go first. */
  pageCacheBytes?: number;
  /** Searches one visitor may make on one site in a minute (default 120). */
  searchesPerMinute?: number;
  /**
   * Which proxies in front may say who the visitor is (X-Forwarded-For): a number of hops, or a
   * list of addresses and CIDR ranges. Unset, none: the visitor is the address that connected.
   */
  trustProxy?: number | string[];
  /** Where the sized copies of photos are kept and how many are made at once; unset, a folder in the system's temporary folder. */
  images?: ImageVariants;
}

/** TRUST_PROXY as the server takes it: "1" (hops), or "10.0.0.0/8,127.0.0.1" (addresses and ranges); unset or empty, none. */
export function parseTrustProxy(value: string | undefined): number | string[] | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  return /^\d+$/.test(text)
    ? Number(text)
    : text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
}

/** A request line may carry a full URL ("GET http://host/site/page"): route by its path. */
function pathOf(url: string | undefined): string {
  if (!url || url.startsWith('/')) return url ?? '/';
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '/';
  }
}

const HTML = 'text/html; charset=utf-8';

/** A request is logged by its path only: what a visitor searched for is never written beside their address. */
function withoutQueries(logger: NonNullable<AppOptions['logger']>): NonNullable<AppOptions['logger']> {
  if (typeof logger !== 'object' || 'info' in logger) return logger;
  const req = (request: { method: string; url: string; host?: string; ip?: string }) => ({
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
  });
  return { ...logger, serializers: { req, ...logger.serializers } };
}

/**
 * The whole platform as one Fastify app: assets, the platform's own pages, and every site
 * under its prefix. Each part is an encapsulated plugin; the fleet is read through a holder so
 * a reload can swap it whole.
 */
export async function buildApp(options: AppOptions) {
  const assets = await Assets.load(options.blocks);
  const headers = securityHeaders({ hsts: options.origin.startsWith('https://') });
  const app = Fastify({
    logger: withoutQueries(options.logger ?? false),
    // A hop count trusts that many proxies nearest the server, as proxy-addr does for a number.
    trustProxy:
      typeof options.trustProxy === 'number' ? (_address: string, hop: number) => hop < (options.trustProxy as number) : (options.trustProxy ?? false),
    bodyLimit: 256 * 1024,
    // A request without Host is refused by our own hook (missing-host.ts), with our page and headers.
    http: { requireHostHeader: false },
    // A request on a site's own domain is routed as its address under the site's prefix.
    rewriteUrl: (request) => routeDomain(request, pathOf(request.url), holder.current),
    // A request Node cannot even parse (headers too large, a broken request line): our page and headers, then close.
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      if (!socket.writable) return socket.destroy();
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const body = errorPage(assets.baseUrl, status);
      const head = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'content-type: text/html; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'cache-control: no-store',
        'connection: close',
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
    },
    // A URL that cannot be decoded gets our own page, with our headers, and no stack in the log.
    frameworkErrors: (error, request, reply) => {
      request.log.warn({ url: request.url, err: error.message }, 'a request that cannot be routed');
      reply.headers(headers);
      void sendCached(request, reply, new CachedBody(Buffer.from(errorPage(assets.baseUrl, 400)), HTML), 'no-store', 400);
    },
  });
  const holder: FleetHolder = options.reloads?.holder ?? { current: options.fleet };
  const devScript = options.dev ? DEV_SCRIPT_URL : undefined;
  const assetsFor = (site: Site) => ({ ...assets.sheetsFor(site), script: options.clientEntry, devScript });
  const signer = options.services?.signer;
  const base = options.services;
  // Every block's server half sees the same services; contacts are added once the posts' scope exists.
  let services: ActionServices | undefined;
  const payments =
    base &&
    new Payments({
      store: base.store,
      mailer: base.mailer,
      signer: base.signer,
      origin: options.origin,
      site: (prefix) => siteOf(holder.current, prefix),
      blocks: options.blocks,
      stripe: options.stripe,
      test: new TestProvider(),
      services: () => services as ActionServices,
      log: app.log,
      ...(base.now ? { now: base.now } : {}),
    });
  const loader = async (site: Site, target: Target, query: Record<string, string>, cookieHeader: string | undefined) => {
    const loaded: Record<string, unknown> = {};
    if (!services) return loaded;
    const cookies = readCookies(cookieHeader, site.prefix, services.signer);
    for (const { definition, block } of outline(target, site.blocks).loads) {
      const props = propsOf(block);
      const data = await definition.load?.({ site, target, props, query, cookies, services });
      // By type for the blocks that read it so (one of a type on a page), and by the block itself.
      loaded[definition.type] = data;
      loaded[loadedKey(definition, props)] = data;
    }
    return loaded;
  };
  // The JSON an island fetches from its page (`?_data=<type>`), from the one block of that type the page shows.
  const data = async (site: Site, target: Target, query: Record<string, string>, type: string) => {
    const placed = services && outline(target, site.blocks).loads.find((p) => p.definition.type === type && p.definition.publicData !== undefined);
    if (!placed || !services) return undefined;
    return placed.definition.publicData?.({ site, target, props: propsOf(placed.block), query, cookies: {}, services });
  };
  // A site with a domain of its own is only ever served there: its pages are made for it.
  const forDomain = (site: Site, text: string) => {
    const domain = site.data.domains?.[0];
    return domain ? rewriteForDomain(text, site.prefix, options.origin, domain) : text;
  };
  const pages = new PageCache({
    rewrite: forDomain,
    origin: options.origin,
    assetsFor,
    slots: { token: () => signer?.secondToken() ?? '' },
    loader,
    data,
    keep: options.cachePages ?? true,
    headers,
    budget: options.pageCacheBytes,
    ...(base?.now ? { now: base.now } : {}),
  });
  const notFound = new CachedBody(Buffer.from(notFoundPage(assets.baseUrl)), HTML);

  refuseWithoutHost(app, errorPage(assets.baseUrl, 400));
  // Set before any plugin is registered, so every plugin's scope inherits them.
  app.setNotFoundHandler((request, reply) => sendCached(request, reply, notFound, 'no-cache', 404));
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    // Stored data that cannot be read or written now (a database gone away): nothing was taken, say so.
    const status = error instanceof StoreError ? 503 : error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    else request.log.warn({ status, err: error.message }, 'request refused');
    if (/application\/json/.test(request.headers.accept ?? '')) {
      const problem =
        status === 413
          ? 'What you sent is too large.'
          : status === 429
            ? 'Too many forms sent from here: please wait a minute and try again.'
            : status === 503
              ? 'This cannot be sent right now: nothing was saved. Please try again in a few minutes.'
              : status === 500
                ? 'Something went wrong on our side.'
                : 'The request could not be understood.';
      return reply.code(status).send({ ok: false, problem });
    }
    return sendCached(request, reply, new CachedBody(Buffer.from(errorPage(assets.baseUrl, status)), HTML), 'no-store', status);
  });

  // Before any route: each request's site is found once, for the routes that serve a site's address.
  await app.register(siteRequestsPlugin, { holder });

  // Added as an answer goes out, each unless its route set its own (an SVG's stricter policy). A
  // cached page skips this: its one write carries them (PageCache), so nothing is set twice.
  const security = Object.entries(headers);
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of security) if (!reply.hasHeader(name)) reply.header(name, value);
    // On a site's domain, its redirects and cookies name addresses there, not under its prefix.
    const on = domainOf(request.raw);
    if (on) {
      const location = reply.getHeader('location');
      if (typeof location === 'string') reply.header('location', rewriteForDomain(location, on.prefix, options.origin, on.domain));
      const cookies = reply.getHeader('set-cookie');
      if (cookies !== undefined) {
        // Fastify adds to set-cookie rather than replacing it.
        reply.removeHeader('set-cookie');
        reply.header(
          'set-cookie',
          ([] as string[]).concat(cookies as string | string[]).map((c) => c.replace(new RegExp(`; Path=/${on.prefix}(?=;|$)`, 'i'), '; Path=/')),
        );
      }
    }
    done(null, payload);
  });
  const tooManySearches = Buffer.from(
    platformPage({
      title: 'Please wait a moment',
      stylesheet: assets.baseUrl,
      body: '<h1>Please wait a moment</h1>\n<p>Too many searches have come from here in a short time. Please wait a minute and try again.</p>',
    }),
  );
  const searches = new SearchLimit(options.searchesPerMinute, options.redis);

  // Shared on purpose: media files are sent with its reply.sendFile from the site routes.
  await app.register(fastifyStatic, {
    root: CLIENT_DIR,
    prefix: '/assets/client/',
    maxAge: '365d',
    immutable: true,
    allowedPath: (path) => !path.includes('/.vite/') && !path.endsWith('.txt'),
    wildcard: true,
  });
  await app.register(platformRoutes, { holder, origin: options.origin, assets, notFound });
  await app.register(documentsPlugin, { holder, origin: options.origin, pages, rewrite: forDomain });
  if (options.dev && options.reloads) {
    const reloads = options.reloads;
    await app.register(async (scope) => registerLiveReload(scope, reloads));
  }

  // What a request does for an address someone typed, done once they have been answered; closing waits for it.
  const afterReply = new AfterReply(app.log);
  app.decorate('afterReply', afterReply);
  app.addHook('preClose', () => afterReply.idle());

  // Visitors' posts: form bodies, uploads and rate limits exist in this scope only.
  if (base && payments) {
    await app.register(async (scope) => {
      await scope.register(fastifyFormbody, { bodyLimit: TEXT_BYTES });
      // Limits are given per post, from the page's own forms (readMultipart): no body is read before they are known.
      await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
      const limits = new PostLimits(options.formLimits, options.redis, base.now ?? Date.now);
      const contacts = new Contacts({
        holder,
        store: base.store,
        mailer: base.mailer,
        origin: options.origin,
        assetsFor,
        notFound: () => notFound,
        mayConfirm: (email) => limits.confirmation(email),
        afterReply,
      });
      contacts.register(scope);
      services = { ...base, contacts, payments, mayAutoReply: (prefix, email) => limits.autoReply(prefix, email) };
      registerActions(scope, { holder, pages, services, limits, secureCookies: options.origin.startsWith('https://') });
    });
    await app.register(deskRoutes, {
      holder,
      store: base.store,
      mailer: base.mailer,
      signer: base.signer,
      origin: options.origin,
      uploadsDir: base.uploadsDir,
      assetsFor,
      notFound: () => notFound,
      limits: new SignInLimits(options.deskLimits, options.redis),
      afterReply,
      now: base.now ?? Date.now,
      blocks: options.blocks,
      services: () => services as ActionServices,
    });
    await app.register(paymentRoutes, {
      holder,
      payments,
      store: base.store,
      stripe: options.stripe,
      origin: options.origin,
      assetsFor,
      notFound: () => notFound,
    });
  }

  if (base) {
    // Once at start and then daily: records older than their site's rules are deleted. The timer never keeps the process alive.
    let timer: NodeJS.Timeout | undefined;
    const sweepNow = () =>
      sweep(holder.current, base.store, base.uploadsDir).catch((error: Error) => app.log.error({ err: error.message }, 'retention sweep failed'));
    let hourly: NodeJS.Timeout | undefined;
    const scheduledNow = () =>
      services
        ? runScheduled(holder.current, services, app.log).catch((error: Error) => app.log.error({ err: error.message }, 'scheduled work failed'))
        : undefined;
    app.addHook('onReady', async () => {
      void sweepNow();
      void scheduledNow();
      timer = setInterval(() => void sweepNow(), 86_400_000);
      timer.unref();
      hourly = setInterval(() => void scheduledNow(), 3_600_000);
      hourly.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearInterval(hourly);
    });
  }

  const images = options.images ?? new ImageVariants(join(tmpdir(), 'sitewright-image-variants'));
  app.addHook('onClose', () => images.close());
  await app.register(siteRoutes, {
    holder,
    pages,
    baseStylesheet: assets.baseUrl,
    notFound,
    devScript,
    searches,
    tooManySearches: () => tooManySearches,
    images,
  });

  // The money core, for the tools that act on payments beside the pages (refunds).
  return Object.assign(app, { fleetHolder: holder, payments }) as FastifyInstance & { fleetHolder: FleetHolder; payments: Payments | undefined };
}
