/** The addresses a page with {parameters} makes from its collection: one per page number, one per group, or one per item. */
import type { PageData } from '../../schema/site.ts';
import { fieldNames, ITEM_KINDS, kindOf } from '../../schema/items.ts';
import { buildPath, type Pattern } from '../routing/pattern.ts';
import { slugify } from '../routing/slug.ts';
import type { Collection, Group, Target } from '../site.ts';
import type { PendingProblem } from './problem.ts';
import { choices, nearest, yamlValue } from './suggest.ts';
import { sortNewestFirst } from '../render/items.ts';
import { asText, paramValue, written } from './item-fields.ts';

/** "/blog/page/{page}": the items, newest first, `size` to a page, from page 2 on. */
export function pagedTargets(
  page: PageData,
  pageIndex: number,
  pattern: Pattern,
  collection: Collection,
  size: number,
  usable: (path: readonly (string | number)[]) => boolean,
): Target[] {
  const param = pattern.params[0] as string;
  // Sorting reads the items' dates, which only a collection without schema problems is sure to have.
  const items = usable(['collections', collection.name]) ? sortNewestFirst(collection.items) : collection.items;
  const pages: Target[] = [];
  for (let n = 2; (n - 1) * size < items.length; n++) {
    const group: Group = { field: 'page', label: `Page ${n}`, slug: String(n), items: items.slice((n - 1) * size, n * size) };
    pages.push({ page, pageIndex, group, path: buildPath(pattern, { [param]: group.slug }) });
  }
  return pages;
}

/** "/blog/category/{category}": a page per value of the field the page groups by. */
export function groupedTargets(
  page: PageData,
  pageIndex: number,
  pattern: Pattern,
  collection: Collection,
  groupBy: string,
  problems: PendingProblem[],
): Target[] | undefined {
  const param = pattern.params[0] as string;
  const kind = kindOf(collection.kind);
  if (!fieldNames(collection.kind).includes(groupBy)) {
    // The fields these items use first, so the first suggestion is one that makes pages.
    const used = (f: string) => collection.items.some((item) => written(item)[f] !== undefined);
    const groupable = [...kind.groupable.filter(used), ...kind.groupable.filter((f) => !used(f))];
    problems.push({
      code: 'SW_GROUP_FIELD',
      path: ['pages', pageIndex, 'groupBy'],
      target: 'value',
      detail: `The ${collection.kind} items of "${collection.name}" have no field "${groupBy}".`,
      fix: choices(groupBy, groupable),
      edit: { value: nearest(groupBy, groupable) ?? (groupable[0] as string) },
    });
    return undefined;
  }
  const groups = new Map<string, Group>();
  for (const item of collection.items) {
    const raw = written(item)[groupBy];
    for (const label of (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String)) {
      const slug = slugify(label);
      const group = groups.get(slug) ?? { field: groupBy, label, slug, items: [] };
      group.items.push(item);
      groups.set(slug, group);
    }
  }
  return [...groups.values()].map((group) => ({ page, pageIndex, group, path: buildPath(pattern, { [param]: group.slug }) }));
}

/** "/blog/{slug}": a page per item, its parameters filled from the item's fields. */
export function itemTargets(
  page: PageData,
  pageIndex: number,
  pattern: Pattern,
  collection: Collection,
  problems: PendingProblem[],
  usable: (path: readonly (string | number)[]) => boolean,
): Target[] {
  const lone = pattern.params.length === 1;
  const made: Target[] = [];
  // Every field a slug can be made from, of any kind: a field of another kind is a mistake already reported.
  const addressFields = [...pattern.params, 'slug', ...new Set(Object.values(ITEM_KINDS).flatMap((k) => k.slugFrom))];
  for (const item of collection.items) {
    const itemPath = ['collections', item.collection, 'items', item.index];
    // An item whose address fields have schema errors is already reported; routing it would only add noise.
    if (!addressFields.every((field) => usable([...itemPath, field]))) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (const segment of pattern.segments) {
      if (segment.kind === 'static') continue;
      const value = paramValue(item, segment.name, lone);
      if (!value) {
        const others = collection.items.map((i) => asText(written(i)[segment.name])).filter((v): v is string => v !== undefined);
        const common = others.sort((a, b) => others.filter((v) => v === b).length - others.filter((v) => v === a).length)[0];
        problems.push({
          code: 'SW_PARAM_UNFILLED',
          path: ['collections', item.collection, 'items', item.index],
          target: 'key',
          detail: `This item has no "${segment.name}" to fill {${segment.name}} in "${page.path}".`,
          fix: common ? `add "${segment.name}:" to the item, such as ${segment.name}: ${yamlValue(common)}` : `add "${segment.name}:" to the item.`,
          ...(common && { edit: { insert: `${segment.name}: ${yamlValue(common)}` } }),
        });
        ok = false;
      } else if (segment.kind === 'param' && value.includes('/')) {
        problems.push({
          code: 'SW_BAD_PATH',
          path: ['collections', item.collection, 'items', item.index, segment.name === 'slug' ? 'slug' : segment.name],
          target: 'value',
          detail: `"${value}" has a "/", but {${segment.name}} in "${page.path}" takes one path part.`,
          fix: `remove the "/", or write the page path as "{${segment.name}*}" to serve nested pages.`,
        });
        ok = false;
      } else {
        params[segment.name] = value;
      }
    }
    if (ok) made.push({ page, pageIndex, item, path: buildPath(pattern, params) });
  }
  return made;
}
