import { createContext, useContext } from 'react';
import type { Site, Target } from '../site.ts';

export interface RenderContext {
  site: Site;
  target: Target;
  /** The visitor's query string, for the few blocks that read it (calculator without JavaScript, pagination). */
  query: Record<string, string>;
  /** For pages with forms: the signed time stamp to embed, and what the visitor last sent to which form. */
  forms?: { token: string; origin?: string; id?: string; state?: { values?: Record<string, unknown>; errors?: Record<string, string>; problem?: string; sent?: boolean } };
  /** Today's date (YYYY-MM-DD, UTC) for blocks that split upcoming from past. */
  today: string;
  /** Filled while rendering: the island types on the page, so the document knows whether to ship a script. */
  islands: Set<string>;
  /** Set while rendering when the page holds personal data, so no cache keeps it. */
  noStore?: boolean;
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
