/**
 * How a site's words become index terms, by the site's language: lower case, accents folded,
 * stop words dropped, then stemmed (so "guides" finds "guide"). A language without a stemmer
 * here keeps its words whole and drops none.
 */
import { stemmer as stemDe } from '@orama/stemmers/german';
import { stemmer as stemEn } from '@orama/stemmers/english';
import { stemmer as stemEs } from '@orama/stemmers/spanish';
import { stemmer as stemFr } from '@orama/stemmers/french';
import { stemmer as stemIt } from '@orama/stemmers/italian';
import { stemmer as stemNl } from '@orama/stemmers/dutch';
import { stemmer as stemPt } from '@orama/stemmers/portuguese';
import { stopwords as stopDe } from '@orama/stopwords/german';
import { stopwords as stopEn } from '@orama/stopwords/english';
import { stopwords as stopEs } from '@orama/stopwords/spanish';
import { stopwords as stopFr } from '@orama/stopwords/french';
import { stopwords as stopIt } from '@orama/stopwords/italian';
import { stopwords as stopNl } from '@orama/stopwords/dutch';
import { stopwords as stopPt } from '@orama/stopwords/portuguese';

export interface Language {
  stem(word: string): string;
  stopWords: ReadonlySet<string>;
}

const LANGUAGES: Record<string, [(w: string) => string, string[]]> = {
  de: [stemDe, stopDe],
  en: [stemEn, stopEn],
  es: [stemEs, stopEs],
  fr: [stemFr, stopFr],
  it: [stemIt, stopIt],
  nl: [stemNl, stopNl],
  pt: [stemPt, stopPt],
};

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '');

/** The site's language code ("en-GB") to its stemmer and stop words. */
export function languageOf(code: string): Language {
  const found = LANGUAGES[code.slice(0, 2).toLowerCase()];
  return found ? { stem: found[0], stopWords: new Set(found[1].map(fold)) } : { stem: (w) => w, stopWords: new Set() };
}

/** Words as a visitor would see them: runs of letters and digits (an apostrophe inside a word keeps it whole). */
export const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

const terms = new WeakMap<Language, Map<string, string | null>>();

/** One word as the index keeps it, or null for a stop word. A site repeats its words: each is worked out once. */
export function termOf(word: string, language: Language): string | null {
  let known = terms.get(language);
  if (!known) terms.set(language, (known = new Map<string, string | null>()));
  let term = known.get(word);
  if (term === undefined) known.set(word, (term = makeTerm(word, language)));
  return term;
}

function makeTerm(word: string, language: Language): string | null {
  const plain = fold(word.toLowerCase())
    .replace(/['’]s$/, '')
    .replace(/['’]/g, '');
  // A single letter matches too much to mean anything; "a" is not in every list of stop words.
  if (plain.length < 2 && !/\d/.test(plain)) return null;
  if (language.stopWords.has(plain)) return null;
  return language.stem(plain);
}
