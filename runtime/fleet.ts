import { open, readdir, readFile, stat } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { maxSiteBytes, sizeProblem } from './config/budget.ts';
import { loadSite, type LoadResult } from './config/load-site.ts';
import type { Problem } from './config/problem.ts';
import { readMedia } from './config/media.ts';
import { isReservedPrefix, PREFIX_PATTERN } from './routing/reserved.ts';
import type { Site } from './site.ts';
import type { BlockRegistry } from '../blocks/contract.ts';

/** Every site in a folder: the ones that load, and the ones that do not with their problems. */
export interface Fleet {
  sitesDir: string;
  /** The sites loaded now: every valid one, unless the fleet is lazy (then the most recently used last). */
  sites: Map<string, Site>;
  broken: Map<string, LoadResult>;
  /** What loading each site gave (a lazy fleet keeps none: it reads problems from `broken`). */
  results: LoadResult[];
  /** A fleet too large to load at once: sites load on their first request, and only the most recently used stay. */
  lazy?: LazySites;
  /** Each custom domain (lowercase) and the prefix of the site it serves. */
  domains: Map<string, string>;
}

/** Where a text first appears in a source, as a problem's line and column (1-based). */
function placeOf(source: string, text: string, after = 0): { line: number; col: number } {
  const at = Math.max(0, source.indexOf(text, after));
  const before = source.slice(0, at).split('\n');
  return { line: before.length, col: (before.at(-1)?.length ?? 0) + 1 };
}

/**
 * The custom domains of these sites, each to one site: a domain a site earlier in alphabetical
 * order already claims makes the later site's load fail, with the problem at its entry.
 */
export function claimDomains(results: LoadResult[], taken = new Map<string, string>()): { results: LoadResult[]; domains: Map<string, string> } {
  const domains = new Map(taken);
  const out = [...results]
    .sort((a, b) => a.prefix.localeCompare(b.prefix))
    .map((result) => {
      const wanted = result.site?.data.domains ?? [];
      const clash = wanted.find((d) => domains.has(d) && domains.get(d) !== result.prefix);
      if (!clash) {
        for (const d of wanted) domains.set(d, result.prefix);
        return result;
      }
      const { line, col } = placeOf(result.source, clash, result.source.search(/^domains:/m));
      const problem = {
        code: 'SW_DOMAIN_TAKEN' as const,
        severity: 'error' as const,
        file: result.file,
        line,
        col,
        length: clash.length,
        detail: `The domain ${clash} is already claimed by the site "${domains.get(clash)}".`,
        fix: `remove it here or from sites/${domains.get(clash)}/site.yaml: a domain leads to one site.`,
      };
      return { ...result, site: undefined, problems: [problem, ...result.problems] };
    });
  return { results: out, domains };
}

/** How a lazy fleet loads: the site folders there are, the most kept loaded, the loads under way. */
export interface LazySites {
  folders: Set<string>;
  keep: number;
  loading: Map<string, Promise<LoadResult>>;
  /** How a site is read: in this thread with the fleet's registry, or in worker threads within a budget (a server). */
  load: LoadFolder;
  /** Moves a read that is waiting its turn to the front: a visitor is waiting for it. */
  hurry?: (prefix: string) => void;
}

/** Reads one site folder; `urgent` when a visitor is waiting for it. */
export type LoadFolder = (sitesDir: string, prefix: string, options?: { urgent?: boolean }) => Promise<LoadResult>;

/** The site under a prefix, loading it first in a lazy fleet (each site once, however many ask at once). */
export async function siteOf(fleet: Fleet, prefix: string): Promise<Site | undefined> {
  const site = loadedSite(fleet, prefix);
  const lazy = fleet.lazy;
  if (site || !lazy?.folders.has(prefix) || fleet.broken.has(prefix)) return site;
  const started = lazy.loading.get(prefix);
  if (started) lazy.hurry?.(prefix);
  return (started ?? startLoading(fleet, lazy, prefix, true)).then((r) => r.site);
}

/** Reads a site of a lazy fleet once, however many ask at once, and files it as serving or broken. */
function startLoading(fleet: Fleet, lazy: LazySites, prefix: string, urgent: boolean): Promise<LoadResult> {
  const read = lazy.load(fleet.sitesDir, prefix, { urgent }).then((result) => {
    lazy.loading.delete(prefix);
    if (result.site) fleet.sites.set(prefix, result.site);
    else fleet.broken.set(prefix, result);
    for (const domain of result.site?.data.domains ?? []) if (!fleet.domains.has(domain)) fleet.domains.set(domain, prefix);
    keepRecent(fleet.sites, lazy.keep);
    return result;
  });
  lazy.loading.set(prefix, read);
  return read;
}

/**
 * A fleet that serves at once and reads its sites in the background, each as soon as its turn comes
 * (or at once when a visitor asks for it): no site waits for all the others. `ready` gives the
 * whole fleet, with every result and the domains claimed as loadFleet claims them, once all are read.
 */
export async function openLoadingFleet(sitesDir: string, load: LoadFolder, hurry?: (prefix: string) => void): Promise<{ fleet: Fleet; ready: Promise<Fleet> }> {
  const all = await listSiteFolders(sitesDir);
  const servable = all.filter((p) => PREFIX_PATTERN.test(p) && !isReservedPrefix(p));
  const lazy: LazySites = { folders: new Set(servable), keep: Infinity, loading: new Map(), load, hurry };
  const fleet: Fleet = { sitesDir, sites: new Map(), broken: new Map(), results: [], lazy, domains: new Map() };
  const read = all.map((prefix) => {
    if (!lazy.folders.has(prefix)) return load(sitesDir, prefix);
    // A visitor may have asked for it already: that read is the one.
    return lazy.loading.get(prefix) ?? startLoading(fleet, lazy, prefix, false);
  });
  const ready = Promise.all(read).then((results) => fleetOf(sitesDir, results));
  return { fleet, ready };
}

/** A whole fleet from what reading each folder gave: domains claimed, broken sites apart. */
function fleetOf(sitesDir: string, loaded: LoadResult[]): Fleet {
  const { results, domains } = claimDomains(loaded);
  const fleet: Fleet = { sitesDir, sites: new Map(), broken: new Map(), results: [], domains };
  for (const result of results) {
    const { prefix } = result;
    fleet.results.push(result);
    if (result.site) fleet.sites.set(prefix, result.site);
    // A folder that cannot be a prefix at all is reported but answers nothing: its address belongs to the platform.
    else if (PREFIX_PATTERN.test(prefix) && !isReservedPrefix(prefix)) fleet.broken.set(prefix, result);
  }
  return fleet;
}

/** Drops the least recently used sites (the first entries) until at most `keep` are held. */
export function keepRecent(sites: Map<string, Site>, keep: number): void {
  for (const oldest of sites.keys()) {
    if (sites.size <= keep) break;
    sites.delete(oldest);
  }
}

/** The site under a prefix if it is loaded now (marked as just used in a lazy fleet): no waiting, for the path every request takes. */
export function loadedSite(fleet: Fleet, prefix: string): Site | undefined {
  const site = fleet.sites.get(prefix);
  if (site && fleet.lazy) {
    // Most recently used last: the first entries are the first to go.
    fleet.sites.delete(prefix);
    fleet.sites.set(prefix, site);
  }
  return site;
}

/** Whether a lazy fleet has a site under the prefix that is not loaded yet (and has not failed to load). */
export const loadsLater = (fleet: Fleet, prefix: string) => Boolean(fleet.lazy?.folders.has(prefix)) && !fleet.sites.has(prefix) && !fleet.broken.has(prefix);

/** Whether a prefix names a site of the fleet, loaded or not, working or not. */
export const knowsSite = (fleet: Fleet, prefix: string) => fleet.sites.has(prefix) || fleet.broken.has(prefix) || Boolean(fleet.lazy?.folders.has(prefix));

/** Every prefix that may serve: each valid site of an eager fleet; each folder of a lazy one that has not failed. */
export const servablePrefixes = (fleet: Fleet): string[] =>
  fleet.lazy ? [...fleet.lazy.folders].filter((p) => !fleet.broken.has(p)).sort() : [...fleet.sites.keys()];

/** The file as messages show it: relative to the working folder (sites/<prefix>/site.yaml), else in full. */
export const displayFile = (sitesDir: string, prefix: string): string => displayPath(sitesDir, prefix, 'site.yaml');

/** Any path as messages show it: relative to the working folder, else in full. */
export function displayPath(...parts: string[]): string {
  const full = resolve(...parts);
  const rel = relative(process.cwd(), full);
  return rel.startsWith('..') || isAbsolute(rel) ? full : rel.split(sep).join('/');
}

/** The site in one folder, read in this thread with the blocks it may use. */
export async function loadSiteFolder(
  sitesDir: string,
  prefix: string,
  blocks: BlockRegistry,
  options: { keepDocument?: boolean; keepParts?: boolean; keepLines?: boolean; draft?: string } = {},
): Promise<LoadResult> {
  const file = displayFile(sitesDir, prefix);
  const folder = join(sitesDir, prefix);
  const { draft, ...keep } = options;
  // A draft (the studio's) is read in place of the file, with the folder's media.
  const read = draft === undefined ? await readSiteFile(sitesDir, prefix) : draft;
  if (typeof read !== 'string') return read;
  const source = read;
  const { allowed, refused, facts } = await readMedia(join(folder, 'media'));
  const result = loadSite({ prefix, file, source, media: allowed, facts, blocks, ...keep });
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

/** The text of a site's file, or the result that says why it cannot be read (missing, over the budget). */
async function readSiteFile(sitesDir: string, prefix: string): Promise<string | LoadResult> {
  const file = displayFile(sitesDir, prefix);
  const folder = join(sitesDir, prefix);
  try {
    const path = join(folder, 'site.yaml');
    // A file over the budget is not read whole: its first bytes are enough to say where it passes the limit.
    const max = maxSiteBytes();
    const { size } = await stat(path);
    if (size > max) {
      const head = await readHead(path, max + 4);
      return { prefix, file, source: head, problems: [sizeProblem(head, file, max, size) as Problem] };
    }
    return await readFile(path, 'utf8');
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
}

/** The first bytes of a file, as text. */
async function readHead(path: string, bytes: number): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

export async function listSiteFolders(sitesDir: string): Promise<string[]> {
  const entries = await readdir(sitesDir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !e.name.startsWith('_'))
    .map((e) => e.name)
    .sort();
}

/**
 * A fleet whose sites load when first asked for (see siteOf): starting costs a folder listing,
 * however many sites there are, and at most `keep` sites are held in memory. A site's problems
 * are found when it is first asked for (or by `sitewright validate`), not at start.
 */
export async function openLazyFleet(sitesDir: string, blocks: BlockRegistry, keep: number): Promise<Fleet> {
  const folders = (await listSiteFolders(sitesDir)).filter((p) => PREFIX_PATTERN.test(p) && !isReservedPrefix(p));
  const load: LoadFolder = (dir, prefix) => loadSiteFolder(dir, prefix, blocks);
  return {
    sitesDir,
    sites: new Map(),
    broken: new Map(),
    results: [],
    lazy: { folders: new Set(folders), keep, loading: new Map(), load },
    domains: new Map(),
  };
}

/** Every site in the folder, or only the named ones (which the caller has checked exist). */
export async function loadFleet(sitesDir: string, blocks: BlockRegistry, only?: readonly string[]): Promise<Fleet> {
  const loaded: LoadResult[] = [];
  for (const prefix of only ? [...new Set(only)].sort() : await listSiteFolders(sitesDir)) loaded.push(await loadSiteFolder(sitesDir, prefix, blocks));
  return fleetOf(sitesDir, loaded);
}

export async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}
