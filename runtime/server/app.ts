import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply as Reply, type FastifyRequest as Request, type FastifyServerOptions } from 'fastify';
import { join, resolve } from 'node:path';
import { CLIENT_DIR } from '../client/build.ts';
import type { Fleet } from '../fleet.ts';
import { formatProblem } from '../config/problem.ts';
import type { LoadResult } from '../config/load-site.ts';
import { errorPage, indexPage, notFoundPage, problemsPage, unavailablePage } from '../render/platform.ts';
import { DEV_SCRIPT_URL, registerLiveReload } from './live-reload.ts';
import type { FleetHolder, Reloader } from './reload.ts';
import type { Site } from '../site.ts';
import { Assets } from './assets.ts';
import { CachedBody, sendCached } from './cached.ts';
import { PageCache } from './site-pages.ts';
import { securityHeaders } from './security-headers.ts';
import { registerSeo } from './seo.ts';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { Contacts } from './contacts.ts';
import { registerActions, UPLOAD_LIMITS, type FormLimits } from './actions.ts';
import type { ActionServices } from '../services/action-services.ts';

export interface AppOptions {
  fleet: Fleet;
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
  services?: Omit<ActionServices, 'contacts'>;
  /** How many form posts a visitor and a site may send (defaults: 20 a minute per visitor and site, 600 per site in ten minutes). */
  formLimits?: FormLimits;
}

const HTML = 'text/html; charset=utf-8';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The whole platform as one Fastify app: assets, the platform's own pages, and every site
 * under its prefix. The fleet is read through a holder so a reload can swap it whole.
 */
export async function buildApp(options: AppOptions) {
  const app = Fastify({ logger: options.logger ?? false, trustProxy: true, bodyLimit: 256 * 1024 });
  const holder: FleetHolder = options.reloads?.holder ?? { current: options.fleet };
  const assets = await Assets.load();
  const devScript = options.dev ? DEV_SCRIPT_URL : undefined;
  const assetsFor = (site: Site) => ({ stylesheet: assets.stylesheetFor(site), script: options.clientEntry, devScript });
  const signer = options.services?.signer;
  const pages = new PageCache(options.origin, assetsFor, { token: () => signer?.timeToken() ?? '' });
  const platform = (html: string) => new CachedBody(Buffer.from(html), HTML);
  const notFound = platform(notFoundPage(assets.baseUrl));

  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  await app.register(fastifyStatic, {
    root: CLIENT_DIR,
    prefix: '/assets/client/',
    maxAge: '365d',
    immutable: true,
    allowedPath: (path) => !path.includes('/.vite/') && !path.endsWith('.txt'),
    wildcard: true,
  });


  app.get<{ Params: { file: string } }>('/assets/:file', (request, reply) => {
    const file = assets.get(request.params.file);
    if (!file) return sendCached(request, reply, notFound, 'no-cache', 404);
    return sendCached(request, reply, file, IMMUTABLE);
  });

  app.get('/', (request, reply) => {
    const sites = [...holder.current.sites.values()].map((s) => ({ prefix: s.prefix, name: s.data.site.name }));
    return sendCached(request, reply, platform(indexPage(assets.baseUrl, sites)), 'no-cache');
  });

  app.get('/robots.txt', (_request, reply) => {
    const sitemaps = [...holder.current.sites.keys()].map((p) => `Sitemap: ${options.origin}/${p}/sitemap.xml`);
    return reply.type('text/plain; charset=utf-8').send(['User-agent: *', 'Allow: /', '', ...sitemaps, ''].join('\n'));
  });
  registerSeo(app, { holder, origin: options.origin, pages });


  const serveSite = (request: Request, reply: Reply, prefix: string, rest: string) => {
    const [rawPath, search = ''] = request.url.split(/\?(.*)/s) as [string, string?];
    const lower = prefix.toLowerCase();
    const known = holder.current.sites.has(lower) || holder.current.broken.has(lower);
    // One canonical form: lowercase prefix, no trailing slash, no empty segments.
    const [, , ...segments] = rawPath.split('/');
    const canonical = `/${[lower, ...segments.filter(Boolean)].join('/')}`;
    if (known && canonical !== rawPath) return reply.redirect(canonical + (search ? `?${search}` : ''), 301);
    const site = holder.current.sites.get(prefix);
    if (!site) {
      const broken = holder.current.broken.get(prefix);
      if (broken && options.dev) return sendCached(request, reply, platform(problemsPage(assets.baseUrl, prefix, formatProblems(broken), devScript)), 'no-store', 500);
      if (known) return sendCached(request, reply, platform(unavailablePage(assets.baseUrl, prefix)), 'no-store', 503);
      return sendCached(request, reply, notFound, 'no-cache', 404);
    }
    const path = rest ? `/${rest}` : '/';
    if (path.startsWith('/media/')) return sendMedia(request, reply, site, path.slice('/media/'.length));
    return pages.send(request, reply, site, path, Object.fromEntries(new URLSearchParams(search)));
  };

  function sendMedia(request: Request, reply: Reply, site: Site, file: string) {
    let name: string;
    try {
      name = decodeURIComponent(file);
    } catch {
      name = '';
    }
    if (!site.media.has(name)) return pages.send(request, reply, site, '/media/ missing', {});
    // Only files listed when the site loaded are served, so a request can never name a path outside.
    return reply.sendFile(join(site.prefix, 'media', name), resolve(holder.current.sitesDir), { maxAge: '1d', immutable: false });
  }

  if (options.dev && options.reloads) registerLiveReload(app, options.reloads);

  await app.register(fastifyFormbody, { bodyLimit: 256 * 1024 });
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  await app.register(fastifyRateLimit, { global: false });
  if (options.services) {
    const contacts = new Contacts({ holder, store: options.services.store, mailer: options.services.mailer, origin: options.origin, assetsFor, notFound: () => notFound });
    contacts.register(app);
    registerActions(app, { holder, pages, services: { ...options.services, contacts }, limits: options.formLimits });
  }

  app.get<{ Params: { site: string } }>('/:site', (request, reply) => serveSite(request, reply, request.params.site, ''));
  app.get<{ Params: { site: string; '*': string } }>('/:site/*', (request, reply) => serveSite(request, reply, request.params.site, request.params['*']));

  app.setNotFoundHandler((request, reply) => sendCached(request, reply, notFound, 'no-cache', 404));
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    if (/application\/json/.test(request.headers.accept ?? '')) {
      const problem = status === 413 ? 'What you sent is too large.' : status === 429 ? 'Too many forms sent from here: please wait a minute and try again.' : status === 500 ? 'Something went wrong on our side.' : 'The request could not be understood.';
      return reply.code(status).send({ ok: false, problem });
    }
    return sendCached(request, reply, platform(errorPage(assets.baseUrl, status)), 'no-store', status);
  });

  return Object.assign(app, { fleetHolder: holder }) as FastifyInstance & { fleetHolder: FleetHolder };
}

const formatProblems = (result: LoadResult) => result.problems.map((p) => formatProblem(p, result.source)).join('\n\n');
