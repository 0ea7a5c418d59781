/**
 * One site under examination: its source with positions, every page rendered once, and the
 * ways the checks say where a finding is in site.yaml.
 */
import type { Document, LineCounter } from 'yaml';
import { locate, locateText, type Position } from '../config/locate.ts';
import type { Edit } from '../config/problem.ts';
import { renderNotFound, renderPage, type RenderOptions } from '../render/page.tsx';
import type { Item, Site, Target } from '../site.ts';
import type { FindingCode } from './finding.ts';
import { readPage, type PageFacts } from './html.ts';

export type Path = readonly (string | number)[];

export interface RenderedTarget {
  target: Target;
  facts: PageFacts;
}

/** A finding before it is merged with the same finding made on other pages. */
export interface Draft {
  code: FindingCode;
  at: Position;
  detail: string;
  fix: string;
  /** The address it was seen on, when the same spot can be seen on many. */
  address?: string;
  /** The fix as changes to the file, when it is one that needs no words of the author's. */
  edits?: Edit[];
}

export interface Exam {
  site: Site;
  source: string;
  doc: Document;
  counter: LineCounter;
  /** Every address of the site, rendered, in page order. */
  pages: RenderedTarget[];
  /** The site's "page not found", with a stand-in target (pageIndex -1). */
  notFound: RenderedTarget;
  /** The day pages are rendered for (YYYY-MM-DD), when not today. */
  today?: string;
}

const OPTIONS: RenderOptions = { origin: 'https://sites.example.com', assets: { stylesheet: '/assets/site.css' } };

/** A site as it loaded: the document the loader parsed is examined, not parsed again. */
export function examine(site: Site, source: string, { doc, counter }: { doc: Document; counter: LineCounter }, today?: string): Exam {
  const options = { ...OPTIONS, today };
  const pages = site.targets.map((target) => {
    try {
      return { target, facts: readPage(renderPage(site, target, options).html) };
    } catch (error) {
      throw new Error(`${address(site, target.path)} cannot be rendered: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  });
  const notFound = { target: { page: { path: '/404' }, pageIndex: -1, path: '/404' }, facts: readPage(renderNotFound(site, '/404', options).html) };
  return { site, source, doc, counter, pages, notFound, today };
}

/** Where a part of the file is: its key (for something missing) or its value. */
export const spot = (exam: Exam, path: Path, target: 'key' | 'value' = 'value'): Position => locate(exam.doc, exam.counter, path, target);

/** Where some text is inside the value at a path; the value itself when the text is not written as is (folded lines). */
export const spotText = (exam: Exam, path: Path, text: string): Position =>
  (text && locateText(exam.doc, exam.counter, exam.source, path, text)) || spot(exam, path);

export const itemPath = (item: Item): Path => ['collections', item.collection, 'items', item.index];

/** The public address of a page, as visitors see it. */
export const address = (site: Site, path: string) => `/${site.prefix}${path === '/' ? '' : path}`;

/** A rendered page in words: its address, or what the "page not found" is. */
export const pageName = (site: Site, target: Target) => (target.pageIndex < 0 ? 'the "page not found" page' : address(site, target.path));

/** The part of the file that makes an address: the item it is made from, else its page. */
export function owner(exam: Exam, target: Target): Position {
  if (target.item) return spot(exam, itemPath(target.item), 'key');
  return target.pageIndex < 0 ? spot(exam, ['notFound'], 'key') : spot(exam, ['pages', target.pageIndex, 'path']);
}

/** Every string in the data below a path, with its path. */
export function* strings(value: unknown, path: Path): Generator<{ path: Path; value: string }> {
  if (typeof value === 'string') yield { path, value };
  else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* strings(value[i], [...path, i]);
  else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) yield* strings(child, [...path, key]);
}

export const get = (root: unknown, path: Path): unknown =>
  path.reduce<unknown>((node, seg) => (node && typeof node === 'object' ? (node as Record<string | number, unknown>)[seg] : undefined), root);

/** The parts of the file a page shows of its own: its page entry and, for a page made per item, the item. */
export function ownParts(target: Target): Path[] {
  const parts: Path[] = target.pageIndex >= 0 ? [['pages', target.pageIndex]] : [['notFound']];
  if (target.item) parts.unshift(itemPath(target.item));
  return parts;
}

/**
 * Where the author wrote a link: a value that is the link, or Markdown that links to it (inline,
 * "<...>" or a reference "[name]: ..."). Looked for first in what the page shows of its own, then
 * anywhere (menu, footer, other pages' blocks).
 */
export function linkSource(exam: Exam, target: Target, written: readonly string[]): Position | undefined {
  const patterns = written.filter(Boolean).map((text) => {
    const quoted = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return { text, in: new RegExp(`\\]\\(\\s*<?${quoted}(?![\\w/-])|<${quoted}>|^\\s*\\[[^\\]]+\\]:\\s*<?${quoted}(?![\\w/-])`, 'm') };
  });
  for (const parts of [ownParts(target), [[]] as Path[]]) {
    for (const part of parts) {
      for (const { path, value } of strings(get(exam.site.data, part), part)) {
        for (const p of patterns) {
          if (value === p.text) return spot(exam, path);
          if (p.in.test(value)) return spotText(exam, path, p.text);
        }
      }
    }
  }
  return undefined;
}
