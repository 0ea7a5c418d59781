/**
 * The search of a site version, built lazily on its first query and kept with the Site object:
 * a reloaded site is a new object, so its index is built afresh and the old one goes with the
 * old version. Lazily, because only the few sites with search pay for it, and a site's index
 * takes a few milliseconds (see `npm run bench`).
 */
import type { Site } from '../site.ts';
import { siteDocuments } from './documents.ts';
import { SiteSearch } from './engine.ts';
import { languageOf } from './language.ts';

const built = new WeakMap<Site, SiteSearch>();

export function searchOf(site: Site): SiteSearch {
  let search = built.get(site);
  if (!search) {
    search = new SiteSearch(siteDocuments(site), languageOf(site.data.site.language));
    built.set(site, search);
  }
  return search;
}

/** Where a site with search answers: a page of its own at this address shows the results. */
export const SEARCH_PATH = '/search';

/** The address of the site's search page, when the site has search (`search: true`). */
export function searchPath(site: Site): string | undefined {
  return site.data.search ? SEARCH_PATH : undefined;
}

/** The folder of a site's static export that holds its Pagefind index, loaded by its results page. */
export const PAGEFIND_DIR = 'pagefind';
