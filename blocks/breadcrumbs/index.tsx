import { Type } from '@sinclair/typebox';
import { Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { itemTitle } from '../../runtime/render/items.ts';
import { splitPath } from '../../runtime/routing/pattern.ts';
import type { Site, Target } from '../../runtime/site.ts';
import { defineBlock } from '../types.ts';

const props = Type.Object(
  {
    home: Text('The name of the first step, the home page.', { default: 'Home' }),
  },
  { additionalProperties: false },
);

interface Crumb {
  label: string;
  path?: string;
}

const fromSegment = (segment: string) => {
  const words = segment.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** What a page is called in a trail: its menu label, else its item's title, its group's name or its title. */
function titleOf(site: Site, target: Target): string | undefined {
  const nav = site.data.navigation.find((link) => link.href === target.path);
  if (nav) return nav.label;
  if (target.item) return itemTitle(target.item);
  return target.group?.label ?? target.page.title;
}

/** The steps from the home page down to (not including) the current page. */
export function trail(site: Site, target: Target): Crumb[] {
  const parts = splitPath(target.path);
  const item = target.item;
  // A nested page under a catch-all path: its ancestors are items of the same collection, by slug.
  const nested = item?.kind === 'page' && item.slug.includes('/') && target.path.endsWith(`/${item.slug}`);
  const base = nested ? parts.length - item.slug.split('/').length : parts.length;
  const crumbs: Crumb[] = [];
  for (let i = 1; i < parts.length; i++) {
    const path = `/${parts.slice(0, i).join('/')}`;
    const match = site.router.match(path);
    const page = match.kind === 'match' ? match.target : undefined;
    if (nested && i > base) {
      const slug = parts.slice(base, i).join('/');
      const ancestor = site.collections.get(item.collection)?.items.find((x) => x.slug === slug);
      crumbs.push({ label: ancestor ? itemTitle(ancestor) : fromSegment(parts[i - 1] as string), path: ancestor?.path ?? page?.path });
    } else {
      const label = page ? titleOf(site, page) : site.data.navigation.find((link) => link.href === path)?.label;
      if (label) crumbs.push({ label, path: page?.path });
    }
  }
  return crumbs;
}

export const breadcrumbs = defineBlock({
  type: 'breadcrumbs',
  title: 'Breadcrumbs',
  description: 'A trail of links from the home page down to the current page, for deep pages such as nested departments or blog posts.',
  aboveTitle: true,
  props,
  Component({ home = 'Home' }) {
    const { site, target } = useRender();
    const href = useHref();
    const isHome = target.path === '/';
    const crumbs: Crumb[] = isHome ? [] : [{ label: home, path: '/' }, ...trail(site, target)];
    return (
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol className="container">
          {crumbs.map((c, i) => (
            <li key={i}>{c.path ? <a href={href(c.path)}>{c.label}</a> : <span>{c.label}</span>}</li>
          ))}
          <li>
            <a href={href(target.path)} aria-current="page">{isHome ? home : titleOf(site, target) ?? home}</a>
          </li>
        </ol>
      </nav>
    );
  },
  example: { home: 'Home' },
});
