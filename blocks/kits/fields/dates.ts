/**
 * A date field's `min` and `max`: a date (2026-12-01), `today`, or a number of days from today
 * (+7d, -30d). "Today" is the day in the site's time zone, read from a clock the caller passes,
 * so the server, the page and a test all agree on it. Shared by the browser and the server.
 */
import { addDays, localDate } from '../../../runtime/services/time.ts';
import { dateTimeFormat } from '../../../runtime/render/intl.ts';
import type { FormField } from './schema.ts';

/** How a date bound may be written; the schema holds a date field's `min` and `max` to it. */
export const DATE_BOUND = '^(\\d{4}-\\d{2}-\\d{2}|today|[+-]\\d{1,4}d)$';
/** The forms, as said to an author whose bound is none of them. */
export const DATE_BOUND_WORDS = 'a date such as 2026-12-01, today, or days from today such as +7d or -30d';

/** Whether a bound moves with the day (today, +7d), so what it says changes at midnight. */
export const isRelative = (bound: unknown): boolean => typeof bound === 'string' && (bound === 'today' || /^[+-]\d+d$/.test(bound));

/** Today's date (YYYY-MM-DD) in a time zone, at an instant. */
export const todayIn = (ms: number, timeZone: string): string => localDate(ms, timeZone);

/** The date a bound stands for, given today's date; undefined for a bound that is not a date bound. */
export function resolveBound(bound: unknown, today: string): string | undefined {
  if (typeof bound !== 'string') return undefined;
  if (bound === 'today') return today;
  const offset = /^([+-]\d+)d$/.exec(bound);
  if (offset) return addDays(today, Number(offset[1]));
  return /^\d{4}-\d{2}-\d{2}$/.test(bound) ? bound : undefined;
}

/**
 * The fields with every date field's bounds written as dates for `today`. Without a today (a page
 * of a static export, before its script has read the visitor's clock) a bound that moves with the
 * day is left out: the server, which knows the day, still checks it.
 */
export function withDates(fields: FormField[], today: string | undefined): FormField[] {
  return fields.map((f) => {
    if (f.kind !== 'date' || (f.min === undefined && f.max === undefined)) return f;
    const { min, max, ...rest } = f;
    const at = (bound: unknown) => (isRelative(bound) && !today ? undefined : resolveBound(bound, today ?? ''));
    const lo = at(min);
    const hi = at(max);
    return { ...rest, ...(lo ? { min: lo } : {}), ...(hi ? { max: hi } : {}) };
  });
}

/** A date as the site's readers write it: "26 November 2026" in en-GB, "November 26, 2026" in en-US. */
export const longDate = (date: string, locale: string | undefined): string =>
  dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(`${date}T12:00:00Z`));
