/** 5. Service-area pages that say the same thing with another town's name in it (doorway pages). */
import { describeObject } from '../../config/describe.ts';
import { anyFields } from '../../../schema/items.ts';
import type { Item } from '../../site.ts';
import { address, itemPath, spot, type Draft, type Exam } from '../exam.ts';

export const SIMILAR = 0.8;

const nameOf = (root: unknown, item: Item) => {
  const city = anyFields(item.data).city;
  return typeof city === 'string' ? city : describeObject(root, itemPath(item));
};

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];

/** The words of a text with every town and region name of the site taken out. */
function withoutNames(text: string, names: string[][]): string[] {
  const list = words(text);
  const out: string[] = [];
  for (let i = 0; i < list.length;) {
    const name = names.find((n) => n.every((w, k) => list[i + k] === w));
    if (name) i += name.length;
    else out.push(list[i++] as string);
  }
  return out;
}

function trigrams(list: string[]): Set<string> {
  const grams = new Set<string>();
  for (let i = 2; i < list.length; i++) grams.add(`${list[i - 2]} ${list[i - 1]} ${list[i]}`);
  return grams;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size && !b.size) return 1;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const g of small) if (large.has(g)) shared++;
  return shared / (a.size + b.size - shared);
}

export function areaPages(exam: Exam): Draft[] {
  const areas = exam.pages.filter(({ target }) => target.item?.kind === 'area' && target.item.path === target.path && !target.page.noindex);
  if (areas.length < 2) return [];
  const names = new Map<string, string[]>();
  for (const { target } of areas) {
    for (const field of ['city', 'region'] as const) {
      const value = target.item && anyFields(target.item.data)[field];
      if (typeof value === 'string') names.set(value.toLowerCase(), words(value));
    }
  }
  // Longest names first, so "Lake County" is taken out before "Lake".
  const sorted = [...names.values()].filter((n) => n.length).sort((a, b) => b.length - a.length);
  const grams = areas.map(({ target, facts }) => ({ target, item: target.item as Item, grams: trigrams(withoutNames(facts.mainText, sorted)) }));
  const drafts: Draft[] = [];
  for (let j = 1; j < grams.length; j++) {
    const b = grams[j] as (typeof grams)[number];
    let best: { index: number; score: number } | undefined;
    let count = 0;
    for (let i = 0; i < j; i++) {
      const score = jaccard((grams[i] as (typeof grams)[number]).grams, b.grams);
      if (score < SIMILAR) continue;
      count++;
      if (!best || score > best.score) best = { index: i, score };
    }
    if (!best) continue;
    const a = grams[best.index] as (typeof grams)[number];
    const hasBody = typeof anyFields(b.item.data).body === 'string';
    const root = exam.site.data;
    drafts.push({
      code: 'SW_THIN_AREA_PAGE',
      at: hasBody ? spot(exam, [...itemPath(b.item), 'body']) : spot(exam, itemPath(b.item), 'key'),
      detail: `The page for ${nameOf(root, b.item)} (${address(exam.site, b.target.path)}) reads ${Math.round(best.score * 100)}% the same as the page for ${nameOf(root, a.item)} (line ${spot(exam, itemPath(a.item), 'key').line}) once the town names are taken out${count > 1 ? `, and is as close to ${count - 1} other area page${count > 2 ? 's' : ''}` : ''}. Search engines treat pages like this as doorway pages and may list none of them.`,
      fix: hasBody
        ? 'rewrite its "body:" about this town in particular: the neighbourhoods, the jobs you do there, what is different about it.'
        : 'add "body:" (and "highlights:") to the item: a few sentences about this town in particular, such as its neighbourhoods and the jobs you do there.',
    });
  }
  return drafts;
}
