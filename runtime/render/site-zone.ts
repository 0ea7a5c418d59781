/**
 * The time zone a payer's dates are told in: the site's own (`site.timeZone`) or, on a site that
 * names its zone only where it takes bookings or orders (a restaurant's order block, a booking's
 * timetable), that zone — a receipt dated in UTC tells a Californian diner who paid on Saturday
 * evening that it was Sunday. UTC only when the site names no zone anywhere, and then it says so.
 */
import type { Site } from '../site.ts';
import { dateTimeFormat } from './intl.ts';

const found = new WeakMap<Site, string>();

export function siteZone(site: Site): string {
  const own = site.data.site.timeZone;
  if (own) return own;
  let zone = found.get(site);
  if (zone === undefined) {
    zone = blockZone(site) ?? 'UTC';
    found.set(site, zone);
  }
  return zone;
}

/** The first time zone a block writes, on itself or one level down (a booking's `timetable.timeZone`). */
function blockZone(site: Site): string | undefined {
  for (const page of site.data.pages ?? [])
    for (const block of page.blocks ?? []) {
      const values = [block, ...Object.values(block as Record<string, unknown>)];
      for (const value of values)
        if (value && typeof value === 'object' && typeof (value as { timeZone?: unknown }).timeZone === 'string')
          return (value as { timeZone: string }).timeZone;
    }
  return undefined;
}

/** A moment as a payer reads it, in the site's zone and naming it: "November 28, 2026 at 6:15 PM PST". */
export const momentText = (site: Site, iso: string) =>
  dateTimeFormat(site.data.site.language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: siteZone(site),
  }).format(new Date(iso));
