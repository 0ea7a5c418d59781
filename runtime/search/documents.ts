/**
 * What a site's search finds: one document per indexable address (a page, or an item's own
 * page), made of its title, its headings and the words of every block and item field, with the
 * section it belongs to (the item's collection, or "pages") as a facet.
 */
import { markdownText } from '../render/markdown.ts';
import { itemSummary, itemTitle } from '../render/items.ts';
import type { Site, Target } from '../site.ts';

export interface SearchDocument {
  id: number;
  /** The address inside the site, such as /blog/first-post. */
  path: string;
  title: string;
  headings: string;
  text: string;
  section: string;
  /** A line shown under the title when no words of the query are in the text. */
  summary: string;
}

/** Keys whose values are addresses, styles or names of things, never words a visitor reads. */
const NOT_WORDS = new Set([
  'type',
  'href',
  'src',
  'image',
  'images',
  'url',
  'slug',
  'path',
  'style',
  'layout',
  'collection',
  'sort',
  'icon',
  'from',
  'resource',
  'network',
  'email',
  'phone',
  'id',
]);
const HEADING_KEYS = new Set(['heading', 'title', 'eyebrow', 'name', 'question']);

const looksLikeWords = (s: string) => !/^(?:https?:|mailto:|tel:|\/|#[0-9a-f]{3,8}$)/i.test(s) && /\p{L}/u.test(s);

/** Every string a visitor reads inside a value, headings apart from the rest. */
function collect(value: unknown, key: string, into: { headings: string[]; text: string[] }) {
  if (typeof value === 'string') {
    if (NOT_WORDS.has(key) || !looksLikeWords(value)) return;
    (HEADING_KEYS.has(key) ? into.headings : into.text).push(/[#*_`[\n]/.test(value) ? markdownText(value) : value);
  } else if (Array.isArray(value)) {
    for (const v of value) collect(v, key, into);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collect(v, k, into);
  }
}

/** Markdown headings ("## Keep it short") of a body, as words. */
const markdownHeadings = (body: string) => [...body.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1] as string);

/** Addresses worth finding: not thank-you or other noindex pages (the search page is one), not listings by group. */
export function indexable(target: Target): boolean {
  return !target.page.noindex && !target.group && !target.path.includes('{');
}

export function siteDocuments(site: Site): SearchDocument[] {
  const docs: SearchDocument[] = [];
  for (const target of site.targets) {
    if (!indexable(target)) continue;
    const into = { headings: [] as string[], text: [] as string[] };
    let title = target.page.title ?? site.data.site.name;
    let summary = target.page.description ?? '';
    let section = 'pages';
    if (target.item) {
      const { item } = target;
      title = itemTitle(item);
      summary = itemSummary(item) ?? summary;
      section = item.collection;
      for (const [k, v] of Object.entries(item.data as Record<string, unknown>)) {
        if (k === 'body' && typeof v === 'string') {
          into.headings.push(...markdownHeadings(v));
          into.text.push(markdownText(v));
        } else if (k !== 'title') collect(v, k, into);
      }
    }
    collect(target.page.blocks ?? [], '', into);
    if (!summary) summary = into.text.find((t) => t.length > 40) ?? '';
    docs.push({ id: docs.length, path: target.path, title, headings: into.headings.join(' \n '), text: into.text.join(' \n '), section, summary });
  }
  return docs;
}
