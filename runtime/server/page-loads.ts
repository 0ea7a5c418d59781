/**
 * What a page's blocks read per request: the data of each block with a `load` (a receipt from the
 * ledger, a cart by its cookie), and the JSON an island fetches from its page (`?_data=<type>`).
 * Both read the page's outline, worked out once per target, and need the services.
 */
import type { ActionServices } from '../../blocks/contract.ts';
import { loadedKey } from '../render/loaded-key.ts';
import { outline, propsOf } from '../render/outline.ts';
import type { Site, Target } from '../site.ts';
import { readCookies } from './cookies.ts';
import type { PageData, PageLoader } from './site-pages.ts';

export function pageLoads(services: ActionServices | undefined): { loader: PageLoader; data: PageData } {
  const loader = async (site: Site, target: Target, query: Record<string, string>, cookieHeader: string | undefined) => {
    const loaded: Record<string, unknown> = {};
    if (!services) return loaded;
    const cookies = readCookies(cookieHeader, site.prefix, services.signer);
    for (const { definition, block } of outline(site, target).loads) {
      const props = propsOf(block);
      const data = await definition.load?.({ site, target, props, query, cookies, services });
      // By type for the blocks that read it so (one of a type on a page), and by the block itself.
      loaded[definition.type] = data;
      loaded[loadedKey(definition, props)] = data;
    }
    return loaded;
  };
  // From the one block of that type the page shows.
  const data = async (site: Site, target: Target, query: Record<string, string>, type: string) => {
    const placed = services && outline(site, target).loads.find((p) => p.definition.type === type && p.definition.publicData !== undefined);
    if (!placed || !services) return undefined;
    return placed.definition.publicData?.({ site, target, props: propsOf(placed.block), query, cookies: {}, services });
  };
  return { loader, data };
}
