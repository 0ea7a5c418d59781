/**
 * What a page with {parameters} shows when its YAML lists no blocks: the detail block for
 * the kind of item it is made from, or the list block for a page made per group or page number.
 */
import type { ItemKind } from '../schema/items.ts';
import type { BlockData } from '../schema/common.ts';

export const DEFAULT_DETAIL_BLOCK: Partial<Record<ItemKind, BlockData>> = {
  page: { type: 'item' },
  post: { type: 'blog-post' },
  area: { type: 'area-page' },
  job: { type: 'job-posting' },
  event: { type: 'event-detail' },
  news: { type: 'news-detail' },
  person: { type: 'team-member' },
  organization: { type: 'organization-detail' },
};

export const DEFAULT_GROUP_BLOCK: Partial<Record<ItemKind, BlockData>> = {
  post: { type: 'blog-index' },
};
