/**
 * What a page shows when its YAML lists no blocks: the detail block for the kind of item it is
 * made from, or the list block for a page made per group or page number; and the text of a
 * site's "page not found" page when the site writes none.
 */
import type { ItemKind } from '../schema/items.ts';
import type { BlockData } from '../schema/common.ts';

const DETAIL: Record<ItemKind, BlockData> = {
  page: { type: 'item' },
  post: { type: 'blog-post' },
  area: { type: 'area-page' },
  job: { type: 'job-posting' },
  event: { type: 'event-detail' },
  news: { type: 'news-detail' },
  person: { type: 'team-member' },
  organization: { type: 'organization-detail' },
};

const GROUP: Partial<Record<ItemKind, BlockData>> = {
  post: { type: 'blog-index' },
};

/** The block of a page made per item (`grouped` false) or per group or page number of items of `kind`. */
export const defaultBlock = (kind: ItemKind, grouped: boolean): BlockData => (grouped ? (GROUP[kind] ?? { type: 'item-list' }) : DETAIL[kind]);

export const NOT_FOUND_BLOCKS: readonly BlockData[] = [
  {
    type: 'rich-text',
    markdown: `We could not find a page at this address. It may have moved, or the link may have a typo.\n\n[Go to the home page](/)`,
  },
];
