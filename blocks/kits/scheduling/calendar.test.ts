import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { bookingIcs, type BookingEvent } from './calendar.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');

const event: BookingEvent = {
  uid: '6f1c2a9e-4b1d-4c6e-9a0e-1d2f3a4b5c6d@escape.example.com',
  title: 'The Pharaoh Room',
  description: 'Party of 4. Arrive 10 minutes early.\nView or cancel: https://escape.example.com/bookings/abc',
  location: '12 Main Street, Springfield',
  startUtc: '2026-06-20T22:00:00.000Z',
  endUtc: '2026-06-20T23:00:00.000Z',
  organizer: { name: 'Escape Springfield', email: 'hello@escape.example.com' },
  url: 'https://escape.example.com/bookings/abc',
};

/** The content lines of a calendar file, unfolded. */
const unfold = (ics: string): string[] => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

const property = (ics: string, name: string): string | undefined =>
  unfold(ics)
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, '');

/** '20260620T220000Z' to epoch ms. */
const stampMs = (stamp: string): number => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(stamp);
  if (!m) throw new Error(`not a UTC stamp: ${stamp}`);
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
};

/** Every physical line at most 75 octets, CRLF line ends only. */
function expectFolded(ics: string): void {
  expect(ics.endsWith('\r\n')).toBe(true);
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
}

describe('a booking as a calendar file', () => {
  it('writes one event at the booking’s UTC instants, which read back to the same times', () => {
    const ics = bookingIcs(event, NOW);
    const lines = unfold(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('END:VEVENT');
    expect(lines).toContain('DTSTART:20260620T220000Z');
    expect(lines).toContain('DTEND:20260620T230000Z');
    expect(lines).toContain('DTSTAMP:20260601T120000Z');
    expect(property(ics, 'UID')).toBe(event.uid);
    expect(property(ics, 'SUMMARY')).toBe('The Pharaoh Room');
    expect(property(ics, 'LOCATION')).toBe('12 Main Street\\, Springfield');
    expect(property(ics, 'DESCRIPTION')).toContain('early.\\nView or cancel');
    expect(property(ics, 'URL')).toBe(event.url);
    expect(property(ics, 'ORGANIZER')).toBe('MAILTO:hello@escape.example.com');
    expect(property(ics, 'PRODID')).toBe('-//Sitewright//Bookings//EN');
    expect(stampMs(property(ics, 'DTSTART') as string)).toBe(Date.parse(event.startUtc as string));
    expect(stampMs(property(ics, 'DTEND') as string)).toBe(Date.parse(event.endUtc as string));
    expectFolded(ics);
    // The same booking and time give the same file.
    expect(bookingIcs(event, NOW)).toBe(ics);
  });

  it('takes epoch milliseconds too, and leaves out a missing location', () => {
    const start = Date.parse('2026-03-08T14:00:00Z');
    const ics = bookingIcs({ ...event, location: undefined, startUtc: start, endUtc: start + 90 * 60_000 }, NOW);
    expect(stampMs(property(ics, 'DTSTART') as string)).toBe(start);
    expect(stampMs(property(ics, 'DTEND') as string)).toBe(start + 90 * 60_000);
    expect(property(ics, 'LOCATION')).toBeUndefined();
  });

  it('folds long lines at 75 octets without splitting a character, and unfolds back to the text', () => {
    const title = 'Café — Zoë’s Escape Room 🎉 '.repeat(6).trim();
    const description = 'Ünïcödé ' + 'x'.repeat(300);
    const ics = bookingIcs({ ...event, title, description }, NOW);
    expectFolded(ics);
    expect(ics).not.toContain('\uFFFD');
    expect(property(ics, 'SUMMARY')).toBe(title);
    expect(property(ics, 'DESCRIPTION')).toBe(description);
  });

  it('refuses times it cannot write, with a clear error', () => {
    expect(() => bookingIcs({ ...event, startUtc: 'soon' }, NOW)).toThrow(/start is not a date and time/);
    expect(() => bookingIcs({ ...event, endUtc: event.startUtc }, NOW)).toThrow(/ends before it starts/);
    expect(() => bookingIcs({ ...event, startUtc: '2026-06-20T22:00:30Z' }, NOW)).toThrow(/whole minute/);
    expect(() => bookingIcs({ ...event, organizer: { name: 'Escape', email: 'not an address' } }, NOW)).toThrow(/Cannot write a calendar file/);
  });
});

describe('a booking’s calendar file in a calendar parser', () => {
  it('is read by ical.js (the parser of Thunderbird) as one event at the booking’s instants, with its words unescaped', () => {
    const calendar = new ICAL.Component(ICAL.parse(bookingIcs(event, NOW)) as unknown[]);
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const vevent = new ICAL.Event(events[0]);
    expect(vevent.uid).toBe(event.uid);
    expect(vevent.summary).toBe('The Pharaoh Room');
    expect(vevent.location).toBe('12 Main Street, Springfield');
    expect(vevent.description).toBe(event.description);
    expect(vevent.startDate.toJSDate().getTime()).toBe(Date.parse(String(event.startUtc)));
    expect(vevent.endDate.toJSDate().getTime()).toBe(Date.parse(String(event.endUtc)));
    expect(vevent.organizer).toBe('MAILTO:hello@escape.example.com');
  });
});
