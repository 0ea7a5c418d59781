/**
 * What a page holds, known before it is rendered: its blocks (the page's own, or the default for
 * the kind of item it shows) and every block they render inside themselves. The page's islands,
 * whether it may be cached, its per-visitor slots and its server actions all follow from these.
 */
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { defaultBlock } from './defaults.ts';
import type { AnyBlock, PerRequestSlot } from '../../blocks/contract.ts';
import type { BlockData } from '../../schema/common.ts';
import type { Target } from '../site.ts';
import type { BlockRegistry } from './context.tsx';

export interface PlacedBlock {
  definition: AnyBlock;
  block: BlockData;
}

export interface Outline {
  /** The page's own top-level blocks. */
  blocks: readonly BlockData[];
  /** Every block on the page, nested ones included, in order. */
  placed: readonly PlacedBlock[];
  /** Island types on the page: a page without any ships no script. */
  islands: string[];
  /** The page shows personal data a visitor typed in: no cache may keep it. */
  noStore: boolean;
  /** Per-visitor values filled into the cached page on each request. */
  perRequest: PerRequestSlot[];
  /** Blocks that read data per request (a receipt): the page is rendered for each visitor. */
  loads: readonly PlacedBlock[];
}

/** The block a page with {parameters} shows when it lists none, with its schema defaults filled in. */
function defaultBlocks(target: Target, registry: BlockRegistry): BlockData[] {
  const block = defaultBlock(target.group?.items[0]?.kind ?? target.item?.kind ?? 'page', Boolean(target.group));
  const definition = registry[block.type];
  return [definition ? { ...(Value.Default(definition.props as TSchema, structuredClone(block)) as BlockData), type: block.type } : block];
}

export function pageBlocks(target: Target, registry: BlockRegistry): readonly BlockData[] {
  return target.page.blocks?.length ? target.page.blocks : defaultBlocks(target, registry);
}

export function outline(target: Target, registry: BlockRegistry, blocks: readonly BlockData[] = pageBlocks(target, registry)): Outline {
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
  return {
    blocks,
    placed,
    islands: [...new Set(placed.filter((p) => p.definition.island).map((p) => p.definition.type))],
    noStore: placed.some((p) => reads(p) || (p.definition.noStore?.(propsOf(p.block)) ?? false)),
    perRequest: [...new Set(placed.flatMap((p) => p.definition.perRequest ?? []))],
    loads: placed.filter(reads),
  };
}

/** Whether a placed block reads data per request: it has `load`, and its props need it (see `fresh`). */
const reads = (p: PlacedBlock) => p.definition.load !== undefined && (p.definition.fresh?.(propsOf(p.block)) ?? true);

/** A block's props: the block without its `type` and anchor `id`. */
export function propsOf(block: BlockData): Record<string, unknown> {
  const { type: _type, id: _id, ...props } = block;
  return props;
}
