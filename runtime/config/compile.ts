import type { PageData, SiteData } from '../../schema/site.ts';
import { ITEM_KINDS } from '../../schema/items.ts';
import { buildPath, type Pattern } from '../routing/pattern.ts';
import { createRouter, type Route, type Router } from '../routing/router.ts';
import type { Collection, Item, Target } from '../site.ts';
import type { PendingProblem } from './problem.ts';
import { trailOf } from '../render/trail.ts';
import type { BlockRegistry } from '../render/context.tsx';
import { listingPaths } from './listings.ts';
import { itemSlug, itemSpot, otherSlug, slugEdit } from './item-fields.ts';
import { pagePattern, type LineOf, type PathsSeen } from './page-paths.ts';
import { dynamicTargets, staticTarget } from './page-targets.ts';

export interface Compiled {
  router: Router<Target>;
  targets: Target[];
  collections: Map<string, Collection>;
  listings: Map<string, string>;
}

type Usable = (path: readonly (string | number)[]) => boolean;

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
  const seen: PathsSeen = { byShape: new Map(), bySource: new Map() };

  data.pages.forEach((page, pageIndex) => {
    const at = ['pages', pageIndex] as const;
    problems.push(...oneReaderPerPage(page, at, registry));
    // Errors inside a page's blocks do not stop it from being routed; errors in what routing reads do.
    if (typeof page?.path !== 'string' || !['path', 'from', 'groupBy'].every((key) => usable([...at, key]))) return;
    const pattern = pagePattern(page, pageIndex, data, seen, lineOf, problems);
    if (!pattern) return;
    const made = pattern.dynamic
      ? dynamicTargets(page, pageIndex, pattern, collections, problems, usable)
      : staticTarget(page, pageIndex, pattern, problems, registry);
    if (made) routes.push(pageRoute(page, pattern, made, targets, problems));
  });

  problems.push(...footerReaders(data, registry));
  const router = createRouter(routes);
  const reachable = reachableTargets(targets, router, problems);
  ownPages(reachable);
  for (const t of reachable) t.trail = trailOf({ data, router, collections }, t);
  problems.push(...homeProblems(data));
  return { compiled: { router, targets: reachable, collections, listings: listingPaths(reachable, router, collections, registry) }, problems };
}

/** The route of one page over the addresses it made (added to `targets`); two of them at one address is a problem with the second. */
function pageRoute(page: PageData, pattern: Pattern, made: Target[], targets: Target[], problems: PendingProblem[]): Route<Target> {
  const index = new Map<string, Target>();
  for (const t of made) {
    const before = index.get(t.path);
    if (before) {
      const item = t.item ?? t.group?.items[0];
      problems.push({
        code: 'SW_DUPLICATE_SLUG',
        ...(item ? itemSpot(item) : { path: ['pages', t.pageIndex, 'path'], target: 'value' as const }),
        detail: `Two items of "${page.from}" would both be at ${t.path} (page "${page.path}").`,
        fix: item ? `give this one a slug of its own, such as slug: ${otherSlug(item, index)}` : 'give one of them a different "slug" (or title).',
        ...(item && { edit: slugEdit(item, otherSlug(item, index)) }),
      });
      continue;
    }
    index.set(t.path, t);
    targets.push(t);
  }
  return { pattern, lookup: (params) => index.get(buildPath(pattern, params)) };
}

/** The addresses the router leads to the page that made them; any other is taken by an earlier page, a problem. */
function reachableTargets(targets: Target[], router: Router<Target>, problems: PendingProblem[]): Target[] {
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
  return reachable;
}

/**
 * An item's own page: one search engines may list, then the shortest address, then page order
 * (so /artists/{name} wins over /{artist}/thank-you, and /{organization} over /{organization}/events).
 */
function ownPages(reachable: Target[]): void {
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
}

/** A site without a page at "/": the fix renames a page that looks meant as the home page. */
function homeProblems(data: SiteData): PendingProblem[] {
  if (data.pages.some((p) => p?.path === '/')) return [];
  const home = data.pages.findIndex((p) => ['/home', '/index', '/start', '/welcome'].includes(p?.path));
  return [
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
  ];
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

/**
 * A block that hands what it read per request to its page under its type alone (a receipt, search
 * results) reads for the page that shows it; in the footer it would read on every page, beside the
 * page's own block of its type. Blocks that read under their own name (a form's places left) may stand there.
 */
function footerReaders(data: SiteData, registry: BlockRegistry): PendingProblem[] {
  const blocks: unknown = data.footer?.blocks;
  return (Array.isArray(blocks) ? (blocks as PageData['blocks'] & object) : []).flatMap((block, i) => {
    const type = block && typeof block.type === 'string' ? block.type : '';
    const definition = registry[type];
    if (!definition?.load || definition.action) return [];
    return [
      {
        code: 'SW_NOT_ALLOWED' as const,
        path: ['footer', 'blocks', i, 'type'],
        target: 'value' as const,
        detail: `A ${type} block reads what it shows for each visitor of its page, so it cannot stand in the footer of every page.`,
        fix: `move this ${type} block to a page of its own, and link to that page from "footer.links".`,
      },
    ];
  });
}
