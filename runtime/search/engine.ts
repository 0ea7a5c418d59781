/**
 * One site's search: a MiniSearch index of its documents (see documents.ts), queried with prefix
 * matching and typo tolerance, answered as plain data a page or a script can show. Snippets are
 * pieces of text with the matched words marked, never HTML: whoever shows them escapes them.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import type { SearchDocument } from './documents.ts';
import { termOf, words, WORD, type Language } from './language.ts';
import { boundQuery, LOOSENESS, MAX_SUGGESTED, type BoundedQuery } from './query-bounds.ts';
import { closest } from './suggest.ts';

/** A run of text, marked when it is a word of the query. */
export interface Piece {
  text: string;
  hit?: true;
}

export interface Hit {
  path: string;
  title: Piece[];
  snippet: Piece[];
  section: string;
}

export interface SearchAnswer {
  /** The query as searched: trimmed, at most MAX_QUERY characters. */
  query: string;
  /** Part of what was typed was not searched for (past MAX_QUERY characters or MAX_TERMS words): the page says so. */
  shortened?: true;
  section?: string;
  /** Found in every section, by section, most first. */
  sections: { section: string; count: number }[];
  /** Found in the chosen section (or in all). */
  total: number;
  page: number;
  pages: number;
  hits: Hit[];
  /** A spelling of the query that finds something, when this one finds nothing. */
  suggestion?: string;
}

export const PER_PAGE = 10;
const SNIPPET_WORDS = 28;

/** A page number as a visitor may write it ("-1", "1e9", "two"): a whole number of at least 1. */
export function pageNumber(value: string | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 1 ? Math.floor(Math.min(n, Number.MAX_SAFE_INTEGER)) : 1;
}

export class SiteSearch {
  private readonly index: MiniSearch<SearchDocument>;
  /** Every word of the site as written (lower case), with how often it appears: what "did you mean" picks from. */
  private readonly vocabulary = new Map<string, number>();

  constructor(
    private readonly docs: readonly SearchDocument[],
    private readonly language: Language,
  ) {
    this.index = new MiniSearch<SearchDocument>({
      fields: ['title', 'headings', 'text'],
      tokenize: words,
      processTerm: (term) => termOf(term, language),
    });
    this.index.addAll(docs);
    for (const doc of docs)
      for (const word of words(`${doc.title} ${doc.headings} ${doc.text}`)) {
        const w = word.toLowerCase();
        if (w.length > 2 && !/\d/.test(w)) this.vocabulary.set(w, (this.vocabulary.get(w) ?? 0) + 1);
      }
  }

  get size(): number {
    return this.docs.length;
  }

  /** What matches a query, bounded as every query is (query-bounds.ts), best first, without snippets or counts. */
  find(query: string): SearchResult[] {
    return this.match(boundQuery(query, this.language).words);
  }

  private match(searched: readonly string[]): SearchResult[] {
    if (!searched.length) return [];
    const query = searched.join(' ');
    const options = { boost: { title: 4, headings: 2 }, ...LOOSENESS };
    const all = this.index.search(query, { ...options, combineWith: 'AND' });
    return literalFirst(all.length ? all : this.index.search(query, { ...options, combineWith: 'OR' }), searched, this.language);
  }

  search(raw: string, opts: { section?: string; page?: number; perPage?: number } = {}): SearchAnswer {
    const bounded = boundQuery(raw, this.language);
    const query = bounded.text;
    const perPage = opts.perPage ?? PER_PAGE;
    const found = this.match(bounded.words);
    const counts = new Map<string, number>();
    for (const r of found) {
      const section = (this.docs[r.id as number] as SearchDocument).section;
      counts.set(section, (counts.get(section) ?? 0) + 1);
    }
    const section = opts.section && counts.has(opts.section) ? opts.section : undefined;
    const shown = section ? found.filter((r) => (this.docs[r.id as number] as SearchDocument).section === section) : found;
    const pages = Math.max(1, Math.ceil(shown.length / perPage));
    const page = Math.min(Math.max(1, opts.page ?? 1), pages);
    const hits = shown.slice((page - 1) * perPage, page * perPage).map((r) => this.hit(r));
    return {
      query,
      ...(bounded.shortened ? { shortened: true as const } : {}),
      ...(section ? { section } : {}),
      sections: [...counts].map(([s, count]) => ({ section: s, count })).sort((a, b) => b.count - a.count || a.section.localeCompare(b.section)),
      total: shown.length,
      page,
      pages,
      hits,
      ...(bounded.words.length && !found.length ? this.suggest(bounded) : {}),
    };
  }

  private hit(result: SearchResult): Hit {
    const doc = this.docs[result.id as number] as SearchDocument;
    const terms = new Set(result.terms);
    const isHit = (word: string) => {
      const term = termOf(word, this.language);
      return term !== null && terms.has(term);
    };
    return { path: doc.path, section: doc.section, title: mark(doc.title, isHit), snippet: snippet(doc, isHit) };
  }

  /** The query with each unknown word searched for replaced by the nearest word of the site, if that finds anything. */
  private suggest({ text, words: searched }: BoundedQuery): { suggestion?: string } {
    if (searched.length > MAX_SUGGESTED) return {};
    const nearest = new Map<string, string>();
    for (const word of searched) {
      const lower = word.toLowerCase();
      const near = this.vocabulary.has(lower) ? undefined : closest(lower, this.vocabulary);
      if (near) nearest.set(word, near);
    }
    if (!nearest.size) return {};
    const fixed = text.replace(WORD, (word) => nearest.get(word) ?? word);
    return this.find(fixed).length ? { suggestion: fixed } : {};
  }
}

/**
 * Results ordered by how many of the words searched for each holds as written (or as the start of
 * a longer word), then by score: a page with every word comes before one found only through a
 * misspelling ("contrast" is one letter from "contract"), however often that one says it.
 */
function literalFirst(results: SearchResult[], searched: readonly string[], language: Language): SearchResult[] {
  const terms = searched.map((word) => termOf(word, language)).filter((t): t is string => t !== null);
  const literal = (r: SearchResult) => terms.filter((t) => Object.keys(r.match).some((found) => found.startsWith(t))).length;
  const counts = new Map(results.map((r) => [r, literal(r)]));
  return results.sort((a, b) => (counts.get(b) as number) - (counts.get(a) as number));
}

/** Text cut into pieces at each word the query matched. */
export function mark(text: string, isHit: (word: string) => boolean): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const m of text.matchAll(WORD)) {
    if (!isHit(m[0])) continue;
    if (m.index > at) pieces.push({ text: text.slice(at, m.index) });
    pieces.push({ text: m[0], hit: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}

/** About SNIPPET_WORDS words of the text around its first matched word; the summary when the text has none. */
function snippet(doc: SearchDocument, isHit: (word: string) => boolean): Piece[] {
  const text = doc.text.replace(/\s+/g, ' ');
  const found = [...text.matchAll(WORD)];
  const first = found.findIndex((m) => isHit(m[0]));
  if (first < 0) return mark(doc.summary, isHit);
  const from = Math.max(0, first - 8);
  const to = Math.min(found.length - 1, from + SNIPPET_WORDS);
  const start = from === 0 ? 0 : (found[from] as RegExpExecArray).index;
  const last = found[to] as RegExpExecArray;
  const end = to === found.length - 1 ? text.length : last.index + last[0].length;
  return mark(`${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`, isHit);
}
