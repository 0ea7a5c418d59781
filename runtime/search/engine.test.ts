import { describe, expect, it } from 'vitest';
import type { SearchDocument } from './documents.ts';
import { mark, pageNumber, SiteSearch } from './engine.ts';
import { languageOf, termOf } from './language.ts';
import { MAX_QUERY } from './query-bounds.ts';
import { closest, distance } from './suggest.ts';

const doc = (id: number, path: string, title: string, text: string, section = 'pages'): SearchDocument => ({
  id,
  path,
  title,
  headings: '',
  text,
  section,
  summary: text.slice(0, 80),
});

const en = languageOf('en-GB');
const search = new SiteSearch(
  [
    doc(0, '/screen-readers', 'Testing with a screen reader', 'Screen readers read the page aloud. Accessibility starts with headings.', 'guides'),
    doc(1, '/contrast', 'Colour contrast', 'Contrast ratios for text: <b>4.5 to 1</b> for body text.', 'guides'),
    doc(2, '/blog/ramps', 'Ramps and stairs', 'A ramp beside the stairs makes an entrance accessible.', 'posts'),
    ...Array.from({ length: 23 }, (_, i) => doc(3 + i, `/blog/note-${i}`, `Note ${i}`, 'A short note about accessibility.', 'posts')),
  ],
  en,
);

describe('terms', () => {
  it('stems, folds accents and drops stop words and single letters in the site language', () => {
    expect(termOf('Readers', en)).toBe(termOf('reader', en));
    expect(termOf('the', en)).toBeNull();
    expect(termOf('a', en)).toBeNull();
    expect(termOf('café', en)).toBe(termOf('cafe', en));
    expect(termOf('Häuser', languageOf('xx'))).toBe('hauser');
  });
});

describe('SiteSearch', () => {
  it('finds misspelt words, prefixes and other forms of a word', () => {
    expect(search.search('acessibility').total).toBeGreaterThan(0);
    expect(search.search('screen reder').hits[0]?.path).toBe('/screen-readers');
    expect(search.search('contr').hits[0]?.path).toBe('/contrast');
    expect(search.search('ramp').hits[0]?.path).toBe('/blog/ramps');
  });

  it('marks the matched words as pieces of text, leaving any markup in the content as text', () => {
    const hit = search.search('ratios').hits[0];
    expect(hit?.snippet.some((p) => p.hit && p.text === 'ratios')).toBe(true);
    expect(hit?.snippet.map((p) => p.text).join('')).toContain('<b>4.5 to 1</b>');
  });

  it('counts per section, filters by one, and keeps the page inside the results', () => {
    const all = search.search('accessibility');
    expect(all.sections).toEqual([
      { section: 'posts', count: 24 },
      { section: 'guides', count: 1 },
    ]);
    const posts = search.search('accessibility', { section: 'posts', page: 1e9 });
    expect(posts.total).toBe(24);
    expect(posts.page).toBe(3);
    expect(posts.hits).toHaveLength(4);
    expect(search.search('accessibility', { section: 'nonsense' }).section).toBeUndefined();
  });

  it('suggests a spelling that finds something when nothing is found', () => {
    // Two letters swapped in a short word are beyond the typo tolerance of the search itself.
    const answer = search.search('rmap');
    expect(answer.total).toBe(0);
    expect(answer.suggestion).toBe('ramp');
    expect(search.search('qqqqqq').suggestion).toBeUndefined();
  });

  it('answers an empty, long or odd query with nothing found rather than an error', () => {
    for (const q of ['', '   ', 'x'.repeat(2000), '.*+?^${}()|[]\\', '"AND OR NOT -', '🙂']) expect(() => search.search(q)).not.toThrow();
    expect(search.search('x'.repeat(2000)).query).toHaveLength(MAX_QUERY);
  });

  it('searches the first words of a long query and says so', () => {
    const long = search.search(`colour contrast ${'please '.repeat(40)}`);
    expect(long.shortened).toBe(true);
    expect(long.hits[0]?.path).toBe('/contrast');
    expect(search.search('colour contrast').shortened).toBeUndefined();
  });
});

describe('pieces', () => {
  it('cuts text at each matched word', () => {
    expect(mark('Ramps and stairs', (w) => w === 'stairs')).toEqual([{ text: 'Ramps and ' }, { text: 'stairs', hit: true }]);
  });
  it('reads a page number as a whole number of at least 1', () => {
    expect([undefined, '-1', '0', 'two', '2.7', '1e9'].map(pageNumber)).toEqual([1, 1, 1, 1, 2, 1e9]);
  });
  it('measures spelling distance with swaps as one edit, and picks the nearest common word', () => {
    expect(distance('acess', 'access')).toBe(1);
    expect(distance('sign', 'sing')).toBe(1);
    expect(
      closest(
        'entrnces',
        new Map([
          ['entrances', 3],
          ['entrance', 9],
        ]),
      ),
    ).toBe('entrances');
  });
});
