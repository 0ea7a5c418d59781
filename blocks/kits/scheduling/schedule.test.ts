import { describe, expect, it } from 'vitest';
import { bookableDates, formatSlot, isClosedOn, parseSlotId, slotById, slotsOn, type Slot, type Timetable } from './schedule.ts';
import { localDate, zonedTimeToUtc } from '../../../runtime/services/time.ts';

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number): string => new Date(ms).toISOString();
const HOUR = 3_600_000;

/** A timetable starting at the same local times every day of the week. */
const daily = (timeZone: string, starts: string[], extra: Partial<Timetable> = {}): Timetable => ({
  timeZone,
  weekly: [{ days: EVERY_DAY, starts }],
  durationMinutes: 60,
  ...extra,
});

/** ICU writes some spaces as no-break spaces in some versions: compare text as people read it. */
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

const isSlot = (result: Slot | { refused: string }): result is Slot => !('refused' in result);

describe('New York across its daylight-saving changes', () => {
  const ny = daily('America/New_York', ['01:30', '02:30', '10:00'], { horizonDays: 365 });
  const now = at('2026-03-01T12:00:00Z');

  it('moves a start the clocks skip forward by the gap on the spring-forward day (2026-03-08)', () => {
    const slots = slotsOn(ny, '2026-03-08', now);
    expect(slots.map((s) => [s.id, s.time, s.startUtc, s.endUtc])).toEqual([
      ['2026-03-08T01:30', '01:30', '2026-03-08T06:30:00.000Z', '2026-03-08T07:30:00.000Z'], // 01:30 EST
      ['2026-03-08T03:30', '03:30', '2026-03-08T07:30:00.000Z', '2026-03-08T08:30:00.000Z'], // 02:30 does not exist: 03:30 EDT
      ['2026-03-08T10:00', '10:00', '2026-03-08T14:00:00.000Z', '2026-03-08T15:00:00.000Z'], // 10:00 EDT
    ]);
    expect(iso(zonedTimeToUtc('2026-03-08', '02:30', 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
  });

  it('makes one slot of two starts that land on the same instant, and finds it by either name', () => {
    const both = daily('America/New_York', ['02:30', '03:30'], { horizonDays: 365 });
    const slots = slotsOn(both, '2026-03-08', now);
    expect(slots.map((s) => s.startUtc)).toEqual(['2026-03-08T07:30:00.000Z']);
    expect(slotById(ny, '2026-03-08T02:30', now)).toEqual(slotsOn(ny, '2026-03-08', now)[1]);
    expect(slotById(ny, '2026-03-08T03:30', now)).toEqual(slotsOn(ny, '2026-03-08', now)[1]);
    // Any other day, 03:30 is not a start of this timetable.
    expect(slotById(ny, '2026-03-09T03:30', now)).toEqual({ refused: 'not-in-timetable' });
  });

  it('takes the first of the two 01:30s on the fall-back day (2026-11-01), and a slot there lasts one real hour', () => {
    const slots = slotsOn(ny, '2026-11-01', now);
    expect(slots.map((s) => [s.time, s.startUtc, s.endUtc])).toEqual([
      ['01:30', '2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z'], // 01:30 EDT to 01:30 EST
      ['02:30', '2026-11-01T07:30:00.000Z', '2026-11-01T08:30:00.000Z'], // 02:30 EST
      ['10:00', '2026-11-01T15:00:00.000Z', '2026-11-01T16:00:00.000Z'], // 10:00 EST
    ]);
    expect(iso(zonedTimeToUtc('2026-11-01', '01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(zonedTimeToUtc('2026-11-01', '00:59', 'America/New_York'))).toBe('2026-11-01T04:59:00.000Z');
  });

  it('puts 23 real hours between 10:00 and 10:00 across spring forward, and 25 across fall back', () => {
    const ten = (date: string): number => Date.parse((slotsOn(ny, date, now).find((s) => s.time === '10:00') as Slot).startUtc);
    expect(ten('2026-03-08') - ten('2026-03-07')).toBe(23 * HOUR);
    expect(ten('2026-03-09') - ten('2026-03-08')).toBe(24 * HOUR);
    expect(ten('2026-11-01') - ten('2026-10-31')).toBe(25 * HOUR);
    expect(ten('2026-11-02') - ten('2026-11-01')).toBe(24 * HOUR);
  });

  it('shows a slot with the zone of its date, and both zones when the clocks change during it', () => {
    const ten = slotsOn(ny, '2026-03-08', now)[2] as Slot;
    expect(plain(formatSlot(ten, ny.timeZone, 'en-US'))).toBe('Sunday, March 8, 2026, 10:00 AM – 11:00 AM EDT');
    const winter = slotsOn(ny, '2026-03-07', now)[2] as Slot;
    expect(plain(formatSlot(winter, ny.timeZone, 'en-US'))).toBe('Saturday, March 7, 2026, 10:00 AM – 11:00 AM EST');
    const fallBack = slotsOn(ny, '2026-11-01', now)[0] as Slot;
    expect(plain(formatSlot(fallBack, ny.timeZone, 'en-US'))).toBe('Sunday, November 1, 2026, 1:30 AM EDT – 1:30 AM EST');
  });

  it('shows the end date of a slot that runs past midnight', () => {
    const late = daily('America/New_York', ['23:30']);
    const slot = slotsOn(late, '2026-06-20', at('2026-06-01T12:00:00Z'))[0] as Slot;
    expect(slot.endUtc).toBe('2026-06-21T04:30:00.000Z');
    expect(plain(formatSlot(slot, late.timeZone, 'en-US'))).toBe('Saturday, June 20, 2026, 11:30 PM EDT – Sunday, June 21, 2026, 12:30 AM EDT');
  });
});

describe('other zones', () => {
  const now = at('2026-03-01T12:00:00Z');

  it('Europe/London: skips 01:00–02:00 on 2026-03-29 and repeats 01:00–02:00 on 2026-10-25', () => {
    const london = daily('Europe/London', ['01:30', '10:00'], { horizonDays: 365 });
    expect(slotsOn(london, '2026-03-29', now).map((s) => [s.time, s.startUtc])).toEqual([
      ['02:30', '2026-03-29T01:30:00.000Z'], // 01:30 GMT does not exist: 02:30 BST
      ['10:00', '2026-03-29T09:00:00.000Z'],
    ]);
    expect(slotsOn(london, '2026-03-28', now).map((s) => s.startUtc)).toEqual(['2026-03-28T01:30:00.000Z', '2026-03-28T10:00:00.000Z']);
    expect(slotsOn(london, '2026-10-25', now).map((s) => [s.time, s.startUtc, s.endUtc])).toEqual([
      ['01:30', '2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z'], // the first 01:30, in BST
      ['10:00', '2026-10-25T10:00:00.000Z', '2026-10-25T11:00:00.000Z'],
    ]);
    expect(slotsOn(london, '2026-10-24', now).map((s) => s.startUtc)).toEqual(['2026-10-24T00:30:00.000Z', '2026-10-24T09:00:00.000Z']);
  });

  it('Australia/Sydney: the clocks go forward in October and back in April', () => {
    const sydney = daily('Australia/Sydney', ['02:30', '10:00'], { horizonDays: 365 });
    // 2026-10-04: 02:00 AEST becomes 03:00 AEDT.
    expect(slotsOn(sydney, '2026-10-04', now).map((s) => [s.time, s.startUtc])).toEqual([
      ['03:30', '2026-10-03T16:30:00.000Z'],
      ['10:00', '2026-10-03T23:00:00.000Z'],
    ]);
    expect((slotsOn(sydney, '2026-10-03', now)[1] as Slot).startUtc).toBe('2026-10-03T00:00:00.000Z');
    // 2026-04-05: 03:00 AEDT becomes 02:00 AEST; 02:30 happens twice and the first is in AEDT.
    expect(slotsOn(sydney, '2026-04-05', now).map((s) => [s.time, s.startUtc, s.endUtc])).toEqual([
      ['02:30', '2026-04-04T15:30:00.000Z', '2026-04-04T16:30:00.000Z'],
      ['10:00', '2026-04-05T00:00:00.000Z', '2026-04-05T01:00:00.000Z'],
    ]);
    expect((slotsOn(sydney, '2026-04-04', now)[1] as Slot).startUtc).toBe('2026-04-03T23:00:00.000Z');
  });

  it('Asia/Kolkata: +05:30 all year, on the days other zones change', () => {
    const kolkata = daily('Asia/Kolkata', ['10:00'], { horizonDays: 365 });
    for (const date of ['2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01']) {
      expect(slotsOn(kolkata, date, now).map((s) => s.startUtc)).toEqual([`${date}T04:30:00.000Z`]);
    }
    expect(localDate(at('2026-06-14T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-06-14');
    expect(localDate(at('2026-06-14T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-06-15');
    expect(plain(formatSlot(slotsOn(kolkata, '2026-06-15', now)[0] as Slot, 'Asia/Kolkata', 'en-US'))).toBe(
      'Monday, June 15, 2026, 10:00 AM – 11:00 AM GMT+5:30',
    );
  });
});

describe('lead time', () => {
  const lessons = daily('America/New_York', ['09:00', '11:00', '11:30', '12:00'], { leadMinutes: 120 });
  const now = at('2026-06-10T13:30:00Z'); // 09:30 EDT

  it('leaves out slots starting sooner than the lead time, and keeps the one exactly at it', () => {
    expect(slotsOn(lessons, '2026-06-10', now).map((s) => s.time)).toEqual(['11:30', '12:00']);
    expect(slotById(lessons, '2026-06-10T11:00', now)).toEqual({ refused: 'too-soon' });
    expect(slotById(lessons, '2026-06-10T09:00', now)).toEqual({ refused: 'past' });
    expect(slotById(lessons, '2026-06-10T11:30', now)).toMatchObject({ id: '2026-06-10T11:30', startUtc: '2026-06-10T15:30:00.000Z' });
    expect(slotsOn(lessons, '2026-06-11', now).map((s) => s.time)).toEqual(['09:00', '11:00', '11:30', '12:00']);
  });

  it('counts the lead time in real minutes across the night the clocks go forward', () => {
    const early = daily('America/New_York', ['03:30', '04:00'], { leadMinutes: 120 });
    const oneAm = at('2026-03-08T06:00:00Z'); // 01:00 EST; two real hours later is 04:00 EDT
    expect(slotsOn(early, '2026-03-08', oneAm).map((s) => s.time)).toEqual(['04:00']);
    expect(slotById(early, '2026-03-08T03:30', oneAm)).toEqual({ refused: 'too-soon' });
  });
});

describe('today and the horizon are local dates', () => {
  const tours = daily('America/New_York', ['10:00', '23:30'], { horizonDays: 60 });
  const now = at('2026-06-15T03:00:00Z'); // 23:00 on June 14 in New York

  it('is still June 14 in New York when UTC has reached June 15', () => {
    expect(localDate(now, 'America/New_York')).toBe('2026-06-14');
    expect(slotsOn(tours, '2026-06-14', now).map((s) => s.id)).toEqual(['2026-06-14T23:30']);
    expect(slotById(tours, '2026-06-13T23:30', now)).toEqual({ refused: 'past' });
  });

  it('offers the 60th date after today and not the 61st', () => {
    expect(slotsOn(tours, '2026-08-13', now).map((s) => s.time)).toEqual(['10:00', '23:30']);
    expect(slotsOn(tours, '2026-08-14', now)).toEqual([]);
    expect(slotById(tours, '2026-08-14T10:00', now)).toEqual({ refused: 'too-far' });
    const dates = bookableDates(tours, now);
    expect(dates[0]).toBe('2026-06-14');
    expect(dates.at(-1)).toBe('2026-08-13');
    expect(dates).toHaveLength(61);
  });

  it('counts from the local date in a zone ahead of UTC', () => {
    const kolkata = daily('Asia/Kolkata', ['10:00'], { horizonDays: 60 });
    const evening = at('2026-06-14T20:00:00Z'); // 01:30 on June 15 in Kolkata
    expect(slotById(kolkata, '2026-08-14T10:00', evening)).toMatchObject({ id: '2026-08-14T10:00', startUtc: '2026-08-14T04:30:00.000Z' });
    expect(slotById(kolkata, '2026-08-15T10:00', evening)).toEqual({ refused: 'too-far' });
    expect(bookableDates(kolkata, evening)[0]).toBe('2026-06-15');
  });

  it('takes 60 days as the horizon when none is given', () => {
    const plainTimetable = daily('America/New_York', ['10:00']);
    expect(bookableDates(plainTimetable, now).at(-1)).toBe('2026-08-13');
  });
});

describe('closed dates and exceptions', () => {
  const room: Timetable = {
    timeZone: 'America/New_York',
    weekly: [
      { days: ['tuesday', 'wednesday', 'thursday', 'friday'], starts: ['14:00', '09:00'] },
      { days: ['saturday'], starts: ['18:00', '10:00'] },
    ],
    durationMinutes: 60,
    horizonDays: 365,
    closed: ['2026-07-04', '2026-07-03'],
    exceptions: [
      { date: '2026-12-24', starts: ['10:00'] },
      { date: '2026-12-26', starts: [] },
      { date: '2026-12-28', starts: ['11:00'] },
    ],
  };
  const now = at('2026-06-01T12:00:00Z');

  it('sorts the starts of a day and joins every weekly entry naming it', () => {
    expect(slotsOn(room, '2026-07-01', now).map((s) => s.time)).toEqual(['09:00', '14:00']);
    expect(slotsOn(room, '2026-07-11', now).map((s) => s.time)).toEqual(['10:00', '18:00']);
    expect(slotsOn(room, '2026-07-06', now)).toEqual([]); // a Monday
  });

  it('has no slots on a closed date', () => {
    expect(slotsOn(room, '2026-07-03', now)).toEqual([]);
    expect(slotsOn(room, '2026-07-04', now)).toEqual([]);
    expect(slotById(room, '2026-07-04T10:00', now)).toEqual({ refused: 'closed' });
  });

  it('closes a day written as its month and day every year, and a dated one only that year', () => {
    const yearly = daily('America/New_York', ['10:00'], { horizonDays: 800, closed: ['12-25', '02-29', '2026-11-26'] });
    const then = at('2026-12-01T12:00:00Z');
    for (const christmas of ['2026-12-25', '2027-12-25']) {
      expect(slotsOn(yearly, christmas, then)).toEqual([]);
      expect(slotById(yearly, `${christmas}T10:00`, then)).toEqual({ refused: 'closed' });
      expect(bookableDates(yearly, then)).not.toContain(christmas);
    }
    expect(slotsOn(yearly, '2027-12-24', then).map((s) => s.id)).toEqual(['2027-12-24T10:00']);
    expect(slotsOn(yearly, '2028-02-29', then)).toEqual([]); // a leap day, closed in the years it comes
    expect(slotsOn(yearly, '2028-02-28', then)).toHaveLength(1);
    expect(slotsOn(yearly, '2027-11-26', then)).toHaveLength(1); // Thanksgiving 2026 only
    expect(isClosedOn(['12-25'], '2031-12-25')).toBe(true);
    expect(isClosedOn(['12-25'], '2031-12-26')).toBe(false);
    expect(isClosedOn(undefined, '2031-12-25')).toBe(false);
  });

  it("replaces a date's weekly starts with its exception's, and closes it with an empty one", () => {
    expect(slotsOn(room, '2026-12-24', now).map((s) => s.time)).toEqual(['10:00']); // a Thursday: not 09:00 and 14:00
    expect(slotById(room, '2026-12-24T14:00', now)).toEqual({ refused: 'not-in-timetable' });
    expect(slotsOn(room, '2026-12-26', now)).toEqual([]); // a Saturday
    expect(slotById(room, '2026-12-26T10:00', now)).toEqual({ refused: 'closed' });
    expect(slotsOn(room, '2026-12-28', now).map((s) => s.time)).toEqual(['11:00']); // a Monday, open that day only
  });

  it('lists for a calendar only the dates with a slot', () => {
    const dates = bookableDates(room, now);
    expect(dates).toContain('2026-07-02');
    expect(dates).not.toContain('2026-07-03');
    expect(dates).not.toContain('2026-07-04');
    expect(dates).not.toContain('2026-07-06');
    expect(dates).toContain('2026-12-24');
    expect(dates).not.toContain('2026-12-26');
    expect(dates).toContain('2026-12-28');
  });
});

describe('slot ids', () => {
  const classes = daily('America/New_York', ['07:00', '18:00'], { leadMinutes: 60, horizonDays: 30, closed: ['2026-06-19'] });
  const now = at('2026-06-10T16:30:00Z'); // 12:30 EDT

  it('reads back the ids it gives out', () => {
    for (const slot of slotsOn(classes, '2026-06-12', now)) expect(slotById(classes, slot.id, now)).toEqual(slot);
    expect(parseSlotId('2026-06-12T18:00')).toEqual({ date: '2026-06-12', time: '18:00' });
  });

  it('says why a slot cannot be booked', () => {
    expect(slotById(classes, '2026-06-12T09:00', now)).toEqual({ refused: 'not-in-timetable' });
    expect(slotById(classes, '2026-06-19T18:00', now)).toEqual({ refused: 'closed' });
    expect(slotById(classes, '2026-06-09T18:00', now)).toEqual({ refused: 'past' });
    expect(slotById(classes, '2026-06-10T07:00', now)).toEqual({ refused: 'past' });
    expect(slotById(classes, '2026-06-10T13:00', now)).toEqual({ refused: 'not-in-timetable' });
    expect(slotById(classes, '2026-07-11T07:00', now)).toEqual({ refused: 'too-far' });
    expect(isSlot(slotById(classes, '2026-07-10T07:00', now))).toBe(true);
    expect(isSlot(slotById(classes, '2026-06-10T18:00', now))).toBe(true);
    expect(slotById({ ...classes, leadMinutes: 360 }, '2026-06-10T18:00', now)).toEqual({ refused: 'too-soon' });
  });

  it('refuses anything that is not a date and a time as malformed, without throwing', () => {
    const junk: unknown[] = [
      '2026-13-01T10:00',
      '2026-02-30T10:00',
      '2026-06-12T24:00',
      '2026-06-12T10:60',
      '2026-06-12T9:00',
      '2026-06-12T10:00Z',
      '2026-06-12 10:00',
      ' 2026-06-12T10:00',
      '2026-06-12T10:00\n',
      '../x',
      '',
      'x'.repeat(1000),
      `2026-06-12T10:00${'0'.repeat(984)}`,
      undefined,
      null,
      20260612,
      { date: '2026-06-12', time: '10:00' },
    ];
    for (const id of junk) {
      expect(slotById(classes, id, now), String(id).slice(0, 40)).toEqual({ refused: 'malformed' });
      expect(parseSlotId(id)).toBeUndefined();
    }
  });
});
