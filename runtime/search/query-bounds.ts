/**
 * What one query may cost. Search is the one page whose work a visitor chooses: every word of a
 * query is looked up with its misspellings and, for the last, its longer forms, so a long query of
 * random words took 65 ms of the server's time and a few addresses asking for it slowed every
 * site. A query is cut to its first MAX_QUERY characters and its first MAX_TERMS different words
 * (stop words do not count), and each word's looseness is bounded: a misspelling only for words
 * of MIN_FUZZY letters or more, and of one letter at most (two cost the most by far); longer
 * forms for words of MIN_PREFIX letters or more ("yellow" finds "yellowjackets"), which with at
 * most MAX_TERMS words costs little. A "did you mean" compares each word with every word of
 * the site, the dearest step of all: it is offered for a query of MAX_SUGGESTED words at most.
 */
import { termOf, WORD, type Language } from './language.ts';

export const MAX_QUERY = 100;
export const MAX_TERMS = 8;
export const MIN_FUZZY = 4;
export const MIN_PREFIX = 3;
export const MAX_SUGGESTED = 4;

export interface BoundedQuery {
  /** The query as searched: spaces made single, trimmed, cut at MAX_QUERY characters. */
  text: string;
  /** The words searched for: at most MAX_TERMS, each a different term. */
  words: string[];
  /** Something the visitor typed was left out (characters past MAX_QUERY, or words past MAX_TERMS). */
  shortened: boolean;
}

export function boundQuery(raw: string, language: Language): BoundedQuery {
  const whole = raw.replace(/\s+/g, ' ').trim();
  const text = whole.slice(0, MAX_QUERY).trim();
  const words: string[] = [];
  const terms = new Set<string>();
  let dropped = false;
  for (const [word] of text.matchAll(WORD)) {
    const term = termOf(word, language);
    if (term === null || terms.has(term)) continue;
    if (terms.size === MAX_TERMS) {
      dropped = true;
      break;
    }
    terms.add(term);
    words.push(word);
  }
  return { text, words, shortened: dropped || whole.length > MAX_QUERY };
}

/** How loosely each term is matched: MiniSearch's prefix and fuzzy options for a bounded query. */
export const LOOSENESS = {
  prefix: (term: string) => term.length >= MIN_PREFIX,
  fuzzy: (term: string) => (term.length >= MIN_FUZZY ? 1 : false),
  maxFuzzy: 1,
};
