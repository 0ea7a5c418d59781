/**
 * What a page shows when its YAML lists no blocks: the blocks its kind of items names (see
 * schema/items/), and the text of a site's "page not found" page when the site writes none
 * (schema/not-found.ts). Both come from the schema: the runtime names no block itself.
 */
import { kindOf, type ItemKind } from '../../schema/items.ts';
import type { BlockData } from '../../schema/common.ts';

export { NOT_FOUND_BLOCKS } from '../../schema/not-found.ts';

/** The block of a page made per item (`grouped` false) or per group or page number of items of `kind`. */
export const defaultBlock = (kind: ItemKind, grouped: boolean): BlockData => (grouped ? kindOf(kind).blocks.group : kindOf(kind).blocks.detail);
