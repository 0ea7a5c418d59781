/**
 * What a page holds, known before it is rendered: its blocks (the page's own, or the default for
 * the kind of item it shows), the site's footer blocks, and every block they render inside
 * themselves. The page's islands, whether it may be cached, its per-visitor slots, its server
 * actions and the frames it may show all follow from these. It is worked out once per target and
 * kept with it: rendering, posting and loading read the same.
 */
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { defaultBlock } from './defaults.ts';
import type { AnyBlock, PerRequestSlot } from '../../blocks/contract.ts';
import type { BlockData } from '../../schema/common.ts';
import type { Site, Target } from '../site.ts';
import type { BlockRegistry } from './context.tsx';

export interface PlacedBlock {
  definition: AnyBlock;
  block: BlockData;
}

export interface Outline {
  /** The page's own top-level blocks. */
  readonly blocks: readonly BlockData[];
  /** The site's footer blocks this page shows: all of them, but one the page already shows itself (its newsletter form). */
  readonly footer: readonly BlockData[];
  /** Every block on the page, nested ones included, in order. */
  readonly placed: readonly PlacedBlock[];
  /** Island types on the page: a page without any ships no script. */
  readonly islands: readonly string[];
  /** The page shows personal data a visitor typed in: no cache may keep it. */
  readonly noStore: boolean;
  /** Per-visitor values filled into the cached page on each request. */
  readonly perRequest: readonly PerRequestSlot[];
  /** Blocks that read data per request (a receipt): the page is rendered for each visitor. */
  readonly loads: readonly PlacedBlock[];
  /** Blocks with a server half, which take the posts sent to the page (a form in the footer too). */
  readonly posts: readonly PlacedBlock[];
  /** The origins the page may show in a frame (its Content-Security-Policy's frame-src), from its blocks' `frames`; mostly none. */
  readonly frames: readonly string[];
}

/** What a page of the platform's own (a checkout, the desk) holds: none of the site's blocks. */
export const EMPTY_OUTLINE: Outline = Object.freeze({
  blocks: [],
  footer: [],
  placed: [],
  islands: [],
  noStore: false,
  perRequest: [],
  loads: [],
  posts: [],
  frames: [],
});

/** The block a page with {parameters} shows when it lists none, with its schema defaults filled in. */
function defaultBlocks(target: Target, registry: BlockRegistry): BlockData[] {
  const block = defaultBlock(target.group?.items[0]?.kind ?? target.item?.kind ?? 'page', Boolean(target.group));
  const definition = registry[block.type];
  return [definition ? { ...(Value.Default(definition.props as TSchema, structuredClone(block)) as BlockData), type: block.type } : block];
}

export function pageBlocks(target: Target, registry: BlockRegistry): readonly BlockData[] {
  return target.page.blocks?.length ? target.page.blocks : defaultBlocks(target, registry);
}

/**
 * Outlines by registry, then by target. A site's targets are made when it compiles and live as
 * long as it does; config/ builds them and does not know the renderer, so each is outlined when it
 * is first asked for, and kept until the target is let go (a reloaded site brings new ones).
 */
const outlines = new WeakMap<BlockRegistry, WeakMap<Target, Outline>>();

/**
 * The outline of a page of `site` (a target is made by its site's compile and belongs to it alone):
 * worked out the first time it is asked for, then the same object every time.
 */
export function outline(site: Site, target: Target, registry: BlockRegistry = site.blocks): Outline {
  let byTarget = outlines.get(registry);
  if (!byTarget) outlines.set(registry, (byTarget = new WeakMap()));
  let found = byTarget.get(target);
  if (!found) byTarget.set(target, (found = outlineOf(site, target, registry)));
  return found;
}

/** What makes a block the same as another for the footer: its name in the site (see `namedBy`), or else all it says. */
const sameness = (definition: AnyBlock, block: BlockData) =>
  definition.namedBy ? `${block.type}\n${String(block[definition.namedBy.key])}` : JSON.stringify(block);

function outlineOf(site: Site, target: Target, registry: BlockRegistry): Outline {
  const blocks = pageBlocks(target, registry);
  const placed: PlacedBlock[] = [];
  const walk = (list: readonly BlockData[]) => {
    for (const block of list) {
      const definition = registry[block.type];
      if (!definition) continue;
      placed.push({ definition, block });
      walk(definition.children?.(propsOf(block), target) ?? []);
    }
  };
  walk(blocks);
  // A block the page shows itself is not shown again below it: one newsletter form, one element of its id.
  // The "page not found" page has no address of its own to take a post at: it shows only footer blocks that take none.
  const own = new Set(placed.map((p) => sameness(p.definition, p.block)));
  const footer = (site.data.footer?.blocks ?? []).filter((block) => {
    const definition = registry[block.type];
    return definition !== undefined && !own.has(sameness(definition, block)) && !(target.pageIndex < 0 && definition.action);
  });
  walk(footer);
  // Shared by every request for the page: frozen, so that none can change what the next one reads.
  return Object.freeze({
    blocks,
    footer: Object.freeze(footer),
    placed: Object.freeze(placed),
    islands: Object.freeze([...new Set(placed.filter((p) => p.definition.island).map((p) => p.definition.type))]),
    noStore: placed.some((p) => reads(p) || (p.definition.noStore?.(propsOf(p.block)) ?? false)),
    perRequest: Object.freeze([...new Set(placed.flatMap((p) => p.definition.perRequest ?? []))]),
    loads: Object.freeze(placed.filter(reads)),
    posts: Object.freeze(placed.filter((p) => p.definition.action)),
    frames: Object.freeze([...new Set(placed.flatMap((p) => p.definition.frames?.(propsOf(p.block)) ?? []))].sort()),
  });
}

/** Whether a placed block reads data per request: it has `load`, and its props need it (see `fresh`). */
const reads = (p: PlacedBlock) => p.definition.load !== undefined && (p.definition.fresh?.(propsOf(p.block)) ?? true);

/** A block's props: the block without its `type` and anchor `id`. */
export function propsOf(block: BlockData): Record<string, unknown> {
  const { type: _type, id: _id, ...props } = block;
  return props;
}
