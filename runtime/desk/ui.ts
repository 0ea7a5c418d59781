/**
 * What the desk's pages are drawn with, for the kernel's pages and the boards blocks add alike:
 * plain forms and links that work without JavaScript, lists rather than wide tables so a phone
 * shows them whole. Everything a visitor or the document wrote goes through `e`.
 */
import { escapeHtml } from '../render/escape.ts';
import { dateTimeFormat } from '../render/intl.ts';
import { siteZone } from '../render/site-zone.ts';
import type { Site } from '../site.ts';
import { asText } from '../text.ts';
import type { DeskSession } from '../../blocks/contract.ts';

/** Any value as escaped text (undefined as nothing). */
export const e = (value: unknown) => escapeHtml(asText(value ?? ''));

/**
 * A moment as the desk shows it to an owner, in the site's zone (`siteZone`) and naming it: "Nov 28,
 * 2026, 8:30 PM EST", plain text. Every date and time on the desk, its boards and their CSV files
 * is told this way, so that an owner reads one clock on every page (the frame names the zone);
 * nothing for no moment, and text that is no moment as it is.
 */
export function deskTime(site: Site, iso: unknown): string {
  const text = asText(iso ?? '');
  const ms = Date.parse(text);
  if (!text || Number.isNaN(ms)) return text;
  return dateTimeFormat(site.data.site.language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: siteZone(site),
  }).format(ms);
}

/** A moment as `deskTime` tells it, escaped in a `<time>` element that keeps the instant. */
export const timeTag = (site: Site, iso: unknown) => `<time datetime="${e(iso)}">${e(deskTime(site, iso))}</time>`;

/** The hidden field every state-changing form under /desk carries. */
export const csrfField = (session: DeskSession) => `<input type="hidden" name="_csrf" value="${e(session.csrf)}">`;

export const csvLink = (href: string, label: string) => `<p><a href="${e(href)}">${escapeHtml(label)}</a></p>`;

/** How many records a desk list shows at once: enough to scan, few enough for a phone to load at once. */
export const PAGE_SIZE = 50;

/**
 * One page of a long list (`?page=2`, counted from 1; anything else is the first, past the end
 * the last) and the links to the pages around it, keeping the list's other query parameters.
 */
export function pageOf<T>(items: readonly T[], asked: unknown, href: (page: number) => string): { shown: T[]; nav: string } {
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const wanted = typeof asked === 'string' && /^\d{1,6}$/.test(asked) ? Number(asked) : 1;
  const page = Math.min(Math.max(wanted, 1), pages);
  const shown = items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  if (pages === 1) return { shown, nav: '' };
  const from = (page - 1) * PAGE_SIZE + 1;
  const links = [
    page > 1 ? `<a href="${e(href(page - 1))}" rel="prev">Newer</a>` : '',
    `<span>${from}–${from + shown.length - 1} of ${items.length}</span>`,
    page < pages ? `<a href="${e(href(page + 1))}" rel="next">Older</a>` : '',
  ].filter(Boolean);
  return { shown, nav: `<nav class="desk-pages" aria-label="Pages of this list">${links.join(' ')}</nav>` };
}
