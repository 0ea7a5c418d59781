/**
 * The steps from a site's home page down to a page: what the breadcrumbs block shows and what
 * the page's BreadcrumbList says. Worked out once per page when the site compiles.
 */
import { splitPath } from '../routing/pattern.ts';
import type { Crumb, Site, Target } from '../site.ts';
import { itemTitle } from './items.ts';

type Parts = Pick<Site, 'data' | 'router' | 'collections'>;

const fromSegment = (segment: string) => {
  const words = segment.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** What a page is called in a trail: its menu label, else its item's title, its group's name or its title. */
export function crumbLabel(site: Pick<Site, 'data'>, target: Target): string | undefined {
  const nav = site.data.navigation.find((link) => link.href === target.path);
  if (nav) return nav.label;
  if (target.item) return itemTitle(target.item);
  return target.group?.label ?? target.page.title;
}

/** The steps from the home page down to (not including) the page. */
export function trailOf(site: Parts, target: Target): Crumb[] {
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
      const label = page ? crumbLabel(site, page) : site.data.navigation.find((link) => link.href === path)?.label;
      if (label) crumbs.push({ label, path: page?.path });
    }
  }
  return crumbs;
}
