import { createContext, useContext } from 'react';
import type { RenderContext } from '../../blocks/contract.ts';

export type { BlockRegistry, RenderContext, Visitor } from '../../blocks/contract.ts';

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
