/**
 * What a query costs. Search is the page whose work a visitor chooses, so no query may cost much
 * more than an ordinary one: hostile queries (two hundred characters of random words, one long
 * token, many short ones, Unicode) are bounded before the engine sees them, and their time is
 * printed as a ratio to a two-word query on the largest site with search. The bound asserted is
 * on the work (what reaches the engine), with a generous ceiling on the ratio: on a busy machine
 * a time is a figure to read, not to fail on.
 */
import { beforeAll, expect, it } from 'vitest';
import { loadFleet } from '../fleet.ts';
import type { Site } from '../site.ts';
import { languageOf } from './language.ts';
import { boundQuery, MAX_QUERY, MAX_TERMS, MIN_FUZZY } from './query-bounds.ts';
import { CASES } from './relevance-cases.ts';
import { searchOf } from './site-search.ts';
import { BLOCKS } from '../../blocks/registry.ts';

let site: Site;
beforeAll(async () => {
  const fleet = await loadFleet('sites', BLOCKS, [...new Set(CASES.map(([prefix]) => prefix))]);
  site = [...fleet.sites.values()].sort((a, b) => searchOf(b).size - searchOf(a).size)[0] as Site;
});

/** The same pseudo-random letters every run. */
function letters(seed: number): () => string {
  let s = seed;
  return () => String.fromCharCode(97 + ((s = (s * 1103515245 + 12345) & 0x7fffffff) % 26));
}

function randomWords(length: number, seed: number): string {
  const next = letters(seed);
  let text = '';
  while (text.length < length) text += `${Array.from({ length: 3 + (text.length % 7) }, next).join('')} `;
  return text.slice(0, length);
}

const HOSTILE: Record<string, string> = {
  '200 characters of random words': randomWords(200, 7),
  '2,000 characters of random words': randomWords(2000, 11),
  'four long random words': randomWords(48, 5)
    .split(' ')
    .filter((w) => w.length >= 5)
    .slice(0, 4)
    .join(' '),
  'one long token': Array.from({ length: 500 }, letters(3)).join(''),
  'many short tokens': Array.from({ length: 100 }, (_, i) => `${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(98 + (i % 24))}`).join(' '),
  'many real words': 'accessibility contrast keyboard captions transcripts entrance parking restroom statement overlays forms labels images alt text color',
  'words four letters long': 'tabs text form link page help care rule plan test fact step ramp door sign list',
  Unicode: 'ｆｕｌｌｗｉｄｔｈ 𝓯𝓪𝓷𝓬𝔂 é́́́́́́ 漢字検索テスト مرحبا بالعالم 🙂🙃🙂 ñandú straße '.repeat(3),
};

/** The least of several timings: what the query costs when nothing else takes the machine. */
function cost(query: string): number {
  const search = searchOf(site);
  let best = Infinity;
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    search.search(query);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

it('bounds what any query may ask of the engine, and no query costs many times an ordinary one', () => {
  const language = languageOf(site.data.site.language);
  for (const [name, query] of Object.entries(HOSTILE)) {
    const bounded = boundQuery(query, language);
    expect(bounded.text.length, name).toBeLessThanOrEqual(MAX_QUERY);
    expect(bounded.words.length, name).toBeLessThanOrEqual(MAX_TERMS);
  }
  expect(boundQuery(HOSTILE['200 characters of random words'] as string, language).shortened).toBe(true);
  expect(boundQuery('colour contrast', language)).toEqual({ text: 'colour contrast', words: ['colour', 'contrast'], shortened: false });
  // Misspellings are looked for only in longer words.
  expect(MIN_FUZZY).toBeGreaterThanOrEqual(4);

  searchOf(site).search('warm up');
  const normal = cost('color contrast');
  const costs = Object.entries(HOSTILE).map(([name, query]) => ({ name, ms: cost(query) }));
  const worst = costs.reduce((a, b) => (b.ms > a.ms ? b : a));
  console.log(
    `search cost on ${site.prefix} (${searchOf(site).size} documents): "color contrast" ${normal.toFixed(2)} ms; ` +
      costs.map((c) => `${c.name} ${(c.ms / normal).toFixed(1)}×`).join(', ') +
      `; worst ${worst.name} ${worst.ms.toFixed(2)} ms (${(worst.ms / normal).toFixed(1)}× the two-word query)`,
  );
  expect(worst.ms / normal).toBeLessThan(40);
});
