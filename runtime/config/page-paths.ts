/** A page's path read as a pattern, with the problems that keep it from being routed: a path that cannot be read, a reserved one, one taken by another page. */
import type { PageData, SiteData } from '../../schema/site.ts';
import { parsePattern, PatternError, type Pattern } from '../routing/pattern.ts';
import { RESERVED_SITE_SEGMENTS } from '../routing/reserved.ts';
import { slugify } from '../routing/slug.ts';
import type { PendingProblem } from './problem.ts';

/** The line a part of the document starts on, for messages that name another place. */
export type LineOf = (path: readonly (string | number)[]) => number;

/** The pages routed so far, by their path as written and by the addresses it matches. */
export interface PathsSeen {
  bySource: Map<string, number>;
  byShape: Map<string, number>;
}

/** The page's path as a pattern, noted in `seen`; undefined, with the problem, when it cannot be routed. */
export function pagePattern(
  page: PageData,
  pageIndex: number,
  data: SiteData,
  seen: PathsSeen,
  lineOf: LineOf,
  problems: PendingProblem[],
): Pattern | undefined {
  const at = ['pages', pageIndex] as const;
  let pattern: Pattern;
  try {
    pattern = parsePattern(page.path);
  } catch (error) {
    if (!(error instanceof PatternError)) throw error;
    const lower = page.path.toLowerCase();
    const fix =
      lower !== page.path && isPattern(lower)
        ? `write it in lowercase: "${lower}".`
        : /\{\w+\*\}\//.test(page.path)
          ? `put the catch-all last: "${page.path.replace(/\/\{(\w+)\*\}.*$/, '/{$1*}')}".`
          : 'write a path like "/about", "/blog/{slug}" or "/{slug*}".';
    const mended =
      lower !== page.path && isPattern(lower) ? lower : /\{\w+\*\}\//.test(page.path) ? page.path.replace(/\/\{(\w+)\*\}.*$/, '/{$1*}') : undefined;
    problems.push({
      code: 'SW_BAD_PATH',
      path: [...at, 'path'],
      target: 'value',
      detail: `The path "${page.path}" cannot be used: ${error.message}.`,
      fix,
      ...(mended && { edit: { value: mended } }),
    });
    return undefined;
  }
  const first = pattern.segments[0];
  if (first?.kind === 'static' && (RESERVED_SITE_SEGMENTS as readonly string[]).includes(first.value)) {
    const other = freePath(page.path.replace(/^\/[^/]+/, `/${slugify(String(page.title ?? '')) || `our-${first.value}`}`), data);
    problems.push({
      code: 'SW_RESERVED_PATH',
      path: [...at, 'path'],
      target: 'value',
      detail: `Every site answers /${first.value} itself, so "${page.path}" cannot be a page.`,
      fix: `choose another path, such as "${other}"; ${RESERVED_SITE_SEGMENTS.map((s) => `/${s}`).join(', ')} are reserved.`,
      edit: { value: other },
    });
    return undefined;
  }
  const sameSource = seen.bySource.get(pattern.source);
  if (sameSource !== undefined) {
    problems.push({
      code: 'SW_DUPLICATE_PATH',
      path: [...at, 'path'],
      target: 'value',
      detail: `The page on line ${lineOf(['pages', sameSource])}${data.pages[sameSource]?.title ? ` ("${data.pages[sameSource]?.title}")` : ''} already has the path "${page.path}".`,
      fix: `give this page another path, such as "${freePath(titledPath(page), data)}", or merge the two pages.`,
      edit: { value: freePath(titledPath(page), data) },
    });
    return undefined;
  }
  const sameShape = seen.byShape.get(pattern.shape);
  if (sameShape !== undefined) {
    const other = data.pages[sameShape]?.path;
    const word = page.from ?? 'items';
    problems.push({
      code: 'SW_ROUTE_CLASH',
      path: [...at, 'path'],
      target: 'value',
      detail: `"${page.path}" matches exactly the same addresses as "${other}" on line ${lineOf(['pages', sameShape])}: only their parameter names differ, so this page could never be reached.`,
      fix: `make them differ by a fixed word, such as "/${word}/{${pattern.params[0] ?? 'slug'}}".`,
      edit: { value: `/${word}/{${pattern.params[0] ?? 'slug'}}` },
    });
    return undefined;
  }
  seen.bySource.set(pattern.source, pageIndex);
  seen.byShape.set(pattern.shape, pageIndex);
  return pattern;
}

function isPattern(source: string): boolean {
  try {
    parsePattern(source);
    return true;
  } catch {
    return false;
  }
}

/** A path made from a page's title: "/in-the-press" for "In the press". */
const titledPath = (page: PageData) => `/${slugify(typeof page.title === 'string' ? page.title.replace(/\{[^}]*\}/g, '') : '') || 'page'}`;

/** The path, or the path with -2, -3… when a page of the site already has it. */
function freePath(path: string, data: SiteData): string {
  const taken = new Set(data.pages.map((p) => p?.path));
  if (!taken.has(path) && !(RESERVED_SITE_SEGMENTS as readonly string[]).includes(path.split('/')[1] ?? '')) return path;
  for (let n = 2; ; n++) if (!taken.has(`${path}-${n}`)) return `${path}-${n}`;
}
