/**
 * The time core of bookings: which slots a bookable resource (an escape room, a lesson with a coach, a class, a tour)
 * offers, in the site's own time zone, and how to name, find and show one of them.
 *
 * Every function is pure: the current instant comes in as `now` (epoch milliseconds), and the time zone rules come
 * from the platform's `Intl` data, never from a table written here. Times of day are wall-clock times in the site's
 * zone; instants are UTC. Two daylight-saving rules decide what a wall-clock time means on the days the clocks change:
 *
 * - a time the clocks skip (02:30 on a spring-forward night in New York) is moved forward by the gap (03:30 EDT);
 * - a time the clocks show twice (01:30 on a fall-back night) is the first of the two (01:30 EDT, not EST).
 *
 * A slot lasts `durationMinutes` of real time, so a one-hour slot at 01:30 EDT on a fall-back night ends at 01:30 EST.
 */

import { closest } from '../config/suggest.ts';
import { dateTimeFormat } from '../render/intl.ts';

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
  /** Local dates 'YYYY-MM-DD' with no slots at all (holidays). */
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

/** A mistake in a timetable, for the site's author: where it is, what is wrong and how to put it right. */
export interface TimetableProblem {
  path: (string | number)[];
  detail: string;
  fix: string;
}

export const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Day = (typeof DAYS)[number];

export const DEFAULT_HORIZON_DAYS = 60;
/** The farthest a timetable may reach: ten years of dates is already more than any site books. */
export const MAX_HORIZON_DAYS = 3660;

const MINUTE = 60_000;
const DAY = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const SLOT_ID = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

// ---------------------------------------------------------------------------------------------------------------------
// Dates and times in a zone

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone, reading every field of an instant as numbers on a 24-hour Gregorian clock. Throws RangeError for an unknown zone. */
function fieldsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = dateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The fields of an instant as Intl reads them in a zone: exact, and costly (a calendar of two months asks thousands of times). */
export function partsAt(ms: number, timeZone: string): Fields {
  const out: Fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of fieldsFormatter(timeZone).formatToParts(ms)) {
    if (part.type in out) out[part.type as keyof Fields] = Number(part.value);
  }
  // Some ICU versions write midnight as hour 24 even with a 23-hour cycle.
  if (out.hour === 24) out.hour = 0;
  return out;
}

/**
 * A zone's offset changes only on a quarter hour of UTC (offsets and their changes are whole
 * quarters: Nepal's +5:45, Lord Howe's half-hour summer time), so it is read once per quarter
 * hour and zone and kept.
 */
const QUARTER_HOUR = 15 * 60_000;
const offsets = new Map<string, number>();

function zoneOffset(ms: number, timeZone: string): number {
  const quarter = Math.floor(ms / QUARTER_HOUR) * QUARTER_HOUR;
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    // Bounded: a server running for years keeps a fresh few.
    if (offsets.size > 200_000) offsets.clear();
    const f = partsAt(quarter, timeZone);
    offset = wallMs(f.year, f.month, f.day, f.hour, f.minute, f.second) - quarter;
    offsets.set(key, offset);
  }
  return offset;
}

export function fieldsAt(ms: number, timeZone: string): Fields {
  const wall = new Date(ms + zoneOffset(ms, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** Epoch ms of a wall-clock reading taken as if it were UTC; years below 100 stay themselves (Date.UTC would add 1900). */
function wallMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime();
}

/** The zone's offset from UTC at an instant, in ms (New York in winter: -5 h). */
function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const f = fieldsAt(whole, timeZone);
  return wallMs(f.year, f.month, f.day, f.hour, f.minute, f.second) - whole;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The local date 'YYYY-MM-DD' of an instant in a zone. */
export function localDate(ms: number, timeZone: string): string {
  const f = fieldsAt(ms, timeZone);
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}`;
}

/** 'YYYY-MM-DD' that names a day of the Gregorian calendar (not 2026-02-30). */
export function isRealDate(date: string): boolean {
  const m = DATE.exec(date);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const d = new Date(wallMs(year, month, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** 'HH:MM' on a 24-hour clock, 00:00 to 23:59. */
export function isTime(time: string): boolean {
  return TIME.test(time);
}

function dateParts(date: string): [number, number, number] {
  const m = DATE.exec(date) as RegExpExecArray;
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The local date `days` after (or before) a local date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = dateParts(date);
  const next = new Date(wallMs(y, m, d) + days * DAY);
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** Whole days from one local date to another (negative when `to` comes first). */
function daysBetween(from: string, to: string): number {
  return Math.round((wallMs(...dateParts(to)) - wallMs(...dateParts(from))) / DAY);
}

/** The day of the week of a local date, as the timetable names it. */
export function dayOf(date: string): Day {
  return DAYS[new Date(wallMs(...dateParts(date))).getUTCDay()] as Day;
}

/**
 * Epoch ms of a wall-clock time on a local date in a zone. A time the clocks skip is moved forward by the gap
 * (02:30 on 2026-03-08 in New York is 03:30 EDT); a time the clocks show twice is its first occurrence
 * (01:30 on 2026-11-01 in New York is 01:30 EDT). Throws RangeError for a date or time that is not one, or an unknown zone.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): number {
  if (!isRealDate(date) || !isTime(time)) throw new RangeError(`Not a local date and time: ${date} ${time}`);
  const [y, mo, d] = dateParts(date);
  const wall = wallMs(y, mo, d, Number(time.slice(0, 2)), Number(time.slice(3, 5)));
  // The offsets a day either side of the wall-clock reading bracket every instant it can name (no zone is 24 h from UTC).
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const found = [fixedPoint(wall, before, timeZone), fixedPoint(wall, after, timeZone)].filter((ms): ms is number => ms !== undefined);
  // Both found: the reading happens twice, and the first comes first. None: it falls in a gap, and the offset in force
  // before the gap carries it forward by the gap's length.
  return found.length ? Math.min(...found) : wall - before;
}

/** From a guessed offset, the instant whose offset reads back as `wall`, or undefined when the guesses go round in a gap. */
function fixedPoint(wall: number, offset: number, timeZone: string): number | undefined {
  for (let i = 0; i < 4; i++) {
    const ms = wall - offset;
    const actual = offsetAt(ms, timeZone);
    if (actual === offset) return ms;
    offset = actual;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------------
// Slots

/** Reads a slot id back into its local date and time, or undefined for anything that is not exactly 'YYYY-MM-DDTHH:MM' with a real date and time. */
export function parseSlotId(id: unknown): { date: string; time: string } | undefined {
  if (typeof id !== 'string' || id.length !== 16) return undefined;
  const m = SLOT_ID.exec(id);
  if (!m) return undefined;
  const [date, time] = [m[1] as string, m[2] as string];
  return isRealDate(date) && isTime(time) ? { date, time } : undefined;
}

export const slotId = (date: string, time: string): string => `${date}T${time}`;

/** The starts a date has by the timetable alone, before the clock decides: its exception, else its weekday's, else none. Undefined when closed. */
function startsOf(t: Timetable, date: string): string[] | undefined {
  if (t.closed?.includes(date)) return undefined;
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
    const f = fieldsAt(start, t.timeZone);
    const time = `${pad(f.hour)}:${pad(f.minute)}`;
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

// ---------------------------------------------------------------------------------------------------------------------
// Showing a slot

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

// ---------------------------------------------------------------------------------------------------------------------
// Checking a timetable written by an author

/** Whether this runtime knows the zone (Intl refuses a name it does not). */
export function knownZone(timeZone: string): boolean {
  try {
    dateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shown = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : (JSON.stringify(v) ?? String(v)));

/**
 * The mistakes in a timetable as an author wrote it (any value, straight from the site's YAML): an unknown time zone,
 * a day that is not a day, a start that is not 'HH:MM' from 00:00 to 23:59, a duration that is not 1 minute to 24 hours,
 * a lead time or horizon that is not a whole number in range, a closed or exception date that is not a real date.
 * Starts that overlap are allowed (several classes can run at once). An empty list means the timetable is usable.
 */
export function validateTimetable(t: unknown): TimetableProblem[] {
  const problems: TimetableProblem[] = [];
  const add = (path: (string | number)[], detail: string, fix: string): void => void problems.push({ path, detail, fix });
  if (!isRecord(t)) {
    add(
      [],
      'A timetable is a map with timeZone, weekly and durationMinutes.',
      "Write for example: timeZone: America/New_York, weekly: [{ days: [monday], starts: ['10:00'] }], durationMinutes: 60.",
    );
    return problems;
  }

  if (typeof t.timeZone !== 'string' || !t.timeZone) {
    add(
      ['timeZone'],
      'The timetable needs the time zone of the place where the bookings happen.',
      "Write an IANA time zone, such as 'America/New_York' or 'Europe/London'.",
    );
  } else if (!knownZone(t.timeZone)) {
    const near = closest(t.timeZone, Intl.supportedValuesOf('timeZone'));
    add(
      ['timeZone'],
      `${shown(t.timeZone)} is not a time zone.`,
      near ? `Did you mean "${near}"?` : "Write an IANA time zone, such as 'America/New_York' or 'Europe/London'.",
    );
  }

  const checkStarts = (starts: unknown, path: (string | number)[]): void => {
    if (!Array.isArray(starts)) {
      add(path, 'starts is a list of start times.', "Write for example: starts: ['09:00', '14:30'].");
      return;
    }
    starts.forEach((start, i) => {
      if (typeof start !== 'string' || !isTime(start)) {
        const hint = typeof start === 'string' && /^\d:\d\d$/.test(start) ? ` Write '0${start}'.` : '';
        add([...path, i], `${shown(start)} is not a start time.`, `Write the time as 'HH:MM' on a 24-hour clock, from '00:00' to '23:59', in quotes.${hint}`);
      }
    });
  };

  if (!Array.isArray(t.weekly)) {
    add(
      ['weekly'],
      'weekly is a list of days and the times slots start on them.',
      "Write for example: weekly: [{ days: [saturday, sunday], starts: ['10:00', '14:00'] }].",
    );
  } else {
    t.weekly.forEach((entry, i) => {
      if (!isRecord(entry)) {
        add(['weekly', i], 'Each entry of weekly has days and starts.', "Write for example: { days: [monday, wednesday], starts: ['18:00'] }.");
        return;
      }
      if (!Array.isArray(entry.days)) {
        add(['weekly', i, 'days'], 'days is a list of days of the week.', 'Write for example: days: [monday, wednesday].');
      } else {
        entry.days.forEach((day, j) => {
          if (typeof day === 'string' && (DAYS as readonly string[]).includes(day)) return;
          const near = typeof day === 'string' ? closest(day, DAYS) : undefined;
          add(['weekly', i, 'days', j], `${shown(day)} is not a day of the week.`, near ? `Did you mean "${near}"?` : `Write one of: ${DAYS.join(', ')}.`);
        });
      }
      checkStarts(entry.starts, ['weekly', i, 'starts']);
    });
  }

  const duration = t.durationMinutes;
  if (typeof duration !== 'number' || !Number.isInteger(duration) || duration <= 0 || duration > 24 * 60) {
    add(
      ['durationMinutes'],
      `${shown(duration)} is not a duration for a slot.`,
      'Write how many minutes each slot lasts: a whole number from 1 to 1440 (24 hours).',
    );
  }
  if (t.leadMinutes !== undefined && (typeof t.leadMinutes !== 'number' || !Number.isInteger(t.leadMinutes) || t.leadMinutes < 0)) {
    add(['leadMinutes'], `${shown(t.leadMinutes)} is not a lead time.`, 'Write how many minutes ahead a slot must be booked: a whole number, 0 or more.');
  }
  const horizon = t.horizonDays;
  if (horizon !== undefined && (typeof horizon !== 'number' || !Number.isInteger(horizon) || horizon < 0 || horizon > MAX_HORIZON_DAYS)) {
    add(
      ['horizonDays'],
      `${shown(horizon)} is not a booking horizon.`,
      `Write how many days ahead slots can be booked: a whole number from 0 to ${MAX_HORIZON_DAYS}.`,
    );
  }

  const checkDate = (date: unknown, path: (string | number)[]): void => {
    if (typeof date === 'string' && isRealDate(date)) return;
    add(path, `${shown(date)} is not a date of the calendar.`, "Write the date as 'YYYY-MM-DD', in quotes, e.g. '2026-12-25'.");
  };
  if (t.closed !== undefined) {
    if (!Array.isArray(t.closed)) add(['closed'], 'closed is a list of dates.', "Write for example: closed: ['2026-12-25', '2027-01-01'].");
    else t.closed.forEach((date, i) => checkDate(date, ['closed', i]));
  }
  if (t.exceptions !== undefined) {
    if (!Array.isArray(t.exceptions)) {
      add(
        ['exceptions'],
        'exceptions is a list of dates with their own starts.',
        "Write for example: exceptions: [{ date: '2026-12-24', starts: ['10:00'] }].",
      );
    } else {
      const seen = new Set<string>();
      t.exceptions.forEach((e, i) => {
        if (!isRecord(e)) {
          add(['exceptions', i], 'Each exception has a date and its starts.', "Write for example: { date: '2026-12-24', starts: ['10:00'] }.");
          return;
        }
        checkDate(e.date, ['exceptions', i, 'date']);
        checkStarts(e.starts, ['exceptions', i, 'starts']);
        if (typeof e.date === 'string' && seen.has(e.date)) {
          add(['exceptions', i, 'date'], `${e.date} has two exceptions; only the first would count.`, 'Put all the starts of that date in one exception.');
        }
        if (typeof e.date === 'string') seen.add(e.date);
      });
    }
  }
  return problems;
}
