/**
 * The one step that finds the site a request is for, before its route runs: an onRequest hook on
 * every route that serves a site's address (`SITE_ROUTE`: its pages, documents and posts). A page
 * asked for at an address that is not canonical is forwarded to the one that is; the site is found
 * under the prefix (a request on a site's own domain was routed under it already: domains.ts),
 * loaded first in a lazy fleet; a site with a domain of its own is forwarded there; and the site is
 * put on the request. Routes read `request.site`, undefined when no site serves the prefix now,
 * which each answers in its own way.
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { knowsSite, loadedSite, loadsLater, siteOf, type Fleet } from '../fleet.ts';
import type { Site } from '../site.ts';
import { leaveUnread } from './close-after-answer.ts';
import { domainRedirect, redirectStatus } from './domains.ts';
import { forwardPath, forwardQuery } from './forward-path.ts';
import type { FleetHolder } from './reload.ts';
import { shared } from './shared-plugin.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site of a site's address (a route with `SITE_ROUTE`), found once by siteRequests; undefined when none serves there now, and on every other route. */
    site: Site | undefined;
  }
  interface FastifyContextConfig {
    /** The route serves an address under a site's prefix (`/:site…`): its site is found before it runs. */
    site?: boolean;
  }
}

/** The options of a route that serves a site's address. */
export const SITE_ROUTE = { config: { site: true } } as const;

/** Where a request for a known site goes when the address asked for is not canonical (a lowercase prefix, no trailing slash, no empty segment). */
function canonicalAddress(fleet: Fleet, prefix: string, path: string, search: string): string | undefined {
  const lower = prefix.toLowerCase();
  // Nearly every address is already canonical: only one that may not be is taken apart.
  const plain = prefix === lower && path.startsWith(lower, 1) && !path.endsWith('/') && !path.includes('//');
  if (plain || !knowsSite(fleet, lower)) return undefined;
  const [, , ...segments] = path.split('/');
  const canonical = forwardPath(`/${[lower, ...segments.filter(Boolean)].join('/')}`);
  return canonical === path ? undefined : canonical + forwardQuery(search);
}

/** The site under a prefix: at once when it is loaded, after reading it in a lazy fleet that has not yet. */
const findSite = (fleet: Fleet, prefix: string): Site | undefined | Promise<Site | undefined> =>
  loadedSite(fleet, prefix) ?? (loadsLater(fleet, prefix) ? siteOf(fleet, prefix) : undefined);

/** Where a request's address points: the prefix as typed, the path and query, and the rest after the prefix as the route reads it. */
function addressOf(request: FastifyRequest) {
  const params = request.params as { site?: string; '*'?: string };
  const prefix = params.site ?? '';
  const mark = request.url.indexOf('?');
  const path = mark < 0 ? request.url : request.url.slice(0, mark);
  return { prefix, path, search: mark < 0 ? '' : request.url.slice(mark + 1), rest: params['*'] ?? path.slice(prefix.length + 2) };
}

/**
 * The step itself, as an onRequest hook. A site that is loaded is found at once and the request
 * goes on in the same turn (the path nearly every request takes); a lazy one is read first.
 */
function siteStep(holder: FleetHolder): onRequestHookHandler {
  return (request, reply, done) => {
    const { prefix, path, search, rest } = addressOf(request);
    const fleet = holder.current;
    const page = request.method === 'GET' || request.method === 'HEAD';
    const canonical = page ? canonicalAddress(fleet, prefix, path, search) : undefined;
    if (canonical) return void reply.redirect(canonical, 301);
    const found = (site: Site | undefined) => {
      request.site = site;
      const elsewhere = site?.data.domains && domainRedirect(request.raw, site.data.domains, site.prefix, rest, search);
      if (!elsewhere) return done();
      // A post goes on with its body (308), which is not read here.
      if (!page) leaveUnread(request, reply);
      void reply.redirect(elsewhere, redirectStatus(request.raw));
    };
    const site = findSite(fleet, prefix);
    if (site instanceof Promise) site.then(found, done);
    else found(site);
  };
}

async function siteRequests(app: FastifyInstance, { holder }: { holder: FleetHolder }) {
  app.decorateRequest('site', undefined);
  const step = siteStep(holder);
  // Each route that serves a site's address is given the step as its first onRequest hook; no other route runs it.
  app.addHook('onRoute', (route) => {
    if (route.config?.site) route.onRequest = [step, ...[route.onRequest ?? []].flat()];
  });
}

/** Finds each request's site once: registered before the routes, for every route with `SITE_ROUTE`. */
export const siteRequestsPlugin = shared(siteRequests);
