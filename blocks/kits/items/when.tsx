/** Dates and times of events, shared by the event list and the event page. */
import { slugify } from '../../../runtime/routing/slug.ts';
import { anyFields } from '../../../schema/items.ts';
import type { Item, Site } from '../../../runtime/site.ts';
import { dateTimeFormat } from '../../../runtime/render/intl.ts';

const utcDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y as number, (m as number) - 1, d));
};

/** "Saturday, July 4, 2026" in the site's language. */
export const formatLongDate = (iso: string, locale: string) =>
  dateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(utcDate(iso));

/** "19:00" as the site's language writes it ("7:00 PM" in English). */
export function formatTime(hhmm: string, locale: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, h, m)));
}

/** The start and end of an event, each as a <time>; nothing when it has no start. */
export function TimeRange({ item, locale }: { item: Item<'event'>; locale: string }) {
  const { date, start, end } = item.data;
  if (!start) return null;
  return (
    <span className="time-range">
      <time dateTime={`${date}T${start}`}>{formatTime(start, locale)}</time>
      {end ? (
        <>
          {' – '}
          <time dateTime={`${date}T${end}`}>{formatTime(end, locale)}</time>
        </>
      ) : null}
    </span>
  );
}

/** A calendar-leaf badge: month and day, and the year when it is not this year. */
export function DateBadge({ date, locale, today }: { date: string; locale: string; today: string }) {
  const d = utcDate(date);
  const part = (options: Intl.DateTimeFormatOptions) => dateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(d);
  return (
    <time className="date-badge" dateTime={date}>
      <span className="date-badge-month">{part({ month: 'short' })}</span>
      <span className="date-badge-day">{part({ day: 'numeric' })}</span>
      {date.slice(0, 4) !== today.slice(0, 4) ? <span className="date-badge-year">{part({ year: 'numeric' })}</span> : null}
    </time>
  );
}

/** The organisation item an event or news item names by slug, from any organisation collection. */
export function organizationOf(site: Site, item: Item): Item<'organization'> | undefined {
  const slug = anyFields(item.data).organization;
  if (!slug) return undefined;
  for (const collection of site.collections.values()) {
    if (collection.kind !== 'organization') continue;
    const found = collection.items.find((org) => org.slug === slugify(slug));
    if (found) return found;
  }
  return undefined;
}
