/**
 * A timetable as an author wrote it, checked when the site loads: what is wrong in it and how to put
 * it right, for the blocks that take one (booking, trip builder, a restaurant's ordering times).
 */
import { closest } from '../../../runtime/config/suggest.ts';
import { nearestZone } from '../../../runtime/config/time-zone.ts';
import { DAYS, isRealDate, isTime, knownZone } from '../../../runtime/services/time.ts';
import { MAX_HORIZON_DAYS } from './schedule.ts';

/** A mistake in a timetable, for the site's author: where it is, what is wrong and how to put it right. */
export interface TimetableProblem {
  path: (string | number)[];
  detail: string;
  fix: string;
  /** The value to write instead, as YAML, when it can be worked out. */
  edit?: { value: string };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shown = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : (JSON.stringify(v) ?? String(v)));

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const CLOSED_FIX =
  "Write a day that exists: 'MM-DD' for the same day every year, such as '12-25', or 'YYYY-MM-DD' for one date, such as '2026-11-26', in quotes.";
/** The days of a month; in a year that is not a leap year unless one is given. */
const daysIn = (month: number, year = 2001) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const two = (n: number) => String(n).padStart(2, '0');

/** What a closed day that never comes was likely meant to be: the month's last day, or month and day the other way round. */
function meantDay(year: string | undefined, month: number, date: number): { fix: string; edit: { value: string } } | undefined {
  const name = MONTHS[month - 1];
  const prefix = year ? `${year}-` : '';
  if (name) {
    const last = `${prefix}${two(month)}-${two(daysIn(month, year ? Number(year) : undefined))}`;
    return { fix: `Write a day that exists, such as the last day of ${name}: '${last}'.`, edit: { value: `"${last}"` } };
  }
  if (date >= 1 && date <= 12 && month >= 1 && month <= daysIn(date, 2000)) {
    const swapped = `${prefix}${two(date)}-${two(month)}`;
    return { fix: `Write the month first, then the day: '${swapped}'.`, edit: { value: `"${swapped}"` } };
  }
  return undefined;
}

/** A closed day: a date of the calendar ('2026-11-26'), or a month and day that comes every year ('12-25', and '02-29' in leap years). */
function closedDayProblem(day: unknown): Omit<TimetableProblem, 'path'> | undefined {
  if (typeof day === 'string' && isRealDate(day)) return undefined;
  const parts = typeof day === 'string' ? /^(?:(\d{4})-)?(\d{2})-(\d{2})$/.exec(day) : null;
  // 2000 was a leap year, so '02-29' is a day that comes (every four years).
  if (!parts || (!parts[1] && isRealDate(`2000-${day as string}`)))
    return parts ? undefined : { detail: `${shown(day)} is not a date of the calendar.`, fix: CLOSED_FIX };
  const [year, month, date] = [parts[1], Number(parts[2]), Number(parts[3])];
  const name = MONTHS[month - 1];
  const why = !name
    ? `there is no month ${month} (${year ? 'a date is written year, month, then day' : 'a day every year is written month first, then day'}).`
    : year
      ? `${name} ${year} has ${daysIn(month, Number(year))} days, so there is no ${name} ${date}.`
      : `${name} has ${daysIn(month, 2000)} days at most, so there is no ${name} ${date}.`;
  const meant = meantDay(year, month, date);
  return {
    detail: `${shown(day)} is not a day of the ${year ? 'calendar' : 'year'}: ${why}`,
    fix: meant ? `${meant.fix} 'MM-DD' closes the same day every year, 'YYYY-MM-DD' one date.` : CLOSED_FIX,
    ...(meant ? { edit: meant.edit } : {}),
  };
}

/** The timetable's time zone: there, and one the calendar knows (a near one suggested). */
function checkZone(zone: unknown, add: (path: (string | number)[], detail: string, fix: string) => void): void {
  if (typeof zone !== 'string' || !zone) {
    add(
      ['timeZone'],
      'The timetable needs the time zone of the place where the bookings happen.',
      "Write an IANA time zone, such as 'America/New_York' or 'Europe/London'.",
    );
  } else if (!knownZone(zone)) {
    const near = nearestZone(zone);
    add(
      ['timeZone'],
      `${shown(zone)} is not a time zone.`,
      near ? `Did you mean "${near}"?` : "Write an IANA time zone, such as 'America/New_York' or 'Europe/London'.",
    );
  }
}

/**
 * The mistakes in a timetable as an author wrote it (any value, straight from the site's YAML): an unknown time zone,
 * a day that is not a day, a start that is not 'HH:MM' from 00:00 to 23:59, a duration that is not 1 minute to 24 hours,
 * a lead time or horizon that is not a whole number in range, a closed day ('YYYY-MM-DD', or 'MM-DD' every year) or an
 * exception date that is not a real date.
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

  checkZone(t.timeZone, add);

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
    if (!Array.isArray(t.closed)) add(['closed'], 'closed is a list of dates.', "Write for example: closed: ['12-25', '2026-11-26'].");
    else
      t.closed.forEach((date, i) => {
        const problem = closedDayProblem(date);
        if (problem) problems.push({ path: ['closed', i], ...problem });
      });
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
