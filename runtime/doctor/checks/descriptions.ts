/** 1. Pages that show the site description in search results, because they have none of their own. */
import { capitalise, describeObject } from '../../config/describe.ts';
import type { ItemKind } from '../../../schema/items.ts';
import { address, itemPath, spot, type Draft, type Exam, type RenderedTarget } from '../exam.ts';

/** A placeholder worth putting in a page's description, by kind of item. */
const PLACEHOLDER: Record<ItemKind, string> = {
  page: '{title}',
  post: '{title}',
  area: '{city}',
  job: '{title}',
  event: '{title}',
  news: '{title}',
  person: '{name}',
  organization: '{name}',
  product: '{name}',
};

export function descriptions(exam: Exam): Draft[] {
  const { site } = exam;
  const fallback = site.data.site.description;
  const drafts: Draft[] = [];
  const perItem = new Map<number, RenderedTarget[]>();
  for (const rendered of exam.pages) {
    const { target, facts } = rendered;
    if (target.path === '/' || target.page.noindex || facts.description !== fallback) continue;
    const page = target.page;
    const at = ['pages', target.pageIndex];
    const url = address(site, target.path);
    if (page.description) {
      drafts.push({
        code: 'SW_NO_DESCRIPTION',
        at: spot(exam, [...at, 'description']),
        detail: `The description of "${page.path}" is the site description word for word, so in search results ${url} looks like the home page.`,
        fix: 'describe what this page offers in one or two sentences of its own.',
        address: url,
      });
    } else if (target.item) {
      const list = perItem.get(target.pageIndex) ?? [];
      list.push(rendered);
      perItem.set(target.pageIndex, list);
    } else if (target.group) {
      drafts.push({
        code: 'SW_NO_DESCRIPTION',
        at: spot(exam, at, 'key'),
        detail: `The page "${page.path}" has no "description", so ${url} shows the site description in search results.`,
        fix: 'add "description:" to the page; "{group}" in it is filled with the name of each group or page number.',
        address: url,
      });
    } else {
      drafts.push({
        code: 'SW_NO_DESCRIPTION',
        at: spot(exam, at, 'key'),
        detail: `The page "${page.path}" has no "description", so search results show the site description for it: the same text as for the home page.`,
        fix: 'add "description:" with one or two sentences about what this page offers (under 160 characters reads best).',
      });
    }
  }
  for (const [pageIndex, lacking] of perItem) {
    const page = site.data.pages[pageIndex];
    const first = lacking[0]?.target.item;
    if (!page || !first) continue;
    const all = exam.pages.filter((p) => p.target.pageIndex === pageIndex && p.target.item).length;
    const placeholder = PLACEHOLDER[first.kind];
    if (lacking.length === all && all > 1) {
      drafts.push({
        code: 'SW_NO_DESCRIPTION',
        at: spot(exam, ['pages', pageIndex], 'key'),
        detail: `None of the ${all} items of "${first.collection}" shown by "${page.path}" has a "summary", and the page has no "description", so ${all === 2 ? 'both pages show' : `all ${all} pages show`} the site description in search results.`,
        fix: `add "description:" to the page using the items' fields, such as "${placeholder}", or a "summary:" to each item.`,
      });
      continue;
    }
    for (const { target } of lacking) {
      const item = target.item;
      if (!item) continue;
      drafts.push({
        code: 'SW_NO_DESCRIPTION',
        at: spot(exam, itemPath(item), 'key'),
        detail: `${capitalise(describeObject(site.data, itemPath(item)))} has no "summary", and the page "${page.path}" has no "description", so ${address(site, target.path)} shows the site description in search results.`,
        fix: `add "summary:" to the item: one or two sentences about it.`,
      });
    }
  }
  return drafts;
}
