import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CLIENT_DIR, ensureClient } from './client/build.ts';
import type { Fleet } from './fleet.ts';
import { renderNotFound, renderPage } from './render/page.tsx';
import { publicPath } from './render/page-path.ts';
import { indexPage } from './render/platform.ts';
import { Assets } from './server/assets.ts';
import { indexable } from './search/documents.ts';
import { searchPath } from './search/site-search.ts';
import { closeStaticIndexer, writeStaticIndex, type IndexedPage } from './search/static-index.ts';
import { NOT_FOUND_PATH, servesOf } from './serves.ts';
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
  /** Sites whose search works in the browser from a Pagefind index beside their pages. */
  searchSites: number;
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
  const total = sites.reduce((n, s) => n + servesOf(s).pages.length, 0);
  let done = 0;
  let formPages = 0;
  const visitor = { token: signer?.staticToken() ?? '' };
  const actionOrigin = apiOrigin?.replace(/\/$/, '');
  let searchSites = 0;
  for (const site of sites) {
    const options = { origin, assets: { stylesheet: assets.stylesheetFor(site), script } };
    const serves = servesOf(site);
    const searched: IndexedPage[] | undefined = searchPath(site) ? [] : undefined;
    for (const target of serves.pages) {
      const file = join(out, site.prefix, target.path === '/' ? '' : target.path, 'index.html');
      await mkdir(dirname(file), { recursive: true });
      const page = renderPage(site, target, { ...options, visitor, actionOrigin, exported: true });
      if (page.actions) formPages++;
      await writeFile(file, page.html);
      if (searched && indexable(target))
        searched.push({ url: publicPath(site.prefix, target.path), html: page.html, section: target.item?.collection ?? 'pages' });
      onProgress?.(++done, total);
    }
    if (searched) {
      await writeStaticIndex(site, searched, out);
      searchSites++;
    }
    await writeFile(join(out, site.prefix, '404.html'), renderNotFound(site, NOT_FOUND_PATH, options).html);
    // A file server has no query strings: each document as itself, without its variants.
    for (const doc of serves.documents) {
      const text = doc.make(site, { origin, today });
      if (text !== undefined) await writeFile(join(out, site.prefix, doc.path), text);
    }
    if (serves.media.size) await cp(join(fleet.sitesDir, site.prefix, 'media'), join(out, site.prefix, 'media'), { recursive: true });
  }
  await mkdir(join(out, 'assets', 'client'), { recursive: true });
  for (const [name, body] of assets.entries()) await writeFile(join(out, 'assets', name), body.body);
  for (const file of await readdir(CLIENT_DIR)) {
    if (file.endsWith('.js')) await cp(join(CLIENT_DIR, file), join(out, 'assets', 'client', file));
  }
  await writeFile(
    join(out, 'index.html'),
    indexPage(
      assets.baseUrl,
      sites.map((s) => ({ prefix: s.prefix, name: s.data.site.name })),
    ),
  );
  await writeFile(join(out, 'robots.txt'), ['User-agent: *', 'Allow: /', '', ...sites.map((s) => `Sitemap: ${origin}/${s.prefix}/sitemap.xml`), ''].join('\n'));
  if (searchSites) await closeStaticIndexer();
  return { pages: done, sites: sites.length, ms: performance.now() - started, formPages, searchSites };
}
