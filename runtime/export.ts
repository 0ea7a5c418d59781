import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CLIENT_DIR, ensureClient } from './client/build.ts';
import type { Fleet } from './fleet.ts';
import { renderNotFound, renderPage } from './render/page.tsx';
import { indexPage } from './render/platform.ts';
import { Assets } from './server/assets.ts';
import { feedXml, sitemapXml } from './server/seo.ts';
import type { Signer } from './services/signing.ts';

export interface ExportOptions {
  fleet: Fleet;
  out: string;
  origin: string;
  /** Only these sites; all when empty. */
  prefixes?: string[];
  /** Where the Sitewright server that takes form posts answers, such as https://forms.example.com. */
  apiOrigin?: string;
  /** Signs the forms' stamp with the server's key (needed with apiOrigin). */
  signer?: Signer;
  onProgress?: (done: number, total: number) => void;
}

export interface ExportResult {
  pages: number;
  sites: number;
  ms: number;
  /** Pages with a form, which need a server at the API origin to post to. */
  formPages: number;
}

/**
 * Every page of the fleet as a file a plain file server or CDN can host: /<prefix>/<path>/index.html,
 * each site's 404.html, its media, and the hashed stylesheets and scripts under /assets.
 */
export async function exportFleet({ fleet, out, origin, prefixes = [], apiOrigin, signer, onProgress }: ExportOptions): Promise<ExportResult> {
  const started = performance.now();
  const today = new Date().toISOString().slice(0, 10);
  const script = await ensureClient();
  const assets = await Assets.load();
  const sites = [...fleet.sites.values()].filter((s) => !prefixes.length || prefixes.includes(s.prefix));
  const total = sites.reduce((n, s) => n + s.targets.length, 0);
  let done = 0;
  let formPages = 0;
  const visitor = { token: signer?.staticToken() ?? '' };
  const actionOrigin = apiOrigin?.replace(/\/$/, '');
  for (const site of sites) {
    const options = { origin, assets: { stylesheet: assets.stylesheetFor(site), script } };
    for (const target of site.targets) {
      const file = join(out, site.prefix, target.path === '/' ? '' : target.path, 'index.html');
      await mkdir(dirname(file), { recursive: true });
      const page = renderPage(site, target, { ...options, visitor, actionOrigin });
      if (page.actions) formPages++;
      await writeFile(file, page.html);
      onProgress?.(++done, total);
    }
    await writeFile(join(out, site.prefix, '404.html'), renderNotFound(site, '/404', options).html);
    await writeFile(join(out, site.prefix, 'sitemap.xml'), sitemapXml(site, origin, today));
    const feed = feedXml(site, origin);
    if (feed) await writeFile(join(out, site.prefix, 'feed.xml'), feed);
    if (site.media.size) await cp(join(fleet.sitesDir, site.prefix, 'media'), join(out, site.prefix, 'media'), { recursive: true });
  }
  await mkdir(join(out, 'assets', 'client'), { recursive: true });
  for (const [name, body] of assets.entries()) await writeFile(join(out, 'assets', name), body.body);
  for (const file of await readdir(CLIENT_DIR)) {
    if (file.endsWith('.js')) await cp(join(CLIENT_DIR, file), join(out, 'assets', 'client', file));
  }
  await writeFile(join(out, 'index.html'), indexPage(assets.baseUrl, sites.map((s) => ({ prefix: s.prefix, name: s.data.site.name }))));
  await writeFile(join(out, 'robots.txt'), ['User-agent: *', 'Allow: /', '', ...sites.map((s) => `Sitemap: ${origin}/${s.prefix}/sitemap.xml`), ''].join('\n'));
  return { pages: done, sites: sites.length, ms: performance.now() - started, formPages };
}
