/** What a site's "page not found" page shows when the site writes no `notFound.blocks` of its own. */
import type { BlockData } from './common.ts';

export const NOT_FOUND_BLOCKS: readonly BlockData[] = [
  {
    type: 'rich-text',
    markdown: `We could not find a page at this address. It may have moved, or the link may have a typo.\n\n[Go to the home page](/)`,
  },
];
