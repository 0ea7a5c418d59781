import { createContext, useContext } from 'react';
import type { AnyBlock, PerRequestSlot, VisitorState } from '../../blocks/types.ts';
import type { Site, Target } from '../site.ts';

/** What belongs to one visitor. While a page is rendered for the cache, each value is a placeholder. */
export type Visitor = Record<PerRequestSlot, string> & {
  /** After a refused post: which block on the page it was for (its action's key) and what to show. */
  posted?: { key: string; state: VisitorState };
  /** What blocks with a `load` read for this request, by block type and by each block's own `loadedKey`. */
  loaded?: Readonly<Record<string, unknown>>;
};

/** The blocks a page can use, by type: the runtime is handed the registry, it does not import it. */
export type BlockRegistry = Readonly<Record<string, AnyBlock>>;

/** Read-only while rendering: a page's outcome (islands, caching) comes from what its blocks declare. */
export interface RenderContext {
  site: Site;
  target: Target;
  blocks: BlockRegistry;
  /** The visitor's query string, for the few blocks that read it (calculator without JavaScript, pagination). */
  query: Readonly<Record<string, string>>;
  visitor: Visitor;
  /** Where the page's blocks post to: a static export's API server; unset, the page's own address. */
  actionOrigin?: string;
  /** The page is a file of a static export: no server reads its query string, so blocks that answer one do it in the browser. */
  exported?: boolean;
  /** Today's date (YYYY-MM-DD, UTC) for blocks that split upcoming from past. */
  today: string;
  /** The time the page is made, in epoch ms, for blocks that read the day in the site's own time zone; Date.now when absent. */
  now?: number;
  /** Mark where each of the page's own blocks begins and ends (see BLOCK_MARK), for `sitewright doctor --layout`. */
  markBlocks?: boolean;
}

const Context = createContext<RenderContext | null>(null);
export const RenderProvider = Context.Provider;

export function useRender(): RenderContext {
  const value = useContext(Context);
  if (!value) throw new Error('a block rendered outside a page');
  return value;
}

/** The public address of a path inside a site, or an outside link unchanged. */
export function siteHref(prefix: string, href: string): string {
  if (!href.startsWith('/')) return href;
  return href === '/' ? `/${prefix}` : href.startsWith('/#') || href.startsWith('/?') ? `/${prefix}${href.slice(1)}` : `/${prefix}${href}`;
}

export function useHref(): (href: string) => string {
  const { site } = useRender();
  return (href) => siteHref(site.prefix, href);
}

export const mediaUrl = (prefix: string, src: string) => `/${prefix}/media/${src}`;
