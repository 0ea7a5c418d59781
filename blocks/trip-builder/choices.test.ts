import { describe, expect, it } from 'vitest';
import { askedInQuery, bookingWindow, checkChoices, type Asked } from './choices.ts';
import { tripBuilder } from './index.tsx';
import type { TripBuilderProps } from './schema.ts';

const props: TripBuilderProps = tripBuilder.example;
/** Wednesday, July 1, 2026, at noon in Oregon: the van left at 10:00 today, and books from the day after tomorrow. */
const NOW = Date.parse('2026-07-01T12:00:00-07:00');
const good: Asked = { wineries: ['hollis-creek', 'silverleaf', 'crestview'], date: '2026-07-03', party: '4', pickup: 'depot', own: false };
const errorsOf = (change: Partial<Asked>, p: TripBuilderProps = props) => checkChoices(p, { ...good, ...change }, NOW, 'en-US').errors;

describe('what the planner asks for', () => {
  it('reads the checkboxes, or a list of wineries kept in order when the visitor reordered them', () => {
    expect(askedInQuery({})).toBeUndefined();
    expect(askedInQuery({ 'winery-silverleaf': 'on', 'winery-crestview': 'on', date: '2026-07-03', party: '4', pickup: 'depot' })).toEqual({
      wineries: ['silverleaf', 'crestview'],
      date: '2026-07-03',
      party: '4',
      pickup: 'depot',
      own: false,
    });
    expect(askedInQuery({ wineries: 'crestview, hollis-creek,,silverleaf', order: 'own', date: '2026-07-03' })).toMatchObject({
      wineries: ['crestview', 'hollis-creek', 'silverleaf'],
      own: true,
    });
    expect(askedInQuery({ wineries: 'crestview,hollis-creek' })?.own).toBe(false);
    // The checkboxes are what the planner's form sends: they win over a list left in the address.
    expect(askedInQuery({ 'winery-silverleaf': 'on', wineries: 'crestview', order: 'own' })).toMatchObject({ wineries: ['silverleaf'], own: false });
    expect(askedInQuery({ date: '2026-07-03' })).toMatchObject({ wineries: [], date: '2026-07-03' });
  });

  it('opens bookings from today to the horizon in the van’s zone', () => {
    expect(bookingWindow(props.van, NOW)).toEqual({ today: '2026-07-01', last: '2026-09-29' });
    // 02:00 on July 2 in London is still July 1 in Oregon.
    expect(bookingWindow(props.van, Date.parse('2026-07-02T02:00:00+01:00')).today).toBe('2026-07-01');
  });
});

describe('checking the choices', () => {
  it('orders the wineries to be back soonest, or keeps the visitor’s own order', () => {
    // Nearest first would be Crestview, Silverleaf, Hollis Creek: 49 minutes waiting for Crestview to open, back at 2:56 PM.
    // Hollis Creek first waits for nothing and is back at 2:07 PM.
    expect(checkChoices(props, good, NOW, 'en-US')).toEqual({
      errors: {},
      slot: '2026-07-03T10:00',
      choices: { date: '2026-07-03', party: 4, pickup: 'depot', wineries: ['hollis-creek', 'silverleaf', 'crestview'] },
    });
    const own = ['crestview', 'silverleaf', 'hollis-creek'];
    expect(checkChoices(props, { ...good, wineries: own, own: true }, NOW, 'en-US').choices?.wineries).toEqual(own);
  });

  it('wants from minStops to maxStops known wineries, each once', () => {
    expect(errorsOf({ wineries: [] })).toEqual({ wineries: 'Please choose at least 2 wineries.' });
    expect(errorsOf({ wineries: ['crestview'] })).toEqual({ wineries: 'Please choose at least 2 wineries (you chose 1).' });
    expect(errorsOf({}, { ...props, maxStops: 2 })).toEqual({ wineries: 'Please choose at most 2 wineries: a day has time for 2 tastings. You chose 3.' });
    expect(errorsOf({ wineries: ['crestview', 'chateau-nowhere'] })).toEqual({
      wineries: '“chateau-nowhere” is not one of our wineries: please choose from the list.',
    });
    expect(errorsOf({ wineries: ['crestview', 'crestview'] })).toEqual({ wineries: 'Each winery can be visited once: please choose it only once.' });
  });

  it('wants a date the van runs, from the day after tomorrow to the horizon', () => {
    const cases: [string, string][] = [
      ['', 'Please choose a date.'],
      ['tomorrow', 'Please choose a date from the calendar, written like 2026-07-18.'],
      ['2026-02-30', 'Please choose a date from the calendar, written like 2026-07-18.'],
      ['2026-06-30', 'Tuesday, June 30, 2026 has passed: please choose a date from Wednesday, July 1, 2026 on.'],
      ['2026-07-01', 'The van has already left that day: please choose a later date.'],
      ['2026-07-02', 'Trips are booked at least a day before the van leaves: please choose a later date.'],
      ['2026-07-06', 'The van does not run on Mondays: trips run Wednesday–Sunday.'],
      ['2026-09-30', 'Trips can be booked until Tuesday, September 29, 2026: please choose an earlier date.'],
    ];
    for (const [date, message] of cases) expect(errorsOf({ date }), date).toEqual({ date: message });
    expect(errorsOf({ date: '2026-07-10' }, { ...props, van: { ...props.van, closed: ['2026-07-10'] } })).toEqual({
      date: 'The van does not run on Friday, July 10, 2026: please choose another day.',
    });
    expect(errorsOf({ date: '2026-09-27' })).toEqual({});
  });

  it('wants a party within the limits and a pickup point of the list, and says everything wrong at once', () => {
    for (const party of ['0', '9', 'two', '', '4.5', '-1']) expect(errorsOf({ party }), party).toEqual({ party: 'Choose from 1 to 8 guests.' });
    expect(errorsOf({ party: '3' }, { ...props, party: { min: 3, max: 3 } })).toEqual({});
    expect(errorsOf({ party: '2' }, { ...props, party: { min: 3, max: 3 } })).toEqual({ party: 'Trips are for 3 guests.' });
    expect(errorsOf({ pickup: 'the-moon' })).toEqual({ pickup: 'Please choose a pickup point from the list.' });
    const all = checkChoices(props, { wineries: ['x'], date: '', party: '0', pickup: '', own: false }, NOW, 'en-US');
    expect(Object.keys(all.errors).sort()).toEqual(['date', 'party', 'pickup', 'wineries']);
    expect(all.choices).toBeUndefined();
  });
});
