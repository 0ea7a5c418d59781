/**
 * Relevance over the sites with search: for each query, the page a visitor would want first,
 * written from the sites' content, with misspellings and singular/plural forms. Prints
 * precision@1 and fails below 90%.
 */
import { beforeAll, expect, it } from 'vitest';
import { loadFleet, type Fleet } from '../fleet.ts';
import { siteDocuments } from './documents.ts';
import { languageOf, termOf, words } from './language.ts';
import { ALL_WORDS_FIRST, CASES, FORM_BUTTONS, FORM_ONLY } from './relevance-cases.ts';
import { searchOf } from './site-search.ts';
import { BLOCKS } from '../../blocks/registry.ts';

let fleet: Fleet;
beforeAll(async () => {
  fleet = await loadFleet('sites', BLOCKS, [...new Set([...CASES, ...FORM_ONLY, ...FORM_BUTTONS, ...ALL_WORDS_FIRST].map(([site]) => site))]);
});

it('puts the right page first for at least 90% of the queries', () => {
  const misses: string[] = [];
  for (const [prefix, query, want] of CASES) {
    const site = fleet.sites.get(prefix);
    if (!site) throw new Error(`${prefix} did not load`);
    const first = searchOf(site).search(query).hits[0]?.path;
    if (first !== want) misses.push(`${prefix} "${query}": got ${first ?? 'nothing'}, want ${want}`);
  }
  const precision = (CASES.length - misses.length) / CASES.length;
  console.log(
    `search precision@1: ${(precision * 100).toFixed(1)}% (${CASES.length - misses.length}/${CASES.length})${misses.length ? `\n  ${misses.join('\n  ')}` : ''}`,
  );
  expect(precision).toBeGreaterThanOrEqual(0.9);
});

const siteOf = (prefix: string) => {
  const site = fleet.sites.get(prefix);
  if (!site) throw new Error(`${prefix} did not load`);
  return site;
};

it('finds only the words a visitor reads: never a page by its form’s insides', () => {
  const found = FORM_ONLY.filter(([prefix, query, page]) =>
    searchOf(siteOf(prefix))
      .search(query)
      .hits.some((h) => h.path === page),
  );
  for (const [prefix, query] of FORM_BUTTONS)
    for (const hit of searchOf(siteOf(prefix)).search(query).hits) {
      const snippet = hit.snippet.map((p) => p.text).join('');
      if (/\btextarea\b|\bYour name text\b/.test(snippet)) found.push([prefix, query, `${hit.path}: ${snippet}`]);
    }
  console.log(
    `form words: ${FORM_ONLY.length} queries that must not find the form's page, ${FORM_BUTTONS.length} whose snippets must show no form; ${found.length} wrong`,
  );
  expect(found).toEqual([]);
});

it('puts the pages holding every word of the query first', () => {
  const wrong: string[] = [];
  for (const [prefix, query] of ALL_WORDS_FIRST) {
    const site = siteOf(prefix);
    const language = languageOf(site.data.site.language);
    const terms = words(query).flatMap((w) => termOf(w, language) ?? []);
    const docs = new Map(siteDocuments(site).map((d) => [d.path, d]));
    // Read from the page's own words, not from the engine: how many of the query's words it holds (or starts a longer word with).
    const held = searchOf(site)
      .search(query, { perPage: 50 })
      .hits.map((hit) => {
        const doc = docs.get(hit.path);
        const own = new Set(words(`${doc?.title} ${doc?.headings} ${doc?.text}`).flatMap((w) => termOf(w, language) ?? []));
        return terms.filter((t) => [...own].some((o) => o.startsWith(t))).length;
      });
    if (held.some((n, i) => i > 0 && n > (held[i - 1] as number))) wrong.push(`${prefix} "${query}": words held in order ${held.join(', ')}`);
  }
  expect(wrong).toEqual([]);
});
