/** What the platform itself answers at the top level: the list of sites, robots.txt, and the hashed stylesheets. */
import type { FastifyInstance } from 'fastify';
import { indexPage } from '../render/platform.ts';
import type { Assets } from './assets.ts';
import { CachedBody, sendCached } from './cached.ts';
import type { FleetHolder } from './reload.ts';
import { servablePrefixes } from '../fleet.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface PlatformRoutesOptions {
  holder: FleetHolder;
  origin: string;
  assets: Assets;
  notFound: CachedBody;
}

export async function platformRoutes(app: FastifyInstance, { holder, origin, assets, notFound }: PlatformRoutesOptions) {
  app.get<{ Params: { file: string } }>('/assets/:file', (request, reply) => {
    const file = assets.get(request.params.file);
    if (!file) return sendCached(request, reply, notFound, 'no-cache', 404);
    return sendCached(request, reply, file, IMMUTABLE);
  });

  app.get('/', (request, reply) => {
    // A lazy fleet's sites not loaded yet are listed by their prefix.
    const fleet = holder.current;
    const sites = servablePrefixes(fleet).map((prefix) => ({ prefix, name: fleet.sites.get(prefix)?.data.site.name ?? prefix }));
    return sendCached(request, reply, new CachedBody(Buffer.from(indexPage(assets.baseUrl, sites)), 'text/html; charset=utf-8'), 'no-cache');
  });

  // The reverse proxy asks before it obtains a certificate for a host (Caddy's on-demand TLS): only a site's domain gets one.
  app.get<{ Querystring: { domain?: string } }>('/sitewright/domains', (request, reply) => {
    const domain = String(request.query.domain ?? '').toLowerCase();
    const prefix = holder.current.domains.get(domain);
    return reply
      .code(prefix ? 200 : 404)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(prefix ? `${domain} is the site ${prefix}\n` : `${domain} is no site's domain\n`);
  });

  app.get('/robots.txt', (_request, reply) => {
    const sitemaps = servablePrefixes(holder.current).map((p) => `Sitemap: ${origin}/${p}/sitemap.xml`);
    return reply.type('text/plain; charset=utf-8').send(['User-agent: *', 'Allow: /', '', ...sitemaps, ''].join('\n'));
  });
}
