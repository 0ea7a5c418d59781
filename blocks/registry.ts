/**
 * Every block, keyed by the `type:` authors write. Listed explicitly: a block that is not
 * here does not exist, and a `type:` that is not here is a validation error with a suggestion.
 */
import { calculator } from './calculator/index.ts';
import { hero } from './hero/index.tsx';
import { item } from './item/index.tsx';
import { itemList } from './item-list/index.tsx';
import { richText } from './rich-text/index.tsx';
import type { BlockDefinition } from './types.ts';

export const BLOCKS: Record<string, BlockDefinition<any>> = {
  hero,
  'rich-text': richText,
  'item-list': itemList,
  item,
  calculator,
};
