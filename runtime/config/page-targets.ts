/** The addresses one page makes: itself for a page with a fixed path, one per item, group or page number for a page with {parameters}. */
import type { TObject } from '@sinclair/typebox';
import type { BlockRegistry } from '../../blocks/contract.ts';
import type { PageData } from '../../schema/site.ts';
import { fieldNames, kindOf } from '../../schema/items.ts';
import { buildPath, type Pattern } from '../routing/pattern.ts';
import type { Collection, Target } from '../site.ts';
import type { PendingProblem } from './problem.ts';
import { choices, nearest, yamlValue } from './suggest.ts';
import { pathTitle } from './describe.ts';
import { asText } from './item-fields.ts';
import { groupedTargets, itemTargets, pagedTargets } from './item-targets.ts';

/** A page with a fixed path is one address; settings that only pages with {parameters} use are a problem here, as are a missing title and no blocks. */
export function staticTarget(page: PageData, pageIndex: number, pattern: Pattern, problems: PendingProblem[], registry: BlockRegistry): Target[] | undefined {
  const at = ['pages', pageIndex];
  if (page.from !== undefined || page.groupBy !== undefined || page.pageSize !== undefined) {
    const key = page.from !== undefined ? 'from' : page.groupBy !== undefined ? 'groupBy' : 'pageSize';
    // A block that can be told which collection to list: the author likely meant "collection:" there.
    const list = page.from
      ? (Array.isArray(page.blocks) ? page.blocks : []).find(
          (b) => b && typeof b === 'object' && b.collection === undefined && (registry[b.type]?.props as TObject | undefined)?.properties.collection,
        )
      : undefined;
    problems.push({
      code: 'SW_FROM_WITHOUT_PARAMS',
      path: [...at, key],
      target: 'key',
      detail: `"${page.path}" has no {parameters}, so "${key}" does nothing here: "from" makes one page per item, for paths like "${page.path === '/' ? '' : page.path}/{slug}".`,
      fix: list
        ? `to list the items on this page, remove "from:" and write "collection: ${page.from}" in the ${list.type} block.`
        : `remove "${key}:", or add a parameter to the path, such as "${page.path === '/' ? '' : page.path}/{slug}".`,
      edit: { remove: true },
      ...(list && {
        alsoEdit: [{ path: [...at, 'blocks', (page.blocks ?? []).indexOf(list)], target: 'key' as const, edit: { insert: `collection: ${page.from}` } }],
      }),
    });
  }
  if (page.title === undefined)
    problems.push({
      code: 'SW_MISSING_TITLE',
      path: at,
      target: 'key',
      detail: `The page "${page.path}" has no "title".`,
      fix: `add "title:" with the name of the page, as it should show in the browser tab, such as title: ${yamlValue(pathTitle(page.path))}`,
      edit: { insert: `title: ${yamlValue(pathTitle(page.path))}` },
    });
  if (!page.blocks?.length)
    problems.push({
      code: 'SW_EMPTY_PAGE',
      path: page.blocks ? [...at, 'blocks'] : at,
      target: 'key',
      detail: `The page "${page.path}" has nothing to show.`,
      fix: `add "blocks:" with at least one block, such as a hero or rich-text:\n      blocks:\n        - type: hero\n          heading: ${yamlValue(asText(page.title) ?? pathTitle(page.path))}`,
      ...(!page.blocks && { edit: { insert: `blocks:\n  - type: hero\n    heading: ${yamlValue(asText(page.title) ?? pathTitle(page.path))}` } }),
    });
  return [{ page, pageIndex, path: buildPath(pattern, {}) }];
}

/** A page with {parameters}: checked against the collection it is made from, then one address per page number, group or item. */
export function dynamicTargets(
  page: PageData,
  pageIndex: number,
  pattern: Pattern,
  collections: Map<string, Collection>,
  problems: PendingProblem[],
  usable: (path: readonly (string | number)[]) => boolean,
): Target[] | undefined {
  const at = ['pages', pageIndex];
  if (!page.from) {
    problems.push(missingFrom(page, at, collections));
    return undefined;
  }
  const collection = collections.get(page.from);
  if (!collection) return undefined; // reported by the reference check
  const fields = fieldNames(collection.kind);
  const kind = kindOf(collection.kind);
  const lone = pattern.params.length === 1;
  // "/blog/category/{category}" without groupBy would be a page per post: it is meant as a page per category.
  const lonely = pattern.params[0] as string;
  if (lone && !page.groupBy && !page.pageSize && kind.groupable.includes(lonely) && !kind.slugFrom.includes(lonely)) {
    problems.push({
      code: 'SW_MISSING_KEY',
      path: at,
      target: 'key',
      detail: `"${page.path}" has {${lonely}}, a field many items share, but no "groupBy": it would make a page per item, each at its ${lonely}, and items with the same ${lonely} would collide.`,
      fix: `add "groupBy: ${lonely}" to make one page per ${lonely}, listing its items ({group} is its name in the title).`,
      edit: { insert: `groupBy: ${lonely}` },
    });
    return undefined;
  }
  // A parameter no item of this kind has: said once, at the path, rather than on every item.
  const strangers = pattern.params.filter((p) => !(lone && p !== 'slug') && p !== 'slug' && !fields.includes(p));
  if (strangers.length) {
    const name = strangers[0] as string;
    const near = nearest(name, fields);
    const mended = near ? page.path.replace(`{${name}}`, `{${near}}`) : page.path.replace(new RegExp(`/\\{${name}\\}`), '') || '/';
    problems.push({
      code: 'SW_PARAM_UNFILLED',
      path: [...at, 'path'],
      target: 'value',
      offset: page.path.indexOf(`{${name}}`),
      span: name.length + 2,
      detail: `{${name}} in "${page.path}" is not a field of ${collection.kind} items, so no item of "${collection.name}" can fill it. Their fields are: ${fields.join(', ')}.`,
      fix: near ? `did you mean {${near}}? Write "${mended}".` : `remove {${name}} from the path: "${mended}", or use a field the items have.`,
      edit: { value: mended },
    });
    return undefined;
  }
  checkPlaceholders(page, pageIndex, kind.placeholders, problems);

  if ((page.groupBy || page.pageSize) && !lone) {
    problems.push({
      code: 'SW_BAD_PATH',
      path: [...at, 'path'],
      target: 'value',
      detail: `A page made per group or per page number takes exactly one parameter; "${page.path}" has ${pattern.params.length}.`,
      fix: page.pageSize ? 'write a path like "/blog/page/{page}".' : 'write a path like "/blog/category/{category}".',
    });
    return undefined;
  }
  if (page.pageSize) return pagedTargets(page, pageIndex, pattern, collection, page.pageSize, usable);
  if (page.groupBy) return groupedTargets(page, pageIndex, pattern, collection, page.groupBy, problems);
  return itemTargets(page, pageIndex, pattern, collection, problems, usable);
}

/** A page with parameters that does not say which collection's items it is made for. */
function missingFrom(page: PageData, at: (string | number)[], collections: Map<string, Collection>): PendingProblem {
  const names = [...collections.keys()];
  const guess = names.find((n) => page.path.split('/').includes(n)) ?? nearest(page.path.split('/')[1] ?? '', names) ?? names[0];
  return {
    code: 'SW_MISSING_FROM',
    path: at,
    target: 'key',
    detail: `"${page.path}" has parameters, so it is made once per item, but it does not say which items.`,
    fix: guess
      ? `add "from: ${guess}" to name the collection${collections.size > 1 ? ` (or another of: ${[...collections.keys()].join(', ')})` : ''}.`
      : `add "from:" with the name of a collection, after adding one under "collections:".`,
    ...(guess && { edit: { insert: `from: ${guess}` } }),
  };
}

/** {placeholders} in a page's title and description that the items it shows cannot fill. */
function checkPlaceholders(page: PageData, pageIndex: number, placeholders: readonly string[], problems: PendingProblem[]) {
  // A page per group or per page number shows many items: only the group's name can be filled in.
  const allowed = page.groupBy ? ['group', page.groupBy] : page.pageSize ? ['group'] : [...new Set(['slug', ...placeholders])];
  for (const key of ['title', 'description'] as const) {
    const text = page[key];
    if (!text) continue;
    for (const m of text.matchAll(/\{([a-zA-Z]+)\}/g)) {
      const name = m[1] as string;
      if (allowed.includes(name)) continue;
      problems.push({
        code: 'SW_UNKNOWN_PLACEHOLDER',
        path: ['pages', pageIndex, key],
        target: 'value',
        offset: m.index,
        span: m[0].length,
        detail: `"{${name}}" is not a field of the items this page shows.`,
        fix: choices(name, allowed, (f) => `{${f}}`),
        ...(nearest(name, allowed) && { edit: { replace: `{${nearest(name, allowed)}}` } }),
      });
    }
  }
}
