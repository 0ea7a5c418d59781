/** The pages a site makes about one organisation besides its own: its events and its news. */
import type { Item, Site } from '../../../runtime/site.ts';

export interface OrgPage {
  label: 'Events' | 'News';
  path: string;
}

const LIST_BLOCKS: Record<string, 'event' | 'news'> = { 'event-list': 'event', 'news-list': 'news' };

/** What a page lists, judged by its blocks: a list block of events or news, or any block naming such a collection. */
function labelOf(site: Site, blocks: readonly Record<string, unknown>[]): OrgPage['label'] | undefined {
  const kinds = blocks.map((b) => LIST_BLOCKS[String(b.type)] ?? (typeof b.collection === 'string' ? site.collections.get(b.collection)?.kind : undefined));
  return kinds.includes('event') ? 'Events' : kinds.includes('news') ? 'News' : undefined;
}

/** The events and news pages made for this organisation (targets whose item it is), in page order. */
export function pagesAbout(site: Site, org: Item): OrgPage[] {
  const pages: OrgPage[] = [];
  for (const t of site.targets) {
    if (t.item !== org || t.path === org.path) continue;
    const label = labelOf(site, t.page.blocks ?? []);
    if (label) pages.push({ label, path: t.path });
  }
  return pages;
}
