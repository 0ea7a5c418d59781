/** 4. Two addresses of a site with the same <title>. */
import type { Position } from '../../config/locate.ts';
import { anyFields } from '../../../schema/items.ts';
import type { Item, Target } from '../../site.ts';
import { address, itemPath, owner, spot, type Draft, type Exam } from '../exam.ts';

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;
const NOT_DISTINCT = new Set(['body', 'bio', 'summary', 'image', 'blocks', 'highlights', 'tags', 'specialties', 'slug']);

/** The fields that tell two items apart and could go in a title: "{region}". */
function distinguishing(a: Item, b: Item, used: Set<string>): string[] {
  const [x, y] = [anyFields(a.data), anyFields(b.data)];
  return Object.keys(y).filter((k) => {
    const [mine, theirs] = [y[k], x[k]];
    return !used.has(k) && !NOT_DISTINCT.has(k) && typeof mine === 'string' && typeof theirs === 'string' && theirs !== mine && mine.length <= 60;
  });
}

/** The part of the file that makes the title of an address, and what to do about a clash. */
function titleSource(exam: Exam, target: Target, other: Target): { at: Position; fix: string } {
  const { page, item } = target;
  const pageTitle = ['pages', target.pageIndex, 'title'];
  if (!item) {
    if (target.group)
      return { at: page.title ? spot(exam, pageTitle) : owner(exam, target), fix: 'put "{group}" in the title of the page, so each of its pages has its own.' };
    return { at: page.title ? spot(exam, pageTitle) : owner(exam, target), fix: 'give one of the two pages a title of its own.' };
  }
  const used = new Set([...(page.title ?? '').matchAll(PLACEHOLDER)].map((m) => m[1] as string));
  const extra = other.item ? distinguishing(other.item, item, used) : [];
  const add = extra.length
    ? `, or add ${extra
        .slice(0, 2)
        .map((k) => `"{${k}}"`)
        .join(' or ')} to the title of the page "${page.path}"`
    : '';
  if (page.title && !used.size) {
    return {
      at: spot(exam, pageTitle),
      fix: `use the items' fields in the title, such as "{${item.kind === 'person' || item.kind === 'organization' ? 'name' : item.kind === 'area' ? 'city' : 'title'}}", so each item's page has its own.`,
    };
  }
  const fields = anyFields(item.data);
  const field = page.title ? [...used].find((k) => typeof fields[k] === 'string') : ['title', 'name', 'city'].find((k) => typeof fields[k] === 'string');
  return {
    at: field ? spot(exam, [...itemPath(item), field]) : spot(exam, itemPath(item), 'key'),
    fix: `give the item a ${field ? `"${field}"` : 'title'} that differs from the other one${add}.`,
  };
}

export function duplicateTitles(exam: Exam): Draft[] {
  const seen = new Map<string, Target>();
  const drafts: Draft[] = [];
  for (const { target, facts } of exam.pages) {
    const first = seen.get(facts.title);
    if (!first) {
      seen.set(facts.title, target);
      continue;
    }
    const { at, fix } = titleSource(exam, target, first);
    const url = address(exam.site, target.path);
    drafts.push({
      code: 'SW_DUPLICATE_TITLE',
      at,
      detail: `${url} has the same title as ${address(exam.site, first.path)} (line ${owner(exam, first).line}): "${facts.title}". Browser tabs and search results cannot tell them apart.`,
      fix,
      address: url,
    });
  }
  return drafts;
}
