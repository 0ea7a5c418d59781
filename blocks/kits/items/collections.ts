/**
 * Lookups the blog and news blocks share: which collection a block lists and the pages made per
 * category or page number.
 */
import { anyFields, type ItemKind } from '../../../schema/items.ts';
import { slugify } from '../../../runtime/routing/slug.ts';
import type { Item, Site, Target } from '../../../runtime/site.ts';

const firstOfKind = (site: Site, kind: ItemKind) => [...site.collections.values()].find((c) => c.kind === kind)?.name;

/** The collection a block lists: the one it names, else the one its page is made from, else the site's first of the kind. */
export function collectionFor(site: Site, target: Target, kind: ItemKind, named?: string): string | undefined {
  if (named) return named;
  const from = target.page.from;
  return from && site.collections.get(from)?.kind === kind ? from : firstOfKind(site, kind);
}

/** The pages made one per value of `field` ("category", "page") from a collection, by the value's slug. */
export function groupPages(site: Site, collection: string, field: string): Map<string, string> {
  const paths = new Map<string, string>();
  for (const t of site.targets) if (t.group?.field === field && t.page.from === collection) paths.set(t.group.slug, t.path);
  return paths;
}

/** How many posts a page of the collection holds, when the site makes numbered pages of it. */
export const pageSizeOf = (site: Site, collection: string): number | undefined => site.data.pages.find((p) => p.from === collection && p.pageSize)?.pageSize;

export interface Category {
  label: string;
  slug: string;
  items: Item[];
}

/** The distinct categories of some posts, in the order they first appear. */
export function categoriesOf(items: readonly Item[]): Category[] {
  const found = new Map<string, Category>();
  for (const item of items) {
    const label = anyFields(item.data).category;
    if (!label) continue;
    const slug = slugify(label);
    const category = found.get(slug) ?? { label, slug, items: [] };
    category.items.push(item);
    found.set(slug, category);
  }
  return [...found.values()];
}
