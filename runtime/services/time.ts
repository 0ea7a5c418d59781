/**
 * The kernel's time: local dates and wall-clock times in a site's own time zone, for everything that
 * reads a day or an hour where the site is (a page's "today", a form's date field, a desk's lists, a
 * booking's slots). Every function is pure: an instant comes in as epoch milliseconds, and the time
 * zone rules come from the platform's `Intl` data, never from a table written here. Times of day are
 * wall-clock times in the zone; instants are UTC. Two daylight-saving rules decide what a wall-clock
 * time means on the days the clocks change:
 *
 * - a time the clocks skip (02:30 on a spring-forward night in New York) is moved forward by the gap (03:30 EDT);
 * - a time the clocks show twice (01:30 on a fall-back night) is the first of the two (01:30 EDT, not EST).
 */
import { dateTimeFormat } from '../render/intl.ts';

export const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Day = (typeof DAYS)[number];

const DAY = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

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
export function daysBetween(from: string, to: string): number {
  return Math.round((wallMs(...dateParts(to)) - wallMs(...dateParts(from))) / DAY);
}

/** The day of the week of a local date, as timetables and forms name it. */
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

/** Whether this runtime knows the zone (Intl refuses a name it does not). */
export function knownZone(timeZone: string): boolean {
  try {
    dateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The time 'HH:MM' the clocks show at an instant in a zone, on a 24-hour clock. */
export function clockAt(ms: number, timeZone: string): string {
  const f = fieldsAt(ms, timeZone);
  return `${pad(f.hour)}:${pad(f.minute)}`;
}
