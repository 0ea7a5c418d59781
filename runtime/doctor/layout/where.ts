/**
 * Where in site.yaml an element measured in Chromium comes from: the block of the page that drew
 * it (from the marks around each block), then the link, word, image or table inside that block;
 * the site's name, logo or menu for the header; the page's title for its heading.
 */
import type { Position } from '../../config/locate.ts';
import { mediaUrl } from '../../render/context.tsx';
import { SEARCH_PATH } from '../../search/site-search.ts';
import type { Target } from '../../site.ts';
import { get, itemPath, linkSource, owner, ownParts, spot, spotText, strings, type Exam, type Path } from '../exam.ts';
import type { Spot } from './measurement.ts';

/** The page's own list of blocks in the file, when it has one (a page made per item may show its kind's default). */
export const blockPath = (target: Target, index: number | undefined): Path | undefined =>
  index !== undefined && target.pageIndex >= 0 && target.page.blocks?.length ? ['pages', target.pageIndex, 'blocks', index] : undefined;

/** The block's type, for saying which block it is. */
export const blockType = (target: Target, index: number | undefined): string | undefined =>
  index === undefined ? undefined : (target.page.blocks?.[index]?.type ?? undefined);

/** The first string under the given parts of the file for which `test` holds, with its path. */
function findString(exam: Exam, parts: readonly Path[], test: (value: string) => boolean): { path: Path; value: string } | undefined {
  for (const part of parts) {
    for (const found of strings(get(exam.site.data, part), part)) if (test(found.value)) return found;
  }
  return undefined;
}

/** What an author wrote for a link the page has: the path inside the site, or the address as it is. */
export function writtenLinks(exam: Exam, href: string): string[] {
  const base = `/${exam.site.prefix}`;
  if (href === base || href.startsWith(`${base}/`) || href.startsWith(`${base}#`) || href.startsWith(`${base}?`)) {
    const inside = href.slice(base.length);
    return [inside || '/', inside.replace(/^\/?/, '/')];
  }
  return [href];
}

/** The parts of the file an element in the page's main part can come from, most precise first. */
function mainParts(target: Target, el: Spot): Path[] {
  const block = blockPath(target, el.block);
  return block ? [block] : ownParts(target);
}

/** Where to point for something in the page's main part; `text` is a word or line of it worth finding. */
export function inMain(exam: Exam, target: Target, el: Spot, text?: string): Position {
  const parts = mainParts(target, el);
  if (text) {
    const found = findString(exam, parts, (value) => value.includes(text));
    if (found) return spotText(exam, found.path, text);
  }
  if (el.href) {
    const at = linkSource(exam, target, writtenLinks(exam, el.href));
    if (at) return at;
  }
  if (el.src) {
    const file = decodeURIComponent(el.src.replace(mediaUrl(exam.site.prefix, ''), ''));
    const found = findString(exam, parts, (value) => value === file);
    if (found) return spot(exam, found.path);
  }
  const block = blockPath(target, el.block);
  return block ? spot(exam, block, 'key') : owner(exam, target);
}

/** Where the page's title is written: the page's "title:", or the item it shows. */
export function titleOf(exam: Exam, target: Target): Position {
  if (target.page.title !== undefined && target.pageIndex >= 0) return spot(exam, ['pages', target.pageIndex, 'title']);
  if (target.item) return spot(exam, [...itemPath(target.item), 'title']);
  return owner(exam, target);
}

/** Where a part of the header is written. */
export function inHeader(exam: Exam, part: Spot['part'], href?: string): Position {
  const { data } = exam.site;
  if (part === 'logo' && data.site.logo) return spot(exam, ['site', 'logo'], 'key');
  if (part === 'tagline' && data.site.tagline) return spot(exam, ['site', 'tagline']);
  if ((part === 'nav' || part === 'menu-button') && data.navigation.length) {
    const link = href ? findString(exam, [['navigation']], (value) => writtenLinks(exam, href).includes(value)) : undefined;
    return link ? spot(exam, link.path) : spot(exam, ['navigation'], 'key');
  }
  // The key that turns search on is named after the page it makes (/search).
  if (part === 'search-box' && data.search) return spot(exam, [SEARCH_PATH.slice(1)], 'key');
  return spot(exam, ['site', 'name']);
}

/** Where anything measured on a page is written. */
export function whereIs(exam: Exam, target: Target, el: Spot, text?: string): Position {
  switch (el.region) {
    case 'header':
      return inHeader(exam, el.part, el.href);
    case 'title':
      return titleOf(exam, target);
    case 'main':
      return inMain(exam, target, el, text);
    case 'footer': {
      if (el.href) {
        const at = linkSource(exam, target, writtenLinks(exam, el.href));
        if (at) return at;
      }
      const found = text ? findString(exam, [['footer'], ['site']], (value) => value.includes(text)) : undefined;
      if (found && text) return spotText(exam, found.path, text);
      return exam.site.data.footer ? spot(exam, ['footer'], 'key') : spot(exam, ['site', 'name']);
    }
    default:
      return owner(exam, target);
  }
}
