/**
 * A trip in words, the same on the server and in the browser: times in the van's zone, dates,
 * opening hours, drives and what is wrong with a stop. Only Intl, so both render alike.
 */
import type { Day } from '../../runtime/services/time.ts';
import type { Leg, StopNote, TripPlan } from './plan.ts';
import type { Winery } from './schema.ts';
import { dateTimeFormat } from '../../runtime/render/intl.ts';

/** The week as people read a timetable: Monday first. */
const WEEK: readonly Day[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** 2024-01-01 was a Monday: the reference for naming the days in any language. */
const MONDAY = Date.UTC(2024, 0, 1, 12);
const DAY_MS = 86_400_000;

function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return dateTimeFormat(locale, options);
  } catch {
    return dateTimeFormat('en-US', options);
  }
}

/** "10:15 AM": an instant on the clocks of the zone. */
export const clockAt = (ms: number, timeZone: string, locale: string) => format(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(ms);

/** "PDT": the zone's short name at an instant. */
export const zoneAt = (ms: number, timeZone: string, locale: string) =>
  format(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(ms)
    .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;

/** "Saturday, June 13, 2026": a local date. */
export const dateText = (date: string, locale: string) => format(locale, { timeZone: 'UTC', dateStyle: 'full' }).format(Date.parse(`${date}T12:00:00Z`));

/** "Wednesday": the day of the week of a local date. */
export const weekdayText = (date: string, locale: string) => format(locale, { timeZone: 'UTC', weekday: 'long' }).format(Date.parse(`${date}T12:00:00Z`));

/** "11:00 AM": a wall-clock time 'HH:MM' as the language writes it. */
export const timeText = (time: string, locale: string) =>
  format(locale, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(Date.parse(`2024-01-01T${time}:00Z`));

const dayName = (day: Day, locale: string, width: 'short' | 'long') =>
  format(locale, { timeZone: 'UTC', weekday: width }).format(MONDAY + WEEK.indexOf(day) * DAY_MS);

/** Days as runs of the week: "Wed–Sat", "Mon, Wed, Fri", "Thu–Sun". */
export function daysText(days: readonly string[], locale: string, width: 'short' | 'long' = 'short'): string {
  const have = WEEK.filter((d) => days.includes(d));
  if (have.length === WEEK.length) return 'every day';
  const runs: Day[][] = [];
  for (const day of have) {
    const run = runs[runs.length - 1];
    if (run && WEEK.indexOf(run[run.length - 1] as Day) === WEEK.indexOf(day) - 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) => {
      const [first, last] = [run[0] as Day, run[run.length - 1] as Day];
      if (run.length === 1) return dayName(first, locale, width);
      return `${dayName(first, locale, width)}${run.length === 2 ? ', ' : '–'}${dayName(last, locale, width)}`;
    })
    .join(', ');
}

/** A winery's week: "Wed–Sat 11:00 AM–8:00 PM; Sun 11:00 AM–5:00 PM; closed Mon, Tue". */
export function hoursText(winery: Winery, locale: string): string {
  if (!winery.hours.length) return 'Closed for the season';
  const open = winery.hours.map((h) => `${daysText(h.days, locale)} ${timeText(h.opens, locale)}–${timeText(h.closes, locale)}`);
  const closed = WEEK.filter((d) => !winery.hours.some((h) => h.days.includes(d)));
  return [...open, ...(closed.length ? [`closed ${daysText(closed, locale)}`] : [])].join('; ');
}

/** "1 h 5 min", "40 min". */
export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h${m ? ` ${m} min` : ''}` : `${m} min`;
}

/** "14 min, about 11.2 km (7.0 mi) by road". */
export function legText(leg: Leg): string {
  return `${minutesText(leg.minutes)}, about ${leg.km.toFixed(1)} km (${(leg.km / 1.609344).toFixed(1)} mi) by road`;
}

/** What the page says about a stop, in one sentence. */
export function noteText(note: StopNote, winery: Winery, timeZone: string, locale: string): string {
  switch (note.kind) {
    case 'closed':
      return `${winery.name} is closed on ${dayName(note.day, locale, 'long')}s.`;
    case 'after-closing':
      return `${winery.name} closes at ${clockAt(note.closes, timeZone, locale)}, before the van gets there.`;
    case 'past-closing':
      return `The visit runs ${minutesText(note.minutes)} past closing time: ${winery.name} closes at ${clockAt(note.closes, timeZone, locale)}.`;
    case 'wait':
      return `${winery.name} opens at ${clockAt(note.opens, timeZone, locale)}: the tasting starts then, after a wait of ${minutesText(note.minutes)}.`;
  }
}

/** Whether a note is a warning (something is wrong) or only information. */
export const isWarning = (note: StopNote) => note.kind !== 'wait';

/** The day as lines of text, for the confirmation, the calendar file and the booked trip's page. */
export function itineraryLines(plan: TripPlan, timeZone: string, locale: string): string[] {
  const at = (ms: number) => clockAt(ms, timeZone, locale);
  return [
    `${at(plan.depart)}: leave ${plan.pickup.name}`,
    ...plan.stops.map((s) =>
      s.start > s.arrive
        ? `${at(s.arrive)}: arrive at ${s.winery.name}; tasting ${at(s.start)} to ${at(s.leave)}`
        : `${at(s.arrive)}: ${s.winery.name}, tasting until ${at(s.leave)}`,
    ),
    `${at(plan.back.arrive)}: back at ${plan.pickup.name}`,
  ];
}
