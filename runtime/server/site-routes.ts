/**
 * Every site under its prefix: the site's pages and its own 404, its media files, and a clear
 * answer for a site that did not load (503, or its problems in development). The site hook
 * (site-request.ts) has found the site, and forwarded an address that is not canonical.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { basename, dirname, join, resolve } from 'node:path';
import { formatProblem } from '../config/problem.ts';
import type { LoadResult } from '../config/load-site.ts';
import { problemsPage } from '../render/platform.ts';
import { unavailablePage } from './platform-pages.ts';
import type { Site } from '../site.ts';
import { knowsSite, type Fleet } from '../fleet.ts';
import { SITE_ROUTE } from './site-request.ts';
import { CachedBody, sendCached } from './cached.ts';
import type { FleetHolder } from './reload.ts';
import type { PageCache } from './site-pages.ts';
import type { SearchLimit } from '../search/limit.ts';
import { searchPath } from '../search/site-search.ts';
import type { ImageVariants } from '../images/maker.ts';
import { MIME, offers, parseVariantName, VARIANTS_FOLDER } from '../images/variants.ts';
import type { MediaSource } from '../media-file.ts';
import { sendMediaFile } from './media-reply.ts';

const HTML = 'text/html; charset=utf-8';

export interface SiteRoutesOptions {
  holder: FleetHolder;
  pages: PageCache;
  baseStylesheet: string;
  notFound: CachedBody;
  /** Development: a broken site shows its problems, and pages load the live-reload script. */
  devScript?: string;
  /** How often a visitor may ask a site's search page, and what they see past that. */
  searches: SearchLimit;
  tooManySearches: () => Buffer;
  /** The sized copies of photos: made on first request (or ahead of time), kept on disk. */
  images: ImageVariants;
}

const formatProblems = (result: LoadResult) => result.problems.map((p) => formatProblem(p, result.source)).join('\n\n');

export async function siteRoutes(
  app: FastifyInstance,
  { holder, pages, baseStylesheet, notFound, devScript, searches, tooManySearches, images }: SiteRoutesOptions,
) {
  const platform = (html: string) => new CachedBody(Buffer.from(html), HTML);
  app.addHook('onClose', () => images.close());

  function sendMedia(request: FastifyRequest, reply: FastifyReply, site: Site, file: string) {
    let name: string;
    try {
      name = decodeURIComponent(file);
    } catch {
      name = '';
    }
    if (name.startsWith(`${VARIANTS_FOLDER}/`)) return sendVariant(request, reply, site, name.slice(VARIANTS_FOLDER.length + 1));
    if (!site.media.has(name)) return pages.send(request, reply, site, '/media/ missing', {});
    // An SVG can hold script: shown as a picture it cannot run any, opened on its own it runs sandboxed.
    if (/\.svg$/i.test(name)) reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (/\.pdf$/i.test(name)) reply.header('content-disposition', 'attachment');
    // Only files listed (and checked from their bytes) when the site loaded are served, so a request can never name a path outside.
    return sendMediaFile(request, reply, mediaOf(site, name), 'public, max-age=86400').then((sent) =>
      sent ? reply : pages.send(request, reply, site, '/media/ missing', {}),
    );
  }

  const mediaOf = (site: Site, name: string): MediaSource => ({ folder: join(resolve(holder.current.sitesDir), site.prefix, 'media'), name });

  /**
   * A sized copy of one of the site's photos, made now if it is not on disk yet. Only the copies
   * the site's own photos offer exist: another site's hash, a width or format not offered, or any
   * other name is the site's 404, and nothing is made for it.
   */
  async function sendVariant(request: FastifyRequest, reply: FastifyReply, site: Site, name: string) {
    const wanted = parseVariantName(name);
    const found = wanted && [...site.images].find(([, facts]) => facts.hash === wanted.hash);
    if (!wanted || !found || !offers(found[1], wanted.width, wanted.format)) return pages.send(request, reply, site, '/media/ missing', {});
    const source = mediaOf(site, found[0]);
    let file: string;
    try {
      file = await images.get(source, found[1], wanted.width, wanted.format);
    } catch (error) {
      request.log.error({ err: error instanceof Error ? error.message : String(error), file: found[0] }, 'a sized copy of a picture could not be made');
      // The picture itself, kept by no one: the copy is tried again on the next request.
      if (await sendMediaFile(request, reply, source, 'no-store')) return reply;
      return pages.send(request, reply, site, '/media/ missing', {});
    }
    // Named by the hash of its source, a copy never changes: browsers and proxies keep it for a year.
    reply.header('content-type', MIME[wanted.format]);
    return reply.sendFile(basename(file), dirname(file), { maxAge: '365d', immutable: true });
  }

  const serveSite = (request: FastifyRequest, reply: FastifyReply, prefix: string, rest: string) => {
    const site = request.site;
    if (!site) return serveMissing(request, reply, holder.current, prefix);
    const mark = request.url.indexOf('?');
    return serveLoaded(request, reply, site, rest, mark < 0 ? '' : request.url.slice(mark + 1));
  };

  const serveMissing = (request: FastifyRequest, reply: FastifyReply, fleet: Fleet, prefix: string) => {
    const broken = fleet.broken.get(prefix);
    if (broken && devScript)
      return sendCached(request, reply, platform(problemsPage(baseStylesheet, prefix, formatProblems(broken), devScript)), 'no-store', 500);
    if (knowsSite(fleet, prefix)) return sendCached(request, reply, platform(unavailablePage(baseStylesheet, prefix)), 'no-store', 503);
    return sendCached(request, reply, notFound, 'no-cache', 404);
  };

  const serveLoaded = (request: FastifyRequest, reply: FastifyReply, site: Site, rest: string, search: string) => {
    const path = rest ? `/${rest}` : '/';
    // The copies of the site's photos are made ahead of time, from its first request on.
    if (site.images.size) void images.warm(site, holder.current.sitesDir);
    if (path.startsWith('/media/')) return sendMedia(request, reply, site, path.slice('/media/'.length));
    const query = search ? Object.fromEntries(new URLSearchParams(search)) : {};
    if (path === searchPath(site)) return searches.guard(request, reply, site, query, tooManySearches, () => pages.send(request, reply, site, path, query));
    return pages.send(request, reply, site, path, query);
  };

  app.get<{ Params: { site: string } }>('/:site', SITE_ROUTE, (request, reply) => serveSite(request, reply, request.params.site, ''));
  app.get<{ Params: { site: string; '*': string } }>('/:site/*', SITE_ROUTE, (request, reply) =>
    serveSite(request, reply, request.params.site, request.params['*']),
  );
}
