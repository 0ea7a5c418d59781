import type { TObject } from '@sinclair/typebox';
import type { PageData, SiteData } from '../../schema/site.ts';
import { fieldNames, ITEM_KINDS, kindOf, type ItemKind } from '../../schema/items.ts';
import { buildPath, parsePattern, PatternError, type Pattern } from '../routing/pattern.ts';
import { RESERVED_SITE_SEGMENTS } from '../routing/reserved.ts';
import { createRouter, type Route, type Router } from '../routing/router.ts';
import { slugify } from '../routing/slug.ts';
import type { Collection, Group, Item, Target } from '../site.ts';
import type { PendingProblem } from './problem.ts';
import { choices, nearest, yamlValue } from './suggest.ts';
import { pathTitle } from './describe.ts';
import { sortNewestFirst } from '../render/items.ts';
import { trailOf } from '../render/trail.ts';
import type { BlockRegistry } from '../render/context.tsx';
import { listingPaths } from './listings.ts';

export interface Compiled {
  router: Router<Target>;
  targets: Target[];
  collections: Map<string, Collection>;
  listings: Map<string, string>;
}

type Usable = (path: readonly (string | number)[]) => boolean;
/** The line a part of the document starts on, for messages that name another place. */
export type LineOf = (path: readonly (string | number)[]) => number;

/**
 * Compile runs before the items are known to match their kind's schema, and on documents that do
 * not (to report every problem at once), so it reads their fields as written: unknown. A site is
 * served only once they match.
 */
const written = (item: Item): Readonly<Record<string, unknown>> => item.data;
const asText = (v: unknown) => (typeof v === 'string' ? v : undefined);

function itemSlug(kind: ItemKind, data: Readonly<Record<string, unknown>>): string {
  const source = kindOf(kind)
    .slugFrom.map((field) => asText(data[field]))
    .find((v) => v !== undefined);
  // A "/" in a title is a word break, not a level of a page tree.
  return asText(data.slug) ?? slugify((source ?? '').replace(/\//g, ' '));
}

/** The value of a path parameter: the item's written slug or the field of the same name, or the slug for a lone parameter. */
function paramValue(item: Item, name: string, lone: boolean): string | undefined {
  // A slug the author wrote is the item's address whatever the parameter is called.
  if (name === 'slug' || (lone && asText(written(item).slug) !== undefined)) return item.slug;
  const v = asText(written(item)[name]);
  if (v) return slugify(v);
  return lone ? item.slug : undefined;
}

function compileCollections(data: SiteData): Map<string, Collection> {
  const collections = new Map<string, Collection>();
  for (const [name, coll] of Object.entries(data.collections ?? {})) {
    if (!coll || !ITEM_KINDS[coll.kind] || !Array.isArray(coll.items)) continue;
    collections.set(name, {
      name,
      kind: coll.kind,
      // Typed as its kind's items from here on; see `written` for what compile itself may trust.
      items: coll.items.map((d, index) => ({ collection: name, kind: coll.kind, index, slug: itemSlug(coll.kind, d), data: d }) as Item),
    } as Collection);
  }
  return collections;
}

/**
 * Turns pages and collections into every concrete address of the site, then checks that each
 * address is reached by the page that made it: a collision is reported, never resolved quietly.
 */
export function compileSite(
  data: SiteData,
  registry: BlockRegistry,
  usable: Usable,
  lineOf: LineOf = () => 0,
): { compiled: Compiled; problems: PendingProblem[] } {
  const problems: PendingProblem[] = [];
  const collections = compileCollections(data);
  const routes: Route<Target>[] = [];
  const targets: Target[] = [];
  const routeOwner = new Map<Route<Target>, number>();
  const byShape = new Map<string, number>();
  const bySource = new Map<string, number>();

  data.pages.forEach((page, pageIndex) => {
    const at = ['pages', pageIndex] as const;
    problems.push(...oneReaderPerPage(page, at, registry));
    // Errors inside a page's blocks do not stop it from being routed; errors in what routing reads do.
    if (typeof page?.path !== 'string' || !['path', 'from', 'groupBy'].every((key) => usable([...at, key]))) return;
    let pattern: Pattern;
    try {
      pattern = parsePattern(page.path);
    } catch (error) {
      if (!(error instanceof PatternError)) throw error;
      const lower = page.path.toLowerCase();
      const fix =
        lower !== page.path && isPattern(lower)
          ? `write it in lowercase: "${lower}".`
          : /\{\w+\*\}\//.test(page.path)
            ? `put the catch-all last: "${page.path.replace(/\/\{(\w+)\*\}.*$/, '/{$1*}')}".`
            : 'write a path like "/about", "/blog/{slug}" or "/{slug*}".';
      const mended =
        lower !== page.path && isPattern(lower) ? lower : /\{\w+\*\}\//.test(page.path) ? page.path.replace(/\/\{(\w+)\*\}.*$/, '/{$1*}') : undefined;
      problems.push({
        code: 'SW_BAD_PATH',
        path: [...at, 'path'],
        target: 'value',
        detail: `The path "${page.path}" cannot be used: ${error.message}.`,
        fix,
        ...(mended && { edit: { value: mended } }),
      });
      return;
    }
    const first = pattern.segments[0];
    if (first?.kind === 'static' && (RESERVED_SITE_SEGMENTS as readonly string[]).includes(first.value)) {
      const other = freePath(page.path.replace(/^\/[^/]+/, `/${slugify(String(page.title ?? '')) || `our-${first.value}`}`), data);
      problems.push({
        code: 'SW_RESERVED_PATH',
        path: [...at, 'path'],
        target: 'value',
        detail: `Every site answers /${first.value} itself, so "${page.path}" cannot be a page.`,
        fix: `choose another path, such as "${other}"; ${RESERVED_SITE_SEGMENTS.map((s) => `/${s}`).join(', ')} are reserved.`,
        edit: { value: other },
      });
      return;
    }
    const sameSource = bySource.get(pattern.source);
    if (sameSource !== undefined) {
      problems.push({
        code: 'SW_DUPLICATE_PATH',
        path: [...at, 'path'],
        target: 'value',
        detail: `The page on line ${lineOf(['pages', sameSource])}${data.pages[sameSource]?.title ? ` ("${data.pages[sameSource]?.title}")` : ''} already has the path "${page.path}".`,
        fix: `give this page another path, such as "${freePath(titledPath(page), data)}", or merge the two pages.`,
        edit: { value: freePath(titledPath(page), data) },
      });
      return;
    }
    const sameShape = byShape.get(pattern.shape);
    if (sameShape !== undefined) {
      const other = data.pages[sameShape]?.path;
      const word = page.from ?? 'items';
      problems.push({
        code: 'SW_ROUTE_CLASH',
        path: [...at, 'path'],
        target: 'value',
        detail: `"${page.path}" matches exactly the same addresses as "${other}" on line ${lineOf(['pages', sameShape])}: only their parameter names differ, so this page could never be reached.`,
        fix: `make them differ by a fixed word, such as "/${word}/{${pattern.params[0] ?? 'slug'}}".`,
        edit: { value: `/${word}/{${pattern.params[0] ?? 'slug'}}` },
      });
      return;
    }
    bySource.set(pattern.source, pageIndex);
    byShape.set(pattern.shape, pageIndex);

    const made = pattern.dynamic
      ? dynamicTargets(page, pageIndex, pattern, collections, problems, usable)
      : staticTarget(page, pageIndex, pattern, problems, registry);
    if (!made) return;
    const index = new Map<string, Target>();
    for (const t of made) {
      const before = index.get(t.path);
      if (before) {
        const item = t.item ?? t.group?.items[0];
        problems.push({
          code: 'SW_DUPLICATE_SLUG',
          ...(item ? itemSpot(item) : { path: [...at, 'path'], target: 'value' as const }),
          detail: `Two items of "${page.from}" would both be at ${t.path} (page "${page.path}").`,
          fix: item ? `give this one a slug of its own, such as slug: ${otherSlug(item, index)}` : 'give one of them a different "slug" (or title).',
          ...(item && { edit: slugEdit(item, otherSlug(item, index)) }),
        });
        continue;
      }
      index.set(t.path, t);
      targets.push(t);
    }
    const route: Route<Target> = { pattern, lookup: (params) => index.get(buildPath(pattern, params)) };
    routes.push(route);
    routeOwner.set(route, pageIndex);
  });

  const router = createRouter(routes);
  const reachable: Target[] = [];
  for (const t of targets) {
    const match = router.match(t.path);
    if (match.kind === 'match' && match.target === t) {
      reachable.push(t);
      continue;
    }
    const owner = match.kind === 'match' ? match.target.page.path : '?';
    const item = t.item;
    problems.push({
      code: 'SW_URL_TAKEN',
      ...(item ? itemSpot(item) : { path: ['pages', t.pageIndex, 'path'], target: 'value' as const }),
      detail: `${item ? `The item "${item.slug}" of "${item.collection}"` : `The page "${t.page.path}"`} would be at ${t.path}, but the page "${owner}" is already there.`,
      fix: item ? `give the item another slug, such as slug: ${otherSlug(item)}, or move one of the pages.` : 'choose another path for one of the pages.',
      ...(item && { edit: slugEdit(item, otherSlug(item)) }),
    });
  }
  // An item's own page: one search engines may list, then the shortest address, then page order
  // (so /artists/{name} wins over /{artist}/thank-you, and /{organization} over /{organization}/events).
  const rank = (t: Target) => [t.page.noindex ? 1 : 0, t.path.split('/').length, t.pageIndex];
  const better = (a: Target, b: Target) => {
    const [x, y] = [rank(a), rank(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i] as number) < (y[i] as number);
    return false;
  };
  const own = new Map<Item, Target>();
  for (const t of reachable) {
    if (!t.item) continue;
    const current = own.get(t.item);
    if (!current || better(t, current)) own.set(t.item, t);
  }
  for (const [item, t] of own) item.path = t.path;
  for (const t of reachable) t.trail = trailOf({ data, router, collections }, t);

  if (!data.pages.some((p) => p?.path === '/')) {
    const home = data.pages.findIndex((p) => ['/home', '/index', '/start', '/welcome'].includes(p?.path));
    problems.push(
      home >= 0
        ? {
            code: 'SW_NO_HOME',
            path: ['pages', home, 'path'],
            target: 'value',
            detail: 'No page has the path "/", so the site has no front door.',
            fix: `change "${data.pages[home]?.path}" to "/": the home page's path is "/".`,
            edit: { value: '/' },
          }
        : {
            code: 'SW_NO_HOME',
            path: ['pages'],
            target: 'key',
            detail: 'No page has the path "/", so the site has no front door.',
            fix: 'add a page with "path: /".',
          },
    );
  }
  return { compiled: { router, targets: reachable, collections, listings: listingPaths(reachable, router, collections, registry) }, problems };
}

/**
 * A block that reads data per request (a receipt, a booking's free times) hands what it read to the
 * page under its type: two of the same type on one page would read for each other. The second is refused.
 */
function oneReaderPerPage(page: PageData, at: readonly (string | number)[], registry: BlockRegistry): PendingProblem[] {
  const seen = new Set<string>();
  const problems: PendingProblem[] = [];
  (Array.isArray(page?.blocks) ? page.blocks : []).forEach((block, i) => {
    if (!block || typeof block.type !== 'string' || !registry[block.type]?.load) return;
    if (seen.has(block.type))
      problems.push({
        code: 'SW_ONE_PER_PAGE',
        path: [...at, 'blocks', i, 'type'],
        target: 'value',
        detail: `The page "${String(page.path)}" already has a ${block.type} block: a page can show one.`,
        fix: `move this ${block.type} block to a page of its own, and link to it.`,
      });
    seen.add(block.type);
  });
  return problems;
}

function staticTarget(page: PageData, pageIndex: number, pattern: Pattern, problems: PendingProblem[], registry: BlockRegistry): Target[] | undefined {
  const at = ['pages', pageIndex];
  if (page.from !== undefined || page.groupBy !== undefined || page.pageSize !== undefined) {
    const key = page.from !== undefined ? 'from' : page.groupBy !== undefined ? 'groupBy' : 'pageSize';
    // A block that can be told which collection to list: the author likely meant "collection:" there.
    const list = page.from
      ? (Array.isArray(page.blocks) ? page.blocks : []).find(
          (b) => b && typeof b === 'object' && b.collection === undefined && (registry[b.type]?.props as TObject | undefined)?.properties.collection,
        )
      : undefined;
    problems.push({
      code: 'SW_FROM_WITHOUT_PARAMS',
      path: [...at, key],
      target: 'key',
      detail: `"${page.path}" has no {parameters}, so "${key}" does nothing here: "from" makes one page per item, for paths like "${page.path === '/' ? '' : page.path}/{slug}".`,
      fix: list
        ? `to list the items on this page, remove "from:" and write "collection: ${page.from}" in the ${list.type} block.`
        : `remove "${key}:", or add a parameter to the path, such as "${page.path === '/' ? '' : page.path}/{slug}".`,
      edit: { remove: true },
      ...(list && {
        alsoEdit: [{ path: [...at, 'blocks', (page.blocks ?? []).indexOf(list)], target: 'key' as const, edit: { insert: `collection: ${page.from}` } }],
      }),
    });
  }
  if (page.title === undefined)
    problems.push({
      code: 'SW_MISSING_TITLE',
      path: at,
      target: 'key',
      detail: `The page "${page.path}" has no "title".`,
      fix: `add "title:" with the name of the page, as it should show in the browser tab, such as title: ${yamlValue(pathTitle(page.path))}`,
      edit: { insert: `title: ${yamlValue(pathTitle(page.path))}` },
    });
  if (!page.blocks?.length)
    problems.push({
      code: 'SW_EMPTY_PAGE',
      path: page.blocks ? [...at, 'blocks'] : at,
      target: 'key',
      detail: `The page "${page.path}" has nothing to show.`,
      fix: `add "blocks:" with at least one block, such as a hero or rich-text:\n      blocks:\n        - type: hero\n          heading: ${yamlValue(asText(page.title) ?? pathTitle(page.path))}`,
      ...(!page.blocks && { edit: { insert: `blocks:\n  - type: hero\n    heading: ${yamlValue(asText(page.title) ?? pathTitle(page.path))}` } }),
    });
  return [{ page, pageIndex, path: buildPath(pattern, {}) }];
}

function dynamicTargets(
  page: PageData,
  pageIndex: number,
  pattern: Pattern,
  collections: Map<string, Collection>,
  problems: PendingProblem[],
  usable: Usable,
): Target[] | undefined {
  const at = ['pages', pageIndex];
  if (!page.from) {
    const names = [...collections.keys()];
    const guess = names.find((n) => page.path.split('/').includes(n)) ?? nearest(page.path.split('/')[1] ?? '', names) ?? names[0];
    problems.push({
      code: 'SW_MISSING_FROM',
      path: at,
      target: 'key',
      detail: `"${page.path}" has parameters, so it is made once per item, but it does not say which items.`,
      fix: guess
        ? `add "from: ${guess}" to name the collection${collections.size > 1 ? ` (or another of: ${[...collections.keys()].join(', ')})` : ''}.`
        : `add "from:" with the name of a collection, after adding one under "collections:".`,
      ...(guess && { edit: { insert: `from: ${guess}` } }),
    });
    return undefined;
  }
  const collection = collections.get(page.from);
  if (!collection) return undefined; // reported by the reference check
  const fields = fieldNames(collection.kind);
  const kind = kindOf(collection.kind);
  const lone = pattern.params.length === 1;
  // "/blog/category/{category}" without groupBy would be a page per post: it is meant as a page per category.
  const lonely = pattern.params[0] as string;
  if (lone && !page.groupBy && !page.pageSize && kind.groupable.includes(lonely) && !kind.slugFrom.includes(lonely)) {
    problems.push({
      code: 'SW_MISSING_KEY',
      path: at,
      target: 'key',
      detail: `"${page.path}" has {${lonely}}, a field many items share, but no "groupBy": it would make a page per item, each at its ${lonely}, and items with the same ${lonely} would collide.`,
      fix: `add "groupBy: ${lonely}" to make one page per ${lonely}, listing its items ({group} is its name in the title).`,
      edit: { insert: `groupBy: ${lonely}` },
    });
    return undefined;
  }
  // A parameter no item of this kind has: said once, at the path, rather than on every item.
  const strangers = pattern.params.filter((p) => !(lone && p !== 'slug') && p !== 'slug' && !fields.includes(p));
  if (strangers.length) {
    const name = strangers[0] as string;
    const near = nearest(name, fields);
    const mended = near ? page.path.replace(`{${name}}`, `{${near}}`) : page.path.replace(new RegExp(`/\\{${name}\\}`), '') || '/';
    problems.push({
      code: 'SW_PARAM_UNFILLED',
      path: [...at, 'path'],
      target: 'value',
      offset: page.path.indexOf(`{${name}}`),
      span: name.length + 2,
      detail: `{${name}} in "${page.path}" is not a field of ${collection.kind} items, so no item of "${collection.name}" can fill it. Their fields are: ${fields.join(', ')}.`,
      fix: near ? `did you mean {${near}}? Write "${mended}".` : `remove {${name}} from the path: "${mended}", or use a field the items have.`,
      edit: { value: mended },
    });
    return undefined;
  }
  checkPlaceholders(page, pageIndex, kind.placeholders, problems);

  if ((page.groupBy || page.pageSize) && !lone) {
    problems.push({
      code: 'SW_BAD_PATH',
      path: [...at, 'path'],
      target: 'value',
      detail: `A page made per group or per page number takes exactly one parameter; "${page.path}" has ${pattern.params.length}.`,
      fix: page.pageSize ? 'write a path like "/blog/page/{page}".' : 'write a path like "/blog/category/{category}".',
    });
    return undefined;
  }
  const param = pattern.params[0] as string;
  if (page.pageSize) {
    const size = page.pageSize;
    // Sorting reads the items' dates, which only a collection without schema problems is sure to have.
    const items = usable(['collections', collection.name]) ? sortNewestFirst(collection.items) : collection.items;
    const pages: Target[] = [];
    for (let n = 2; (n - 1) * size < items.length; n++) {
      const group: Group = { field: 'page', label: `Page ${n}`, slug: String(n), items: items.slice((n - 1) * size, n * size) };
      pages.push({ page, pageIndex, group, path: buildPath(pattern, { [param]: group.slug }) });
    }
    return pages;
  }

  if (page.groupBy) {
    if (!fields.includes(page.groupBy)) {
      // The fields these items use first, so the first suggestion is one that makes pages.
      const used = (f: string) => collection.items.some((item) => written(item)[f] !== undefined);
      const groupable = [...kind.groupable.filter(used), ...kind.groupable.filter((f) => !used(f))];
      problems.push({
        code: 'SW_GROUP_FIELD',
        path: [...at, 'groupBy'],
        target: 'value',
        detail: `The ${collection.kind} items of "${collection.name}" have no field "${page.groupBy}".`,
        fix: choices(page.groupBy, groupable),
        edit: { value: nearest(page.groupBy, groupable) ?? (groupable[0] as string) },
      });
      return undefined;
    }
    const groups = new Map<string, Group>();
    for (const item of collection.items) {
      const raw = written(item)[page.groupBy];
      for (const label of (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String)) {
        const slug = slugify(label);
        const group = groups.get(slug) ?? { field: page.groupBy, label, slug, items: [] };
        group.items.push(item);
        groups.set(slug, group);
      }
    }
    return [...groups.values()].map((group) => ({ page, pageIndex, group, path: buildPath(pattern, { [param]: group.slug }) }));
  }

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

function checkPlaceholders(page: PageData, pageIndex: number, placeholders: readonly string[], problems: PendingProblem[]) {
  // A page per group or per page number shows many items: only the group's name can be filled in.
  const allowed = page.groupBy ? ['group', page.groupBy] : page.pageSize ? ['group'] : [...new Set(['slug', ...placeholders])];
  for (const key of ['title', 'description'] as const) {
    const text = page[key];
    if (!text) continue;
    for (const m of text.matchAll(/\{([a-zA-Z]+)\}/g)) {
      const name = m[1] as string;
      if (allowed.includes(name)) continue;
      problems.push({
        code: 'SW_UNKNOWN_PLACEHOLDER',
        path: ['pages', pageIndex, key],
        target: 'value',
        offset: m.index,
        span: m[0].length,
        detail: `"{${name}}" is not a field of the items this page shows.`,
        fix: choices(name, allowed, (f) => `{${f}}`),
        ...(nearest(name, allowed) && { edit: { replace: `{${nearest(name, allowed)}}` } }),
      });
    }
  }
}

/** Where an item's address comes from: its slug when written, else the item itself. */
function itemSpot(item: Item): Pick<PendingProblem, 'path' | 'target'> {
  const at = ['collections', item.collection, 'items', item.index];
  return asText(written(item).slug) !== undefined ? { path: [...at, 'slug'], target: 'value' } : { path: at, target: 'key' };
}

function isPattern(source: string): boolean {
  try {
    parsePattern(source);
    return true;
  } catch {
    return false;
  }
}

/** A path made from a page's title: "/in-the-press" for "In the press". */
const titledPath = (page: PageData) => `/${slugify(typeof page.title === 'string' ? page.title.replace(/\{[^}]*\}/g, '') : '') || 'page'}`;

/** The path, or the path with -2, -3… when a page of the site already has it. */
function freePath(path: string, data: SiteData): string {
  const taken = new Set(data.pages.map((p) => p?.path));
  if (!taken.has(path) && !(RESERVED_SITE_SEGMENTS as readonly string[]).includes(path.split('/')[1] ?? '')) return path;
  for (let n = 2; ; n++) if (!taken.has(`${path}-${n}`)) return `${path}-${n}`;
}

/** A slug for the item that no other item of its collection has. */
function otherSlug(item: Item, index?: Map<string, Target>): string {
  const taken = new Set([...(index?.values() ?? [])].map((t) => t.item?.slug));
  for (let n = 2; ; n++) if (!taken.has(`${item.slug}-${n}`)) return `${item.slug}-${n}`;
}

/** The item's slug becomes `slug`: the written one replaced, or one added. */
const slugEdit = (item: Item, slug: string) => (asText(written(item).slug) !== undefined ? { value: slug } : { insert: `slug: ${slug}` });
