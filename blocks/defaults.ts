/**
 * What a page shows when its YAML lists no blocks: the blocks its kind of items names (see
 * schema/items/), and the text of a site's "page not found" page when the site writes none.
 */
import { kindOf, type ItemKind } from '../schema/items.ts';
import type { BlockData } from '../schema/common.ts';

/** The block of a page made per item (`grouped` false) or per group or page number of items of `kind`. */
export const defaultBlock = (kind: ItemKind, grouped: boolean): BlockData => (grouped ? kindOf(kind).blocks.group : kindOf(kind).blocks.detail);

export const NOT_FOUND_BLOCKS: readonly BlockData[] = [
  {
    type: 'rich-text',
    markdown: `We could not find a page at this address. It may have moved, or the link may have a typo.\n\n[Go to the home page](/)`,
  },
];
