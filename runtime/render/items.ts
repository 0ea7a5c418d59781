import { anyFields, kindOf } from '../../schema/items.ts';
import { slugify } from '../routing/slug.ts';
import type { Item, Target } from '../site.ts';
import { markdownText } from './markdown.ts';
import { asText } from '../text.ts';
import { dateTimeFormat } from './intl.ts';

export function itemTitle(item: Item, services = 'Our services'): string {
  return kindOf(item.kind).title(item.data, services);
}

/** The id of an item's place on a page that lists it, the address of an item without a page of its own (`/about#staff-ana-ruiz`). */
export const itemAnchor = (item: Item) => `${item.collection}-${item.slug}`;

export function itemSummary(item: Item): string | undefined {
  const kind = kindOf(item.kind);
  const text = kind.summary(item.data);
  if (text) return text;
  const body = kind.text(item.data);
  if (!body) return undefined;
  const plain = markdownText(body);
  return plain.length > 180 ? `${plain.slice(0, 177).replace(/\s+\S*$/, '')}…` : plain;
}

/** The date an item is sorted and shown by, if it has one. */
export const itemDate = (item: Item): string | undefined => kindOf(item.kind).date(item.data);

/** Items with dates, newest first (the order of blogs and news); items without keep the written order. */
export function sortNewestFirst(items: readonly Item[]): Item[] {
  const date = (item: Item) => itemDate(item) ?? '';
  return [...items].sort((a, b) => date(b).localeCompare(date(a)));
}

export function formatDate(iso: string, locale: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return dateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y as number, (m as number) - 1, d)),
  );
}

export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.round(markdownText(markdown).split(' ').length / 220));
}

/** Fills "{field}" placeholders from an item's fields and the page's group. */
export function fillTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{([a-zA-Z]+)\}/g, (whole, key: string) => {
    const v = values[key];
    return typeof v === 'string' || typeof v === 'number' ? String(v) : whole;
  });
}

/**
 * The items whose fields match a list block's `filter`, such as `organization: "{slug}"`: each
 * value may name the page's own item's fields, and values compare as slugs (a list field matches
 * when any of its entries does).
 */
export function filterItems<T extends Item>(items: readonly T[], filter: Record<string, string> | undefined, target: Target): T[] {
  if (!filter) return [...items];
  const values = { ...target.item?.data, slug: target.item?.slug, group: target.group?.label };
  const wanted = Object.entries(filter).map(([field, template]) => [field, slugify(fillTemplate(template, values))] as const);
  return items.filter((item) =>
    wanted.every(([field, value]) => {
      const v = field === 'slug' ? item.slug : anyFields(item.data)[field];
      return Array.isArray(v) ? v.some((x) => slugify(asText(x)) === value) : v !== undefined && slugify(asText(v)) === value;
    }),
  );
}
