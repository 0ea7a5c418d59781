/**
 * One site of a static export, with its stylesheet. The same code runs in the
 * thread that calls exportFleet and in each export worker, so both write the same bytes.
 * Files are written synchronously: a page is a few kilobytes, and a batch of small writes in a row
 * costs less than a promise for each.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderNotFound, renderPage } from './render/page.tsx';
import { publicPath } from './render/page-path.ts';
import type { Assets } from './server/assets.ts';
import { indexable } from './search/documents.ts';
import { searchPath } from './search/site-search.ts';
import { writeStaticIndex, type IndexedPage } from './search/static-index.ts';
import { NOT_FOUND_PATH, servesOf } from './serves.ts';
import type { Site } from './site.ts';
import type { ImageVariants } from './images/maker.ts';
import { variantCollector, writeVariants } from './images/export-variants.ts';

/** What every site of one export is rendered with. */
export interface SiteExportSettings {
  sitesDir: string;
  out: string;
  origin: string;
  /** YYYY-MM-DD, taken once for the whole export so every thread writes the same dates. */
  today: string;
  /** The client entry's URL. */
  script: string;
  /** The forms' stamp, signed for the server at the API origin, or empty. */
  token: string;
  actionOrigin?: string;
  /** Where the sized copies of photos are kept between exports (and shared with a server using the same folder). */
  imageCacheDir: string;
}

export interface SiteExport {
  pages: number;
  formPages: number;
  /** The site's Pagefind index being written, for a site with search: its records once done. */
  index?: Promise<number>;
  /** The sized copies of photos its pages point at, being written: how many once done. */
  variants: Promise<number>;
}

/**
 * Every file of one site: its pages, 404.html, documents and media, and its stylesheet. The
 * Pagefind index is only started, so the next site renders while Pagefind's own process works.
 */
export function exportSite(site: Site, settings: SiteExportSettings, assets: Assets, images: ImageVariants, onPage?: () => void): SiteExport {
  const { out, origin, today } = settings;
  const root = join(out, site.prefix);
  const options = { origin, assets: { ...assets.sheetsFor(site), script: settings.script } };
  const pageOptions = { ...options, visitor: { token: settings.token }, actionOrigin: settings.actionOrigin, exported: true };
  const serves = servesOf(site);
  const searched: IndexedPage[] | undefined = searchPath(site) ? [] : undefined;
  let formPages = 0;
  const copies = variantCollector(site.prefix);
  mkdirSync(root, { recursive: true });
  for (const target of serves.pages) {
    const dir = target.path === '/' ? root : join(root, target.path);
    if (dir !== root) mkdirSync(dir, { recursive: true });
    const page = renderPage(site, target, pageOptions);
    if (page.actions) formPages++;
    writeFileSync(join(dir, 'index.html'), page.html);
    copies.scan(page.html);
    if (searched && indexable(target))
      searched.push({ url: publicPath(site.prefix, target.path), html: page.html, section: target.item?.collection ?? 'pages' });
    onPage?.();
  }
  const notFound = renderNotFound(site, NOT_FOUND_PATH, options).html;
  writeFileSync(join(root, '404.html'), notFound);
  copies.scan(notFound);
  // A file server has no query strings: each document as itself, without its variants.
  for (const doc of serves.documents) {
    const text = doc.make(site, { origin, today });
    if (text !== undefined) writeFileSync(join(root, doc.path), text);
  }
  if (serves.media.size) cpSync(join(settings.sitesDir, site.prefix, 'media'), join(root, 'media'), { recursive: true });
  // Made in sharp's threads while the next site renders.
  const variants = writeVariants(site, copies.names, settings.sitesDir, root, images);
  return { pages: serves.pages.length, formPages, index: searched && writeStaticIndex(site, searched, out), variants };
}

/** A stylesheet of the export, as a file name under /assets and its bytes. */
export interface Sheet {
  name: string;
  body: Uint8Array;
}

export const sheetsOf = (assets: Assets): Sheet[] => [...assets.entries()].map(([name, cached]) => ({ name, body: cached.body }));
