import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { loadSite, type LoadResult } from './config/load-site.ts';
import { checkMedia } from './config/media.ts';
import { isReservedPrefix, PREFIX_PATTERN } from './routing/reserved.ts';
import type { Site } from './site.ts';

/** Every site in a folder: the ones that load, and the ones that do not with their problems. */
export interface Fleet {
  sitesDir: string;
  sites: Map<string, Site>;
  broken: Map<string, LoadResult>;
  results: LoadResult[];
}

/** The file as messages show it: relative to the working folder (sites/<prefix>/site.yaml), else in full. */
export const displayFile = (sitesDir: string, prefix: string): string => displayPath(sitesDir, prefix, 'site.yaml');

/** Any path as messages show it: relative to the working folder, else in full. */
export function displayPath(...parts: string[]): string {
  const full = resolve(...parts);
  const rel = relative(process.cwd(), full);
  return rel.startsWith('..') || isAbsolute(rel) ? full : rel.split(sep).join('/');
}

async function listMedia(dir: string): Promise<Set<string>> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return new Set(entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/')));
  } catch {
    return new Set();
  }
}

export async function loadSiteFolder(sitesDir: string, prefix: string, options: { keepDocument?: boolean } = {}): Promise<LoadResult> {
  const file = displayFile(sitesDir, prefix);
  const folder = join(sitesDir, prefix);
  let source: string;
  try {
    source = await readFile(join(folder, 'site.yaml'), 'utf8');
  } catch {
    return {
      prefix,
      file,
      source: '',
      problems: [
        {
          code: 'SW_FILE_MISSING',
          severity: 'error',
          file,
          line: 1,
          col: 1,
          length: 1,
          detail: `The folder ${join(basename(sitesDir), prefix)} has no site.yaml.`,
          fix: `add one (npx sitewright new ${prefix}), or remove the folder.`,
        },
      ],
    };
  }
  const { allowed, refused } = await checkMedia(join(folder, 'media'), await listMedia(join(folder, 'media')));
  const result = loadSite({ prefix, file, source, media: allowed, ...options });
  if (!refused.length) return result;
  const problems = refused.map(({ name, reason }) => ({
    code: 'SW_MEDIA_TYPE' as const,
    severity: 'error' as const,
    file: displayPath(sitesDir, prefix, 'media', name),
    line: 1,
    col: 1,
    length: 1,
    whole: true,
    detail: `This file cannot be served: ${reason}. A web page or script here would run with every site's pages in reach.`,
    fix: 'remove it from the media folder, or save it in the type its name says (pictures as JPEG, PNG, WebP, AVIF, GIF or SVG; documents as PDF).',
  }));
  // A site with such a file does not load: the file must go before the site serves again.
  return { ...result, site: undefined, problems: [...problems, ...result.problems] };
}

export async function listSiteFolders(sitesDir: string): Promise<string[]> {
  const entries = await readdir(sitesDir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !e.name.startsWith('_'))
    .map((e) => e.name)
    .sort();
}

/** Every site in the folder, or only the named ones (which the caller has checked exist). */
export async function loadFleet(sitesDir: string, only?: readonly string[]): Promise<Fleet> {
  const fleet: Fleet = { sitesDir, sites: new Map(), broken: new Map(), results: [] };
  for (const prefix of only ? [...new Set(only)].sort() : await listSiteFolders(sitesDir)) {
    const result = await loadSiteFolder(sitesDir, prefix);
    fleet.results.push(result);
    if (result.site) fleet.sites.set(prefix, result.site);
    // A folder that cannot be a prefix at all is reported but answers nothing: its address belongs to the platform.
    else if (PREFIX_PATTERN.test(prefix) && !isReservedPrefix(prefix)) fleet.broken.set(prefix, result);
  }
  return fleet;
}

export async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}
