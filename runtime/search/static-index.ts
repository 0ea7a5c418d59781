/**
 * Search for a static export, where no server answers a query: Pagefind indexes a site's exported
 * pages (the words inside <main>, without forms or menus) into <out>/<prefix>/pagefind/, which the
 * results page loads in the browser. The pages are the ones the server's search finds, with the
 * same sections as filters; an item without a page of its own is a record at its place on the
 * page that lists it, as on the server.
 */
import { join } from 'node:path';
import { close, createIndex } from 'pagefind';
import { publicPath } from '../render/page-path.ts';
import type { Site } from '../site.ts';
import { siteDocuments } from './documents.ts';
import { PAGEFIND_DIR } from './site-search.ts';

export interface IndexedPage {
  /** The page's public address, as its links name it: /clearpath/alt-text. */
  url: string;
  html: string;
  section: string;
}

const attribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Writes the Pagefind index of one site's pages; returns how many records it holds. */
export async function writeStaticIndex(site: Site, pages: readonly IndexedPage[], out: string): Promise<number> {
  // An item found at its place on a page is a record of its own: the page's words leave it out, so the item comes first.
  const placed = siteDocuments(site).filter((doc) => doc.path.includes('#'));
  const { index, errors } = await createIndex({
    rootSelector: 'main',
    excludeSelectors: ['form[action]', 'nav', '[role=search]', 'script', ...placed.map((doc) => `[id="${doc.path.slice(doc.path.indexOf('#') + 1)}"]`)],
  });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  const fail = (what: string, problems: string[]) => {
    if (problems.length) throw new Error(`Pagefind could not index ${what}: ${problems.join('; ')}`);
  };
  let records = 0;
  for (const page of pages) {
    const content = page.html.replace('<main ', `<main data-pagefind-filter="section:${attribute(page.section)}" `);
    fail(page.url, (await index.addHTMLFile({ url: page.url, content })).errors);
    records++;
  }
  // Pagefind files an HTML page under its lang in lower case; a record in another case would be an index of its own.
  const language = site.data.site.language.toLowerCase();
  for (const doc of placed) {
    const url = publicPath(site.prefix, doc.path);
    fail(
      url,
      (await index.addCustomRecord({ url, content: `${doc.headings}\n${doc.text}`, language, meta: { title: doc.title }, filters: { section: [doc.section] } }))
        .errors,
    );
    records++;
  }
  fail(`${site.prefix}'s pages`, (await index.writeFiles({ outputPath: join(out, site.prefix, PAGEFIND_DIR) })).errors);
  await index.deleteIndex();
  return records;
}

/** Stops Pagefind's indexer, a process of its own, once every site is written. */
export const closeStaticIndexer = close;
