/**
 * npm run bench (search) — the search index of the whole fleet, with MiniSearch (what the sites
 * use) and with Orama, over the same documents, stemmers and stop words: build time, heap it
 * holds, median and p99 query time, precision@1 on the relevance queries; and what building on
 * the first query costs one site. Printed, never asserted. Run with --expose-gc for the memory.
 */
import { create, insertMultiple, search as oramaSearch, type AnyOrama } from '@orama/orama';
import { fileURLToPath } from 'node:url';
import { loadFleet } from '../../runtime/fleet.ts';
import { siteDocuments, type SearchDocument } from '../../runtime/search/documents.ts';
import { SiteSearch } from '../../runtime/search/engine.ts';
import { languageOf, termOf, words } from '../../runtime/search/language.ts';
import { CASES } from '../../runtime/search/relevance-cases.ts';
import type { Site } from '../../runtime/site.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const SITES = process.env.SITES_DIR ?? fileURLToPath(new URL('../../sites', import.meta.url));
const fleet = await loadFleet(SITES, BLOCKS);
const sites = [...fleet.sites.values()];
const docs = new Map<Site, SearchDocument[]>(sites.map((s) => [s, siteDocuments(s)]));
const count = [...docs.values()].reduce((n, d) => n + d.length, 0);

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;

/** Queries: the relevance set, and words of each site's own titles, a few misspelt. */
function queriesFor(site: Site): string[] {
  const own = CASES.filter(([prefix]) => prefix === site.prefix).map(([, q]) => q);
  const titles = (docs.get(site) ?? []).slice(0, 6).map((d) => words(d.title).slice(0, 2).join(' '));
  return [...own, ...titles, ...titles.map((t) => t.replace(/(\w)(\w)(\w*)$/, '$2$1$3'))].filter(Boolean);
}

interface Engine {
  name: string;
  build(site: Site): Promise<unknown>;
  first(index: unknown, query: string): Promise<string | undefined>;
}

const minisearch: Engine = {
  name: 'MiniSearch 7.2',
  build: async (site: Site) => new SiteSearch(docs.get(site) ?? [], languageOf(site.data.site.language)),
  first: async (index, q) => (index as SiteSearch).search(q, { perPage: 10 }).hits[0]?.path,
};

/** The same index, matching only (no snippets, counts or suggestion): what Orama's search does. */
const minisearchFind: Engine = {
  name: 'MiniSearch find',
  build: (site) => minisearch.build(site),
  first: async (index, q) => {
    const id = (index as SiteSearch).find(q)[0]?.id as number | undefined;
    return id === undefined ? undefined : (index as { docs?: SearchDocument[] }).docs?.[id]?.path;
  },
};

const orama: Engine = {
  name: 'Orama 3.1',
  async build(site) {
    const language = languageOf(site.data.site.language);
    const db = create({
      schema: { path: 'string', title: 'string', headings: 'string', text: 'string', section: 'enum' } as const,
      components: {
        tokenizer: {
          language: 'english',
          normalizationCache: new Map<string, string>(),
          tokenize: (raw: string) => words(raw).flatMap((w) => termOf(w, language) ?? []),
        },
      },
    });
    await insertMultiple(
      db,
      (docs.get(site) ?? []).map(({ id: _id, summary: _summary, ...d }) => d),
    );
    return db;
  },
  async first(index, q) {
    const found = await oramaSearch(index as AnyOrama, {
      term: q,
      properties: ['title', 'headings', 'text'],
      boost: { title: 4, headings: 2 },
      tolerance: 1,
      limit: 10,
    });
    return (found.hits[0]?.document as { path?: string } | undefined)?.path;
  },
};

console.log(`search: ${sites.length} sites, ${count} documents${gc ? '' : ' (memory not measured: run node with --expose-gc)'}`);
for (const engine of [minisearch, minisearchFind, orama]) {
  const before = heap();
  const start = performance.now();
  const indexes = new Map<Site, unknown>();
  for (const site of sites) indexes.set(site, await engine.build(site));
  const buildMs = performance.now() - start;
  const held = heap() - before;
  const times: number[] = [];
  for (const site of sites)
    for (const q of queriesFor(site)) {
      const t = performance.now();
      await engine.first(indexes.get(site), q);
      times.push(performance.now() - t);
    }
  times.sort((a, b) => a - b);
  let right = 0;
  for (const [prefix, q, want] of CASES) {
    const site = fleet.sites.get(prefix) as Site;
    if ((await engine.first(indexes.get(site), q)) === want) right++;
  }
  console.log(
    `  ${engine.name.padEnd(15)} build ${ms(buildMs)} for the fleet, heap ${gc ? `${(held / 1048576).toFixed(1)} MB` : 'n/a'}, ` +
      `${times.length} queries: median ${ms(pct(times, 50))}, p99 ${ms(pct(times, 99))}; precision@1 ${right}/${CASES.length}`,
  );
  indexes.clear();
}

// Built on the first query (what the server does) against built when the site loads: the first visitor waits for one site's index.
const biggest = [...sites].sort((a, b) => (docs.get(b)?.length ?? 0) - (docs.get(a)?.length ?? 0))[0] as Site;
const t = performance.now();
const lazy = new SiteSearch(siteDocuments(biggest), languageOf(biggest.data.site.language));
lazy.search('parking permit');
console.log(
  `  lazy: the first query on ${biggest.prefix} (${lazy.size} documents, the largest) waits ${ms(performance.now() - t)} for documents + index + query`,
);
