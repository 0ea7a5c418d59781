/**
 * The slots of a timetable: which a bookable resource (an escape room, a lesson with a coach, a class,
 * a tour, a restaurant's pick-up times) offers, in the timetable's own time zone, and how to name,
 * find and show one of them. Dates and wall-clock times in a zone are the kernel's (runtime/services/time.ts),
 * with its two daylight-saving rules; every function here is pure too, the current instant coming in as `now`.
 *
 * A slot lasts `durationMinutes` of real time, so a one-hour slot at 01:30 EDT on a fall-back night ends at 01:30 EST.
 */
import { dateTimeFormat } from '../../../runtime/render/intl.ts';
import { addDays, clockAt, dayOf, daysBetween, isRealDate, isTime, localDate, zonedTimeToUtc } from '../../../runtime/services/time.ts';

/** How a site describes when a resource can be booked. */
export interface Timetable {
  /** IANA time zone of the site, e.g. 'America/New_York'. */
  timeZone: string;
  /** Weekly starts: days (lowercase English 'monday'..'sunday') and local start times 'HH:MM'. */
  weekly: { days: string[]; starts: string[] }[];
  /** Minutes each slot lasts. */
  durationMinutes: number;
  /** Book at least this many minutes ahead (default 0). */
  leadMinutes?: number;
  /** Book at most this many days ahead (default 60): today and the next `horizonDays` local dates. */
  horizonDays?: number;
  /** Days with no slots at all (holidays): local dates 'YYYY-MM-DD', or 'MM-DD' for that day every year. */
  closed?: string[];
  /** Per-date exceptions: replace that date's starts (an empty list closes it), e.g. { date: '2026-12-24', starts: ['10:00'] }. */
  exceptions?: { date: string; starts: string[] }[];
}

/** One bookable occurrence. */
export interface Slot {
  /** `${date}T${time}`, e.g. '2026-03-08T10:00': stable across requests and read back by `parseSlotId`. */
  id: string;
  /** Local date 'YYYY-MM-DD' in the timetable's zone. */
  date: string;
  /** local 'HH:MM' the clocks show when the slot starts (03:30 for a timetable's 02:30 on a night the clocks skip it). */
  time: string;
  /** Start instant, ISO 8601 in UTC ('2026-03-08T14:00:00.000Z'). */
  startUtc: string;
  /** End instant: the start plus `durationMinutes` of real time. */
  endUtc: string;
}

/** Why a slot asked for by its id cannot be booked. */
export type Refusal = 'malformed' | 'not-in-timetable' | 'closed' | 'too-soon' | 'past' | 'too-far';

export const DEFAULT_HORIZON_DAYS = 60;
/** The farthest a timetable may reach: ten years of dates is already more than any site books. */
export const MAX_HORIZON_DAYS = 3660;

const MINUTE = 60_000;
const SLOT_ID = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** Reads a slot id back into its local date and time, or undefined for anything that is not exactly 'YYYY-MM-DDTHH:MM' with a real date and time. */
export function parseSlotId(id: unknown): { date: string; time: string } | undefined {
  if (typeof id !== 'string' || id.length !== 16) return undefined;
  const m = SLOT_ID.exec(id);
  if (!m) return undefined;
  const [date, time] = [m[1] as string, m[2] as string];
  return isRealDate(date) && isTime(time) ? { date, time } : undefined;
}

export const slotId = (date: string, time: string): string => `${date}T${time}`;

/** Whether a local date 'YYYY-MM-DD' is one of the closed days: written as itself, or as its month and day ('12-25', closed every year). */
export function isClosedOn(closed: readonly string[] | undefined, date: string): boolean {
  return closed !== undefined && (closed.includes(date) || closed.includes(date.slice(5)));
}

/** The starts a date has by the timetable alone, before the clock decides: its exception, else its weekday's, else none. Undefined when closed. */
function startsOf(t: Timetable, date: string): string[] | undefined {
  if (isClosedOn(t.closed, date)) return undefined;
  const exception = t.exceptions?.find((e) => e.date === date);
  if (exception) return exception.starts.length ? exception.starts : undefined;
  const day = dayOf(date);
  return t.weekly.filter((w) => w.days.includes(day)).flatMap((w) => w.starts);
}

interface Candidate {
  slot: Slot;
  /** The start as the timetable wrote it (differs from slot.time only inside a gap of the clocks). */
  written: string;
  start: number;
}

/** Every slot of a date by the timetable, sorted, whatever the time now; undefined when the date is closed. */
function candidatesOn(t: Timetable, date: string): Candidate[] | undefined {
  const starts = startsOf(t, date);
  if (!starts) return undefined;
  const duration = t.durationMinutes * MINUTE;
  const byStart = new Map<number, Candidate>();
  for (const written of starts) {
    if (!isTime(written)) continue;
    const start = zonedTimeToUtc(date, written, t.timeZone);
    if (byStart.has(start)) continue;
    const time = clockAt(start, t.timeZone);
    const slot: Slot = {
      id: slotId(date, time),
      date,
      time,
      startUtc: new Date(start).toISOString(),
      endUtc: new Date(start + duration).toISOString(),
    };
    byStart.set(start, { slot, written, start });
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

/** Where a local date stands against today and the horizon. */
function dateWindow(t: Timetable, date: string, now: number): 'past' | 'too-far' | undefined {
  const ahead = daysBetween(localDate(now, t.timeZone), date);
  if (ahead < 0) return 'past';
  return ahead > (t.horizonDays ?? DEFAULT_HORIZON_DAYS) ? 'too-far' : undefined;
}

/** Where a start stands against now and the lead time. */
function timing(t: Timetable, start: number, now: number): 'past' | 'too-soon' | undefined {
  if (start < now) return 'past';
  return start < now + (t.leadMinutes ?? 0) * MINUTE ? 'too-soon' : undefined;
}

/**
 * The slots that can be booked on one local date, in order: none on a closed date, the exception's starts where one
 * replaces the week's, none before today or beyond the horizon, none starting before `now` plus the lead time
 * (a slot exactly at that boundary is kept). Two starts that fall on the same instant (02:30 and 03:30 on a night the
 * clocks skip 02:00–03:00) are one slot.
 */
export function slotsOn(t: Timetable, date: string, now: number): Slot[] {
  if (!isRealDate(date) || dateWindow(t, date, now)) return [];
  return (candidatesOn(t, date) ?? []).filter((c) => !timing(t, c.start, now)).map((c) => c.slot);
}

/**
 * The slot an id names, if it can be booked at `now`, or why not. An id may name a start as the timetable writes it
 * or as the clocks show it: on a night that skips 02:30, '…T02:30' and '…T03:30' are the same slot.
 */
export function slotById(t: Timetable, id: unknown, now: number): Slot | { refused: Refusal } {
  const parsed = parseSlotId(id);
  if (!parsed) return { refused: 'malformed' };
  const outside = dateWindow(t, parsed.date, now);
  if (outside) return { refused: outside };
  const candidates = candidatesOn(t, parsed.date);
  if (!candidates) return { refused: 'closed' };
  const found = candidates.find((c) => c.slot.time === parsed.time) ?? candidates.find((c) => c.written === parsed.time);
  if (!found) return { refused: 'not-in-timetable' };
  const late = timing(t, found.start, now);
  return late ? { refused: late } : found.slot;
}

/** Every local date from today to the horizon with at least one slot left to book, for a calendar. */
export function bookableDates(t: Timetable, now: number): string[] {
  const today = localDate(now, t.timeZone);
  const horizon = Math.min(t.horizonDays ?? DEFAULT_HORIZON_DAYS, MAX_HORIZON_DAYS);
  const out: string[] = [];
  for (let i = 0; i <= horizon; i++) {
    const date = addDays(today, i);
    if (slotsOn(t, date, now).length) out.push(date);
  }
  return out;
}

// ---- Showing a slot ----

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return dateTimeFormat(locale, options);
  } catch {
    return dateTimeFormat('en-US', options);
  }
}

/**
 * A slot for people: "Sunday, March 8, 2026, 10:00 AM – 11:00 AM EDT". The zone is named at the start too when it
 * changes within the slot ("1:30 AM EDT – 1:30 AM EST"), and the date at the end when the slot ends on another day.
 * (Intl's own formatRange shows a fall-back hour as a single instant, so the two ends are written one by one.)
 */
export function formatSlot(slot: Slot, timeZone: string, locale = 'en-US'): string {
  const start = Date.parse(slot.startUtc);
  const end = Date.parse(slot.endUtc);
  const day = formatter(locale, { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  const clock = formatter(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  const zone = formatter(locale, { timeZone, timeZoneName: 'short' });
  const zoneName = (ms: number): string => zone.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  const sameDay = localDate(start, timeZone) === localDate(end, timeZone);
  const sameZone = zoneName(start) === zoneName(end);
  const from = `${day.format(start)}, ${clock.format(start)}${sameZone && sameDay ? '' : ` ${zoneName(start)}`}`;
  const to = `${sameDay ? '' : `${day.format(end)}, `}${clock.format(end)} ${zoneName(end)}`;
  return `${from} – ${to}`;
}
