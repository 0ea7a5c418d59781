/** An item's fields as compile reads them (as written), and the address parts made from them: its slug, a path parameter's value, a slug no other item has. */
import { kindOf, type ItemKind } from '../../schema/items.ts';
import { slugify } from '../routing/slug.ts';
import type { Item, Target } from '../site.ts';
import type { PendingProblem } from './problem.ts';

/**
 * Compile runs before the items are known to match their kind's schema, and on documents that do
 * not (to report every problem at once), so it reads their fields as written: unknown. A site is
 * served only once they match.
 */
export const written = (item: Item): Readonly<Record<string, unknown>> => item.data;
export const asText = (v: unknown) => (typeof v === 'string' ? v : undefined);

export function itemSlug(kind: ItemKind, data: Readonly<Record<string, unknown>>): string {
  const source = kindOf(kind)
    .slugFrom.map((field) => asText(data[field]))
    .find((v) => v !== undefined);
  // A "/" in a title is a word break, not a level of a page tree.
  return asText(data.slug) ?? slugify((source ?? '').replace(/\//g, ' '));
}

/** The value of a path parameter: the item's written slug or the field of the same name, or the slug for a lone parameter. */
export function paramValue(item: Item, name: string, lone: boolean): string | undefined {
  // A slug the author wrote is the item's address whatever the parameter is called.
  if (name === 'slug' || (lone && asText(written(item).slug) !== undefined)) return item.slug;
  const v = asText(written(item)[name]);
  if (v) return slugify(v);
  return lone ? item.slug : undefined;
}

/** Where an item's address comes from: its slug when written, else the item itself. */
export function itemSpot(item: Item): Pick<PendingProblem, 'path' | 'target'> {
  const at = ['collections', item.collection, 'items', item.index];
  return asText(written(item).slug) !== undefined ? { path: [...at, 'slug'], target: 'value' } : { path: at, target: 'key' };
}

/** A slug for the item that no other item of its collection has. */
export function otherSlug(item: Item, index?: Map<string, Target>): string {
  const taken = new Set([...(index?.values() ?? [])].map((t) => t.item?.slug));
  for (let n = 2; ; n++) if (!taken.has(`${item.slug}-${n}`)) return `${item.slug}-${n}`;
}

/** The item's slug becomes `slug`: the written one replaced, or one added. */
export const slugEdit = (item: Item, slug: string) => (asText(written(item).slug) !== undefined ? { value: slug } : { insert: `slug: ${slug}` });
