/** The problems with what a site's references name: collections of the wrong kind or none, media files, links that lead nowhere. */
import { RESERVED_SITE_SEGMENTS } from '../routing/reserved.ts';
import type { Site } from '../site.ts';
import type { SiteData } from '../../schema/site.ts';
import type { PendingProblem } from './problem.ts';
import { choices, nearest } from './suggest.ts';
import { describeField } from './describe.ts';
import { suggestPage } from './page-suggest.ts';
import type { Ref } from './refs.ts';
import { mediaRefProblems } from './image-refs.ts';
import type { MediaFacts } from './media.ts';

export interface RefContext {
  /** Whether a part of the document has no schema problem inside it. */
  usable: (path: readonly (string | number)[]) => boolean;
  root: SiteData;
  prefix: string;
  site: { router: Site['router']; targets: Site['targets']; collections: Site['collections'] };
  media: Set<string>;
  facts?: MediaFacts;
}

/** The problems with the references of a site whose routes are compiled. */
export function refProblems(refs: Ref[], { usable, root, prefix, site, media, facts }: RefContext): PendingProblem[] {
  const problems: PendingProblem[] = [];
  const exists = (path: string) => site.router.match(path.length > 1 ? path.replace(/\/$/, '') : path).kind === 'match';
  /** A link inside the site that leads nowhere: the problem, with the nearest address as a suggestion; undefined when it works. */
  const brokenLink = (href: string, where: string): Omit<PendingProblem, 'path'> | undefined => {
    const path = href.replace(/[?#].*$/, '') || '/';
    if ((RESERVED_SITE_SEGMENTS as readonly string[]).includes(path.split('/')[1] ?? '') || exists(path)) return undefined;
    const { path: near, fix } = suggestPage(path, site.targets, exists);
    return {
      code: 'SW_BROKEN_LINK',
      target: 'value',
      detail: `No page of this site is at "${path}" (${where}).`,
      fix,
      ...(near && { edit: { replace: href.replace(path, near) } }),
    };
  };
  for (const ref of refs) {
    const where = describeField(root, ref.path);
    const collection = ref.kind === 'collection' ? site.collections.get(ref.value) : undefined;
    if (collection && ref.itemKind && collection.kind !== ref.itemKind) {
      const fitting = [...site.collections.values()].filter((c) => c.kind === ref.itemKind).map((c) => c.name);
      problems.push({
        code: 'SW_COLLECTION_KIND',
        path: ref.path,
        target: 'value',
        detail: `"${ref.value}" holds ${collection.kind} items, but ${where} lists ${ref.itemKind} items.`,
        fix: fitting.length
          ? `use a collection of kind ${ref.itemKind}: ${fitting.join(', ')}.`
          : `add a collection with "kind: ${ref.itemKind}" and name it here.`,
        ...(fitting[0] && { edit: { value: fitting[0] } }),
      });
    } else if (ref.kind === 'collection' && !collection) {
      // A collection with a mistake of its own is reported there; naming it is not a second mistake.
      if (root.collections && Object.hasOwn(root.collections, ref.value)) continue;
      const names = [...site.collections.keys()];
      problems.push({
        code: 'SW_UNKNOWN_COLLECTION',
        path: ref.path,
        target: 'value',
        detail: `There is no collection called "${ref.value}" (${where}).`,
        fix: names.length ? choices(ref.value, names) : `add a collection called "${ref.value}" under "collections:".`,
        ...(nearest(ref.value, names) && { edit: { value: nearest(ref.value, names) as string } }),
      });
    } else if (ref.kind === 'media') {
      problems.push(...mediaRefProblems(ref, root, prefix, media, facts, usable(ref.path.slice(0, -1))));
    } else if (ref.kind === 'markdown') {
      for (const m of ref.value.matchAll(/\]\((\/[^)\s]*)/g)) {
        const href = m[1] as string;
        const broken = brokenLink(href, `a link in the text of ${where}`);
        if (broken) problems.push({ ...broken, path: ref.path, find: `(${href}` });
      }
    } else if (ref.kind === 'link' && ref.value.startsWith('/') && /\{[a-zA-Z]+\}/.test(ref.value)) {
      // A link filled in per item ("/{slug}/thank-you"): some page must have that shape.
      const path = ref.value.replace(/[?#].*$/, '');
      if (site.router.routes.some((r) => fitsPattern(path, r.pattern))) continue;
      problems.push({
        code: 'SW_BROKEN_LINK',
        path: ref.path,
        target: 'value',
        detail: `No page of this site has addresses like "${path}" (${where}).`,
        fix: 'add a page with that shape of path, such as one with "{parameters}" in the same places.',
      });
    } else if (ref.kind === 'link' && ref.value.startsWith('/')) {
      const broken = brokenLink(ref.value, where);
      if (broken) problems.push({ ...broken, path: ref.path });
    }
  }
  return problems;
}

/** Whether a link with {placeholders} can land on a route: placeholders face parameters, words face words or parameters. */
function fitsPattern(link: string, pattern: Site['router']['routes'][number]['pattern']): boolean {
  const parts = link === '/' ? [] : link.slice(1).split('/');
  const segs = pattern.segments;
  if (segs.at(-1)?.kind === 'rest') return parts.length >= segs.length;
  return parts.length === segs.length && segs.every((seg, i) => seg.kind !== 'static' || seg.value === parts[i]);
}
