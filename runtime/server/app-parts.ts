/**
 * What the app's plugins share, made once as the app is built: the stylesheets, the holder of the
 * fleet, the headers every answer carries, the platform's own pages, the page cache and, on a
 * server with services, what visitors' posts use (limits, the contact list, payments), which every
 * block's server half sees through the same services. And the options each plugin is given.
 */
import type { FastifyInstance } from 'fastify';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ActionServices } from '../../blocks/contract.ts';
import { displayFile, loadSiteFolder, siteOf } from '../fleet.ts';
import { checkDraftPost } from '../studio/draft-post.ts';
import { Reloader } from './reload.ts';
import { ImageVariants } from '../images/maker.ts';
import { Payments } from '../payments/payments.ts';
import { blockServices } from '../services/index.ts';
import { TestProvider } from '../payments/test-provider.ts';
import type { PageAssets } from '../render/page.tsx';
import { SearchLimit } from '../search/limit.ts';
import type { Site } from '../site.ts';
import type { DeskOptions } from '../desk/routes.ts';
import { AfterReply } from './after-reply.ts';
import type { AppOptions } from './app-options.ts';
import { Assets } from './assets.ts';
import { CachedBody } from './cached.ts';
import { Contacts } from './contacts.ts';
import { rewriteForDomain } from './domains.ts';
import { PostLimits, SignInLimits } from './limits.ts';
import { DEV_SCRIPT_URL } from './live-reload.ts';
import { pageLoads } from './page-loads.ts';
import type { PaymentRoutesOptions } from './payment-routes.ts';
import { securityHeaders } from './security-headers.ts';
import type { ServerParts } from './server-options.ts';
import { PageCache } from './site-pages.ts';
import { MESSAGES } from './messages.ts';
import { errorPage, notFoundPage, wordsPage } from './platform-pages.ts';
import type { SiteRoutesOptions } from './site-routes.ts';

const HTML = 'text/html; charset=utf-8';

/** What exists before the Fastify instance, whose own options need it. */
export interface FirstParts extends ServerParts {
  assets: Assets;
  /** The platform's "no site at this address". */
  notFound: CachedBody;
}

/** What takes visitors' posts, on a server with services. */
export interface PostParts {
  services: ActionServices;
  payments: Payments;
  contacts: Contacts;
  limits: PostLimits;
}

export interface AppParts extends FirstParts {
  devScript?: string;
  /** The sized copies of photos, shared by the site routes and the studio's preview. */
  images: ImageVariants;
  assetsFor: (site: Site) => PageAssets;
  /** A page or document as it is sent: for a site with a domain of its own, made for that domain. */
  forDomain: (site: Site, text: string) => string;
  pages: PageCache;
  afterReply: AfterReply;
  posts?: PostParts;
}

export async function firstParts(options: AppOptions): Promise<FirstParts> {
  const assets = await Assets.load(options.blocks);
  return {
    assets,
    holder: options.reloads?.holder ?? { current: options.fleet },
    headers: securityHeaders({ hsts: options.origin.startsWith('https://') }),
    errorPage: (status) => errorPage(assets.baseUrl, status),
    notFound: new CachedBody(Buffer.from(notFoundPage(assets.baseUrl)), HTML),
  };
}

/** The services every block's server half sees: the server's own, the contact list and payments. */
function postParts(app: FastifyInstance, options: AppOptions, first: FirstParts, more: Pick<AppParts, 'assetsFor' | 'afterReply'>): PostParts | undefined {
  const base = options.services;
  if (!base) return undefined;
  // Payments and the services hold each other: payments reads the services once a request comes.
  const payments = new Payments({
    store: base.store,
    mailer: base.mailer,
    signer: base.signer,
    origin: options.origin,
    site: (prefix) => siteOf(first.holder.current, prefix),
    blocks: options.blocks,
    stripe: options.stripe,
    test: new TestProvider(),
    services: () => services,
    log: app.log,
    ...(base.now ? { now: base.now } : {}),
  });
  const limits = new PostLimits(options.formLimits, options.redis, base.now ?? Date.now);
  const contacts = new Contacts({
    holder: first.holder,
    store: base.store,
    mailer: base.mailer,
    origin: options.origin,
    assetsFor: more.assetsFor,
    notFound: () => first.notFound,
    mayConfirm: (email) => limits.confirmation(email),
    afterReply: more.afterReply,
  });
  const services: ActionServices = blockServices(base, {
    payments,
    origin: options.origin,
    contacts,
    mayAutoReply: (prefix, email) => limits.autoReply(prefix, email),
  });
  return { services, payments, contacts, limits };
}

export function appParts(app: FastifyInstance, options: AppOptions, first: FirstParts): AppParts {
  const devScript = options.dev ? DEV_SCRIPT_URL : undefined;
  const assetsFor = (site: Site) => ({ ...first.assets.sheetsFor(site), script: options.clientEntry, devScript });
  // A site with a domain of its own is only ever served there: its pages are made for it.
  const forDomain = (site: Site, text: string) => {
    const domain = site.data.domains?.[0];
    return domain ? rewriteForDomain(text, site.prefix, options.origin, domain) : text;
  };
  // What a request does for an address someone typed, done once they have been answered; closing waits for it.
  const afterReply = new AfterReply(app.log);
  const posts = postParts(app, options, first, { assetsFor, afterReply });
  const signer = options.services?.signer;
  const pages = new PageCache({
    rewrite: forDomain,
    origin: options.origin,
    assetsFor,
    slots: { token: () => signer?.secondToken() ?? '' },
    ...pageLoads(posts?.services),
    keep: options.cachePages ?? true,
    headers: first.headers,
    budget: options.pageCacheBytes,
    ...(options.services?.now ? { now: options.services.now } : {}),
  });
  const images = options.images ?? new ImageVariants(join(tmpdir(), 'sitewright-image-variants'));
  return { ...first, devScript, assetsFor, forDomain, pages, afterReply, posts, images };
}

/** The owner's desk of each site. */
export function deskOptions(options: AppOptions, parts: AppParts, { services }: PostParts): DeskOptions {
  return {
    holder: parts.holder,
    store: services.store,
    mailer: services.mailer,
    signer: services.signer,
    origin: options.origin,
    uploadsDir: services.uploadsDir,
    assetsFor: parts.assetsFor,
    notFound: () => parts.notFound,
    limits: new SignInLimits(options.deskLimits, options.redis),
    afterReply: parts.afterReply,
    now: () => services.now(),
    blocks: options.blocks,
    services: () => services,
    studio: {
      check:
        options.checkDraft ??
        ((sitesDir, prefix, draft) => {
          const load = (text: string) => loadSiteFolder(sitesDir, prefix, options.blocks, { draft: text, keepLines: true });
          return typeof draft === 'string' ? load(draft) : checkDraftPost(draft, displayFile(sitesDir, prefix), prefix, load);
        }),
      // Without a reloader of the server's, the studio's publishes are read by one of its own over the same fleet.
      reloads:
        options.reloads ??
        new Reloader(parts.holder, { keepLastGood: !options.dev, load: (sitesDir, prefix) => loadSiteFolder(sitesDir, prefix, options.blocks) }),
      images: parts.images,
      assets: options.studioAssets,
    },
  };
}

/** Stripe's webhook and the test provider's checkout page. */
export function paymentOptions(options: AppOptions, parts: AppParts, { services, payments }: PostParts): PaymentRoutesOptions {
  return {
    holder: parts.holder,
    payments,
    store: services.store,
    stripe: options.stripe,
    origin: options.origin,
    assetsFor: parts.assetsFor,
    notFound: () => parts.notFound,
  };
}

/** Every site's pages and media, with the search page's own limit. */
export function siteRouteOptions(options: AppOptions, parts: AppParts): SiteRoutesOptions {
  const tooManySearches = Buffer.from(wordsPage(parts.assets.baseUrl, MESSAGES.pages.tooManySearches));
  return {
    holder: parts.holder,
    pages: parts.pages,
    baseStylesheet: parts.assets.baseUrl,
    notFound: parts.notFound,
    devScript: parts.devScript,
    searches: new SearchLimit(options.searchesPerMinute, options.redis),
    tooManySearches: () => tooManySearches,
    images: parts.images,
  };
}
