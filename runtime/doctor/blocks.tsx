import type { BlockData } from '../../schema/common.ts';
import { blocksHtml } from '../render/page.tsx';
import type { Site, Target } from '../site.ts';

/** One block of a page rendered on its own, to tell which block made part of the page. */
export const blockHtml = (site: Site, target: Target, block: BlockData, today?: string): string => blocksHtml(site, target, [block], today);
