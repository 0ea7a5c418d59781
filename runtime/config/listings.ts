import type { BlockData } from '../../schema/common.ts';
import type { ItemKind } from '../../schema/items.ts';
import type { BlockRegistry } from '../render/context.tsx';
import { splitPath } from '../routing/pattern.ts';
import type { Router } from '../routing/router.ts';
import type { Collection, Target } from '../site.ts';

const firstOfKind = (collections: ReadonlyMap<string, Collection>, kind: ItemKind) => [...collections.values()].find((c) => c.kind === kind)?.name;

/**
 * The page that lists each collection as a whole: a plain page with a block that lists all of it
 * (a block declaring `lists`, neither filtered nor limited), else the nearest plain page above
 * the collection's own pages (/blog above /blog/page/2). Posts and news link back to it.
 */
export function listingPaths(
  targets: readonly Target[],
  router: Router<Target>,
  collections: ReadonlyMap<string, Collection>,
  registry: BlockRegistry,
): Map<string, string> {
  const listings = new Map<string, string>();
  for (const name of collections.keys()) {
    const lists = (b: BlockData | null) => {
      // A broken file is compiled for its other problems too: a block may be anything there.
      if (!b || typeof b !== 'object') return false;
      const kind = registry[b.type]?.lists;
      if (!kind || b.filter || b.limit) return false;
      return ((typeof b.collection === 'string' && b.collection) || firstOfKind(collections, kind)) === name;
    };
    const page = targets.find((t) => !t.item && !t.group && Array.isArray(t.page.blocks) && t.page.blocks.some(lists));
    if (page) {
      listings.set(name, page.path);
      continue;
    }
    const made = targets.find((t) => t.page.from === name && (t.item || t.group));
    const parts = made ? splitPath(made.path) : [];
    for (let i = parts.length - 1; i >= 1; i--) {
      const path = `/${parts.slice(0, i).join('/')}`;
      const match = router.match(path);
      if (match.kind === 'match' && !match.target.item && !match.target.group) {
        listings.set(name, path);
        break;
      }
    }
  }
  return listings;
}
