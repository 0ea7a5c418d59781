/**
 * Relevance over the sites with search: for each query, the page a visitor would want first,
 * written from the sites' content, with misspellings and singular/plural forms. Prints
 * precision@1 and fails below 90%.
 */
import { beforeAll, expect, it } from 'vitest';
import { loadFleet, type Fleet } from '../fleet.ts';
import { CASES } from './relevance-cases.ts';
import { searchOf } from './site-search.ts';

let fleet: Fleet;
beforeAll(async () => {
  fleet = await loadFleet('sites', [...new Set(CASES.map(([site]) => site))]);
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
