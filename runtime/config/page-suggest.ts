/**
 * The page a link to nowhere most likely meant, and the fix that says so: the same address written
 * the way page paths are (lowercase, dashes between words); a near spelling; a page whose address
 * ends the same way or shares a word with it; else a page whose title, headings, blocks or text
 * are about the link's words ("/prices" → the page with the price list).
 */
import type { Target } from '../site.ts';
import { nearest } from './suggest.ts';

export interface PageSuggestion {
  /** The page to link to instead, when there is one to suggest. */
  path?: string;
  fix: string;
}

/** Words that say nothing about what a page is. */
const EMPTY_WORDS = new Set(['the', 'and', 'for', 'our', 'your', 'you', 'with', 'from', 'page', 'pages', 'index', 'html', 'htm', 'php', 'home', 'www']);

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** A path written the way page paths are: lowercase, dashes between words, no slash at the end. */
export function dashedPath(path: string): string {
  const out = decode(path)
    .toLowerCase()
    .replace(/\.html?$/, '')
    .replace(/[\s_+]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/(^|\/)-+|-+(?=\/|$)/g, '$1');
  return out.length > 1 ? out.replace(/\/+$/, '') || '/' : out || '/';
}

/** The words of a path worth looking for. */
const wordsOf = (path: string) => [...new Set(path.split(/[/-]+/).filter((w) => w.length > 2 && !EMPTY_WORDS.has(w) && !/^\d+$/.test(w)))];

/** A word's stem, so "prices", "price" and "pricing" are found by one another. */
const stem = (word: string) => word.replace(/(ies|es|s|ing)$/, (end) => (end === 'ies' ? 'y' : '')).replace(/e$/, '');

/** Whether some text has the word in it, in any of its forms. */
function mentions(text: string, word: string): boolean {
  const root = stem(word).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return root.length > 2 && new RegExp(`\\b${root}(?:e|s|es|ies|ing|y)?\\b`, 'i').test(text);
}

/** Every string below a value, with the key it is under. */
function* texts(value: unknown, key = ''): Generator<{ key: string; text: string }> {
  if (typeof value === 'string') yield { key, text: value };
  else if (Array.isArray(value)) for (const v of value) yield* texts(v, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* texts(v, k);
}

/** What a page is about, as a reason to suggest it: the first of its title, headings, blocks and text that has the word. */
function about(target: Target, word: string): { rank: number; why: string } | undefined {
  const { page } = target;
  if (typeof page.title === 'string' && !target.item && mentions(page.title, word)) return { rank: 0, why: `its title is "${page.title}"` };
  // A page with mistakes of its own is read as far as it goes: its links are checked all the same.
  const blocks: { type?: unknown }[] = Array.isArray(page.blocks) ? page.blocks.filter((b) => b && typeof b === 'object') : [];
  for (const block of blocks) {
    for (const { key, text } of texts(block)) {
      const heading = key === 'heading' ? text : /^#{1,6}\s+(.+)$/m.exec(text)?.[1];
      if (heading && mentions(heading, word)) return { rank: 1, why: `it has the heading "${heading.trim()}"` };
    }
  }
  const type = blocks.map((b) => b.type).find((t): t is string => typeof t === 'string' && mentions(t.replace(/-/g, ' '), word));
  if (type) return { rank: 2, why: `it has a ${type} block` };
  // The home page mentions a bit of everything: its text alone is no reason.
  if (target.path === '/' || target.item || target.group) return undefined;
  if (blocks.some((b) => [...texts(b)].some(({ key, text }) => key !== 'type' && mentions(text, word)))) return { rank: 3, why: `its text is about "${word}"` };
  return undefined;
}

/** The page the link most likely meant, looking past spelling: by the end of its address, a word of it, or what the page is about. */
function byMeaning(path: string, targets: readonly Target[]): { path: string; why: string } | undefined {
  const pages = targets.filter((t) => t.path !== path && !t.group);
  const last = path.split('/').pop() ?? '';
  const ending = pages.filter((t) => t.path.endsWith(path) || (last && t.path.split('/').pop() === last)).sort((a, b) => a.path.length - b.path.length)[0];
  if (ending && path !== '/') return { path: ending.path, why: `its address ends in "${ending.path.endsWith(path) ? path : `/${last}`}"` };
  const words = wordsOf(path);
  for (const word of words) {
    const inPath = pages.find((t) => wordsOf(t.path).some((w) => stem(w) === stem(word)));
    if (inPath) return { path: inPath.path, why: `its address has "${word}" in it` };
  }
  let best: { path: string; why: string; rank: number } | undefined;
  for (const word of words) {
    for (const target of pages) {
      const found = about(target, word);
      if (found && (!best || found.rank < best.rank)) best = { path: target.path, ...found };
    }
  }
  return best;
}

/**
 * The fix for a link to a path no page has: its lowercase-and-dashes form when that page exists,
 * else the page it most likely meant, else to add the page.
 */
export function suggestPage(path: string, targets: readonly Target[], exists: (path: string) => boolean): PageSuggestion {
  const dashed = dashedPath(path);
  const rewritten = dashed !== path;
  if (rewritten && exists(dashed)) {
    return { path: dashed, fix: `write it "${dashed}": page paths are written in lowercase, with dashes between words.` };
  }
  const spelt = nearest(
    dashed,
    targets.map((t) => t.path),
  );
  const meant = spelt ? { path: spelt, why: '' } : byMeaning(dashed, targets);
  const where = rewritten ? dashed : path;
  const lead = rewritten ? `page paths are written in lowercase, with dashes between words, so this would be "${dashed}", and no page is there either: ` : '';
  if (!meant) return { fix: `${lead}link to one of the pages the site has, or add a page at "${where}".` };
  const why = meant.why ? ` ${meant.why.charAt(0).toUpperCase()}${meant.why.slice(1)}.` : '';
  return { path: meant.path, fix: `${lead}did you mean "${meant.path}"?${why} Otherwise add a page at "${where}".` };
}
