/** What the blocks themselves check in a site: each block's own check, list blocks that must name a collection, and the pages blocks bring. */
import type { BlockRegistry } from '../../blocks/contract.ts';
import type { SiteData } from '../../schema/site.ts';
import type { PendingProblem } from './problem.ts';
import { capitalise, describeObject } from './describe.ts';
import { blocksIn } from './blocks-in.ts';

/** The problems each block's own check finds, at their place in the document; blocks with schema problems are left out. */
export function blockProblems(data: object, usable: (path: readonly (string | number)[]) => boolean, blocks: BlockRegistry): PendingProblem[] {
  const pending: PendingProblem[] = [];
  for (const { block, path } of blocksIn(data)) {
    const definition = blocks[block.type as string];
    if (!definition?.check || !usable(path)) continue;
    const { type: _t, id: _i, ...props } = block;
    for (const issue of definition.check(props, data)) {
      pending.push({
        code: issue.code,
        path: [...path, ...issue.path],
        target: issue.target ?? 'value',
        detail: issue.detail,
        fix: issue.fix,
        offset: issue.offset,
        span: issue.span,
        edit: issue.edit,
        ...(issue.editRoot && { editPath: issue.editRoot }),
        ...(issue.alsoEdit && {
          alsoEdit: issue.alsoEdit.map((e) => ({ path: e.root ? e.path : [...path, ...e.path], target: e.target ?? 'value', edit: e.edit })),
        }),
      });
    }
  }
  return pending;
}

/** List blocks on a page that is not made per item must say what they list. */
export function listSources(root: SiteData, usable: (path: readonly (string | number)[]) => boolean, blocks: BlockRegistry): PendingProblem[] {
  const problems: PendingProblem[] = [];
  root.pages.forEach((page, pageIndex) => {
    if (!page || page.from || !Array.isArray(page.blocks)) return;
    page.blocks.forEach((block, index) => {
      const definition = blocks[block?.type];
      const props = definition?.props as { properties?: Record<string, unknown>; required?: string[] } | undefined;
      const path = ['pages', pageIndex, 'blocks', index];
      if (
        !definition ||
        !props?.properties?.collection ||
        props.required?.includes('collection') ||
        block.collection !== undefined ||
        definition.collectionFromPage === false ||
        !usable(path)
      )
        return;
      const names = Object.keys(root.collections ?? {});
      problems.push({
        code: 'SW_MISSING_KEY',
        path,
        target: 'key',
        detail: `${capitalise(describeObject(root, path))} does not say which collection to list, and "${page.path}" is not a page made per item.`,
        fix: names.length
          ? `add "collection:" with one of: ${names.join(', ')}.`
          : 'add a collection under "collections:", then name it here with "collection:".',
      });
    });
  });
  return problems;
}

/**
 * The pages blocks bring to a site that asks for them (`search: true` → /search), added after the
 * site's own, each unless the site wrote a page at its address. Returns where each added page came
 * from, by its index, so a problem with it is reported at the setting.
 */
export function addOwnPages(
  site: Partial<SiteData>,
  usable: (path: readonly (string | number)[]) => boolean,
  blocks: BlockRegistry,
): Map<number, (string | number)[]> {
  const added = new Map<number, (string | number)[]>();
  if (!Array.isArray(site.pages) || !usable(['pages'])) return added;
  const pages = site.pages as unknown[];
  for (const definition of Object.values(blocks)) {
    const own = definition.ownPage?.(site);
    if (!own || pages.some((p) => (p as { path?: unknown } | null)?.path === own.page.path)) continue;
    added.set(pages.length, [own.setting]);
    pages.push(own.page);
  }
  return added;
}
