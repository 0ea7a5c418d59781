/**
 * What a site's search finds: one document per indexable address (a page, or an item's own
 * page), made of its title, its headings and the words of every block and item field, with the
 * section it belongs to (the item's collection, or "pages") as a facet.
 */
import { markdownText } from '../render/markdown.ts';
import { itemAnchor, itemSummary, itemTitle } from '../render/items.ts';
import type { Item, Site, Target } from '../site.ts';

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

/**
 * Keys whose words are a form's insides, never the page's text: its questions (labels, kinds,
 * choices, hints), its button, what it says once sent or full, and the e-mails it sends. A
 * search for "textarea" or "Send message" must not find every contact page. The static export's
 * index leaves the same out (it skips every <form action> of a page), so both find the same.
 */
const FORM_INSIDES = new Set(['fields', 'submit', 'success', 'full', 'autoReply', 'notify']);
/**
 * A block that posts (one with a server half, which the site compiled a body schema for) is a
 * form under a heading and an introduction: a visitor reads those two, the rest is the form's
 * questions and settings (its name, its purpose, a payment's reference, amounts and fee).
 */
const ABOVE_THE_FORM = new Set(['heading', 'intro']);

/** Where words are gathered, and which objects are blocks that post. */
interface Gathering {
  headings: string[];
  text: string[];
  posts: (block: object) => boolean;
}

const looksLikeWords = (s: string) => !/^(?:https?:|mailto:|tel:|\/|#[0-9a-f]{3,8}$)/i.test(s) && /\p{L}/u.test(s);

/** Every string a visitor reads inside a value, headings apart from the rest. */
function collect(value: unknown, key: string, into: Gathering) {
  if (typeof value === 'string') {
    if (NOT_WORDS.has(key) || !looksLikeWords(value)) return;
    (HEADING_KEYS.has(key) ? into.headings : into.text).push(/[#*_`[\n]/.test(value) ? markdownText(value) : value);
  } else if (Array.isArray(value)) {
    for (const v of value) collect(v, key, into);
  } else if (value && typeof value === 'object') {
    const form = into.posts(value);
    for (const [k, v] of Object.entries(value)) if (form ? ABOVE_THE_FORM.has(k) : !FORM_INSIDES.has(k)) collect(v, k, into);
  }
}

/** Markdown headings ("## Keep it short") of a body, as words. */
const markdownHeadings = (body: string) => [...body.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1] as string);

/** Addresses worth finding: not thank-you or other noindex pages (the search page is one), not listings by group. */
export function indexable(target: Target): boolean {
  return !target.page.noindex && !target.group && !target.path.includes('{');
}

/** An item's own words: its body's headings and text, and every other field but its title. */
function collectItem(item: Item, into: Gathering) {
  for (const [k, v] of Object.entries(item.data as Record<string, unknown>)) {
    if (k === 'body' && typeof v === 'string') {
      into.headings.push(...markdownHeadings(v));
      into.text.push(markdownText(v));
    } else if (k !== 'title') collect(v, k, into);
  }
}

/** The first page a visitor may find that shows a collection through a block naming it (`collection: staff`). */
function pageShowing(site: Site, collection: string): Target | undefined {
  return site.targets.find(
    (t) => indexable(t) && !t.item && Array.isArray(t.page.blocks) && t.page.blocks.some((b) => (b as { collection?: unknown }).collection === collection),
  );
}

export function siteDocuments(site: Site): SearchDocument[] {
  const docs: SearchDocument[] = [];
  const posts = (block: object) => site.actions.has(block);
  const add = (doc: Omit<SearchDocument, 'id' | 'headings' | 'text'>, into: Gathering) =>
    docs.push({
      ...doc,
      id: docs.length,
      headings: into.headings.join(' \n '),
      text: into.text.join(' \n '),
      summary: doc.summary || (into.text.find((t) => t.length > 40) ?? ''),
    });
  for (const target of site.targets) {
    if (!indexable(target)) continue;
    const into: Gathering = { headings: [], text: [], posts };
    const { item } = target;
    if (item) collectItem(item, into);
    collect(target.page.blocks ?? [], '', into);
    add(
      item
        ? { path: target.path, title: itemTitle(item), summary: itemSummary(item) ?? target.page.description ?? '', section: item.collection }
        : { path: target.path, title: target.page.title ?? site.data.site.name, summary: target.page.description ?? '', section: 'pages' },
      into,
    );
  }
  // An item without a page of its own (a person on the staff list) is found at its place on the page that shows it.
  for (const collection of site.collections.values()) {
    const alone = collection.items.filter((item) => !item.path);
    const page = alone.length ? pageShowing(site, collection.name) : undefined;
    if (!page) continue;
    for (const item of alone) {
      const into: Gathering = { headings: [], text: [], posts };
      collectItem(item, into);
      add({ path: `${page.path}#${itemAnchor(item)}`, title: itemTitle(item), summary: itemSummary(item) ?? '', section: collection.name }, into);
    }
  }
  return docs;
}
