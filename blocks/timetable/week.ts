/**
 * What a timetable reads: the booking block it shows (found in the site document, with the page
 * that holds it) and, per request, every session of the coming days with the places it has left.
 */
import { blocksIn } from '../../runtime/config/blocks-in.ts';
import { addDays, localDate, zonedTimeToUtc } from '../../runtime/services/time.ts';
import { isClosedOn, slotById, slotsOn, type Refusal } from '../kits/scheduling/schedule.ts';
import type { ActionServices } from '../contract.ts';
import type { Unit } from '../kits/scheduling/units.ts';
import type { Site } from '../../runtime/site.ts';
import type { SiteData } from '../../schema/site.ts';
import { labelOf, optionsOf, placesLeft, timetableOf, wholeRoom, type Bookable } from '../kits/scheduling/bookable.ts';
import type { TimetableProps } from './schema.ts';

/** A booking block of the site and the path of the page that shows it (none on a page made per item, or on the not-found page). */
export interface BookingFound {
  block: Bookable;
  path?: string;
}

/** Every booking block of a site document, read defensively: the document may not have passed validation. */
export function bookingsIn(data: Partial<SiteData>): BookingFound[] {
  const found: BookingFound[] = [];
  for (const { block, path } of blocksIn(data)) {
    if (block.type !== 'booking' || typeof block.resource !== 'string') continue;
    const page = path[0] === 'pages' && typeof path[1] === 'number' ? data.pages?.[path[1]] : undefined;
    const linkable = typeof page?.path === 'string' && !page.path.includes('{');
    found.push({ block: block as unknown as Bookable, ...(linkable ? { path: page.path } : {}) });
  }
  return found;
}

export const bookingOf = (data: Partial<SiteData>, resource: string): BookingFound | undefined => bookingsIn(data).find((b) => b.block.resource === resource);

/** One class at one time. */
export interface Session {
  /** The resource of the choice booked (the block's own when it has no choices). */
  choice: string;
  label: string;
  /** The slot id, such as 2026-12-21T05:45. */
  slot: string;
  /** The local time the clocks show at the start, HH:MM. */
  time: string;
  startUtc: string;
  minutes: number;
  /** Places still free (0 when it cannot be booked). */
  left: number;
  /** One group takes the whole thing (capacity 1): it is "Available" rather than "1 place left". */
  wholeRoom: boolean;
  /** What its bookings count, when the author named it ("Room for 2 bikes"). */
  unit?: Unit;
  status: SessionStatus;
}

/**
 * Whether a session can be booked online now: open, full, under way or finished, too soon (inside
 * the lead time), or not yet (beyond the horizon).
 */
export type SessionStatus = 'open' | 'full' | 'started' | 'finished' | 'too-soon' | 'later';

function statusOf(refused: Refusal | undefined, left: number, startUtc: string, minutes: number, now: number): SessionStatus {
  if (refused === 'past') return Date.parse(startUtc) + minutes * 60_000 <= now ? 'finished' : 'started';
  if (refused === 'too-soon') return 'too-soon';
  // Beyond the horizon; the other refusals (closed, not in the timetable) cannot happen for a slot read from the timetable.
  if (refused) return 'later';
  return left > 0 ? 'open' : 'full';
}

export interface Day {
  date: string;
  /** Closed all day (a holiday), rather than a day without classes. */
  closed: boolean;
  sessions: Session[];
}

export interface TimetableLoaded {
  timeZone: string;
  today: string;
  days: Day[];
}

/** Every session of the next `days` local days, in the booking block's zone, in order of start. */
export async function loadWeek(site: Site, props: TimetableProps, services: ActionServices): Promise<TimetableLoaded | undefined> {
  const found = bookingOf(site.data, props.booking);
  if (!found) return undefined;
  const now = services.now();
  const timeZone = found.block.timetable.timeZone;
  const today = localDate(now, timeZone);
  const options = optionsOf(found.block);
  const days: Day[] = [];
  for (let i = 0; i < props.days; i++) {
    const date = addDays(today, i);
    const sessions: Session[] = [];
    for (const option of options) {
      const timetable = timetableOf(option);
      // Every start of the day whatever the time now: the week shows what has started too, unlinked.
      const all = slotsOn({ ...timetable, leadMinutes: 0 }, date, zonedTimeToUtc(date, '00:00', timeZone));
      const refusals = all.map((slot) => {
        const verdict = slotById(timetable, slot.id, now);
        return 'refused' in verdict ? verdict.refused : undefined;
      });
      const open = all.filter((_, s) => !refusals[s]);
      const lefts = new Map((await placesLeft(services, site, option, open, now)).map((left, s) => [open[s]?.id, left]));
      for (const [s, slot] of all.entries()) {
        const refused = refusals[s];
        const left = refused ? 0 : (lefts.get(slot.id) ?? 0);
        const minutes = timetable.durationMinutes;
        sessions.push({
          choice: option.resource,
          label: labelOf(option),
          slot: slot.id,
          time: slot.time,
          startUtc: slot.startUtc,
          minutes,
          left,
          wholeRoom: wholeRoom(option),
          ...(option.unit ? { unit: option.unit } : {}),
          status: statusOf(refused, left, slot.startUtc, minutes, now),
        });
      }
    }
    sessions.sort((a, b) => a.startUtc.localeCompare(b.startUtc) || a.label.localeCompare(b.label));
    days.push({ date, closed: options.every((o) => isClosedOn(o.timetable.closed, date)), sessions });
  }
  return { timeZone, today, days };
}
