/**
 * A booking as a calendar file (.ics, RFC 5545) that a visitor adds to their own calendar from the confirmation page
 * or e-mail. Times are written in UTC, so every calendar shows the booking at the right instant in its own zone.
 */

import { createEvent, type DateArray, type EventAttributes } from 'ics';

export interface BookingEvent {
  /** A stable, globally unique id, e.g. '<booking id>@<site host>': the same booking sent twice updates one event. */
  uid: string;
  title: string;
  description: string;
  location?: string;
  /** Start and end instants: ISO 8601 strings or epoch milliseconds, on a whole minute. */
  startUtc: string | number;
  endUtc: string | number;
  organizer: { name: string; email: string };
  /** The booking's page (view or cancel). */
  url: string;
}

/** RFC 5545: content lines should be at most 75 octets, longer ones folded with CRLF and one space. */
const LINE_OCTETS = 75;

function instant(value: string | number, field: string): number {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new RangeError(`The booking's ${field} is not a date and time: ${String(value)}.`);
  if (ms % 60_000 !== 0) throw new RangeError(`The booking's ${field} is not on a whole minute: ${new Date(ms).toISOString()}.`);
  return ms;
}

function utcArray(ms: number): DateArray {
  const d = new Date(ms);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
}

/** Folds one content line at 75 octets, never inside a character (the library folds at 75 characters, which is too long for accents and emoji). */
function fold(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  let limit = LINE_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(part);
      part = '';
      octets = 0;
      // A continuation line starts with the space that marks it.
      limit = LINE_OCTETS - 1;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

/** Unfolds the library's lines and folds them again by octets. */
function refold(text: string): string {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  return lines.map((line) => (line ? fold(line) : line)).join('\r\n');
}

/**
 * The text of an .ics file with one event for a booking. `now` is written as the file's time stamp (DTSTAMP).
 * Throws an Error naming the problem when the event cannot be written (an end before the start, a bad e-mail address).
 */
export function bookingIcs(event: BookingEvent, now: number): string {
  const start = instant(event.startUtc, 'start');
  const end = instant(event.endUtc, 'end');
  if (end <= start) throw new RangeError(`The booking "${event.title}" ends before it starts: cannot write a calendar file for it.`);
  const attributes: EventAttributes & { timestamp: number } = {
    productId: '-//Sitewright//Bookings//EN',
    uid: event.uid,
    title: event.title,
    description: event.description,
    ...(event.location ? { location: event.location } : {}),
    start: utcArray(start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcArray(end),
    endInputType: 'utc',
    endOutputType: 'utc',
    organizer: { name: event.organizer.name, email: event.organizer.email },
    url: event.url,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    timestamp: now,
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw new Error(`Cannot write a calendar file for the booking "${event.title}": ${error?.message ?? 'no content'}`, { cause: error });
  return refold(value);
}
