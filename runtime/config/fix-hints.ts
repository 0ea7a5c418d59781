/** Fixes made better with what only the whole site knows: a link's missing "/", links that follow a moved page, a picture's own size. */
import type { Site } from '../site.ts';
import type { SiteData } from '../../schema/site.ts';
import type { PendingProblem } from './problem.ts';
import type { Ref } from './refs.ts';
import type { MediaFacts } from './media.ts';

/** A link written without its leading "/" that would work with one: say so in the fix. */
export function slashHints(problems: PendingProblem[], refs: Ref[], router: Site['router']): void {
  for (const problem of problems) {
    if (problem.code !== 'SW_BAD_FORMAT') continue;
    const ref = refs.find((r) => r.kind === 'link' && r.path.length === problem.path.length && r.path.every((s, i) => problem.path[i] === s));
    if (ref && !ref.value.includes(':') && router.match(`/${ref.value.replace(/^\.?\//, '')}`).kind === 'match') {
      problem.fix = `write "/${ref.value.replace(/^\.?\//, '')}": a path inside the site starts with "/".`;
      problem.edit = { value: `/${ref.value.replace(/^\.?\//, '')}` };
    }
  }
}

/** A fix that moves a page takes the site's links to it along, so they do not break. */
export function linksFollow(problems: PendingProblem[], refs: Ref[], site: SiteData): void {
  for (const problem of problems) {
    const [pages, index, key] = problem.path;
    if (
      !['SW_NO_HOME', 'SW_RESERVED_PATH', 'SW_BAD_PATH'].includes(problem.code) ||
      pages !== 'pages' ||
      key !== 'path' ||
      !problem.edit ||
      !('value' in problem.edit)
    )
      continue;
    const from = site.pages[index as number]?.path;
    const to = problem.edit.value;
    if (typeof from !== 'string' || from === to) continue;
    const links = refs.filter((r) => r.kind === 'link' && r.value.replace(/[?#].*$/, '') === from);
    if (!links.length) continue;
    problem.alsoEdit = links.map((r) => ({ path: r.path, target: 'value' as const, edit: { value: r.value.replace(from, to) } }));
    problem.fix += ` The link${links.length > 1 ? 's' : ''} to "${from}" change${links.length > 1 ? '' : 's'} with it.`;
  }
}

/** A width or height out of range beside a picture whose file was read: the fix is the file's own size. */
export function realSizes(problems: PendingProblem[], refs: Ref[], site: SiteData, facts: MediaFacts | undefined): void {
  for (const problem of problems) {
    const key = problem.path[problem.path.length - 1];
    if (problem.code !== 'SW_OUT_OF_RANGE' || (key !== 'width' && key !== 'height')) continue;
    const parent = problem.path.slice(0, -1);
    const ref = refs.find((r) => r.kind === 'media' && r.path.length === parent.length + 1 && parent.every((s, i) => r.path[i] === s));
    const image = ref && facts?.images.get(ref.value);
    if (!image) continue;
    const size = key === 'width' ? image.width : image.height;
    const other = key === 'width' ? 'height' : 'width';
    const otherSize = key === 'width' ? image.height : image.width;
    let written: unknown = site;
    for (const seg of parent) written = written && typeof written === 'object' ? (written as Record<string | number, unknown>)[seg] : undefined;
    const both = typeof (written as Record<string, unknown> | undefined)?.[other] === 'number';
    problem.fix = both
      ? `write the picture's own size, ${key}: ${size} and ${other}: ${otherSize}, or delete both lines: Sitewright reads the size from the file.`
      : `write the picture's own ${key}, ${key}: ${size}, or delete the line: Sitewright reads the size from the file.`;
    problem.edit = { value: String(size) };
    if (both) problem.alsoEdit = [{ path: [...parent, other], target: 'value', edit: { value: String(otherSize) } }];
  }
}
