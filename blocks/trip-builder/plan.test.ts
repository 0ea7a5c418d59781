import { describe, expect, it } from 'vitest';
import type { Day } from '../../runtime/services/time.ts';
import {
  EARTH_RADIUS_KM,
  haversineKm,
  hoursOn,
  legBetween,
  moved,
  nearestFirst,
  pickupTimeOn,
  planTrip,
  tripPrice,
  vanTimetable,
  type TripPlan,
} from './plan.ts';
import type { TripBuilderProps, Winery } from './schema.ts';
import { daysText, hoursText, itineraryLines, legText, minutesText, noteText } from './words.ts';

/** Degrees of latitude in one km along a meridian: the fixture's places lie on one, so distances are exact. */
const KM = 180 / (Math.PI * EARTH_RADIUS_KM);
const north = (km: number) => ({ lat: 45 + km * KM, lng: -123 });
const EVERY_DAY: Day[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const open = (opens = '10:00', closes = '17:00', days = EVERY_DAY) => [{ days, opens, closes }];

const winery = (slug: string, km: number, hours: Winery['hours'], fee = 25): Winery => ({
  slug,
  name: `${slug[0]?.toUpperCase()}${slug.slice(1)} Cellars`,
  ...north(km),
  hours,
  fee,
  description: 'A winery.',
});

function propsWith(wineries: Winery[], change: Partial<TripBuilderProps> = {}): TripBuilderProps {
  return {
    resource: 'van',
    wineries,
    pickups: [{ slug: 'base', name: 'The depot', ...north(0) }],
    van: {
      seats: 10,
      timeZone: 'America/Los_Angeles',
      days: EVERY_DAY,
      pickupTime: '10:00',
      durationMinutes: 480,
      leadMinutes: 1440,
      horizonDays: 60,
      closed: ['2026-07-04'],
    },
    party: { min: 1, max: 8 },
    price: { perPerson: 99, deposit: { percent: 30 } },
    roadFactor: 1,
    speedKmh: 60,
    stopMinutes: 60,
    minStops: 2,
    maxStops: 4,
    submit: 'Book this trip',
    ...change,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
const plan = (props: TripBuilderProps, wineries: string[], date = '2026-07-18', party = 3): TripPlan => {
  const made = planTrip(props, { date, party, pickup: 'base', wineries }, 'USD');
  if (!made) throw new Error('no plan');
  return made;
};

describe('distances', () => {
  it('gives the haversine distance of known places', () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.195, 3);
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 6);
    // London to Paris, and New York JFK to Los Angeles LAX, as the great-circle tables give them.
    expect(haversineKm({ lat: 51.5074, lng: -0.1278 }, { lat: 48.8566, lng: 2.3522 })).toBeCloseTo(343.56, 1);
    expect(haversineKm({ lat: 40.6413, lng: -73.7781 }, { lat: 33.9416, lng: -118.4085 })).toBeCloseTo(3974.3, 0);
    expect(haversineKm(north(3), north(3))).toBe(0);
    expect(haversineKm(north(0), north(12))).toBeCloseTo(haversineKm(north(12), north(0)), 12);
  });

  it('makes a drive of the distance times the road factor at the average speed, rounded up to the minute', () => {
    const cases: [number, number, number, number, number][] = [
      // km apart, road factor, km/h, km by road, minutes
      [10, 1, 60, 10, 10],
      [12, 1.3, 60, 15.6, 16],
      [20, 1.5, 45, 30, 40],
    ];
    for (const [apart, roadFactor, speedKmh, km, minutes] of cases) {
      const leg = legBetween(north(0), north(apart), { roadFactor, speedKmh });
      expect(leg.km).toBeCloseTo(km, 9);
      expect(leg.minutes).toBe(minutes);
    }
    expect(legBetween(north(0), north(0.01), { roadFactor: 1, speedKmh: 60 }).minutes).toBe(1);
    expect(legBetween(north(5), north(5), { roadFactor: 1.3, speedKmh: 60 })).toEqual({ km: 0, minutes: 0 });
  });
});

describe('the order of the stops', () => {
  it('goes to the nearest winery not yet visited, from the pickup point on', () => {
    const stops = [winery('far', 30, open()), winery('near', 12, open()), winery('middle', 20, open())];
    expect(nearestFirst(north(0), stops).map((w) => w.slug)).toEqual(['near', 'middle', 'far']);
    expect(nearestFirst(north(24), stops).map((w) => w.slug)).toEqual(['middle', 'near', 'far']);
    // Two at the same distance keep the list's order.
    expect(nearestFirst(north(0), [winery('south', -10, open()), winery('north', 10, open())]).map((w) => w.slug)).toEqual(['south', 'north']);
  });

  it('moves one stop up or down, and nothing past either end', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('the day', () => {
  const near = winery('near', 12, open(), 25);
  const far = winery('far', 30, open(), 30.5);

  it('leaves at the pickup time, drives each leg, stays at each winery and drives back, in the zone', () => {
    const day = plan(propsWith([near, far]), ['near', 'far']);
    expect(iso(day.depart)).toBe('2026-07-18T17:00:00.000Z'); // 10:00 PDT
    expect(day.stops.map((s) => [s.leg.minutes, iso(s.arrive), iso(s.leave)])).toEqual([
      [12, '2026-07-18T17:12:00.000Z', '2026-07-18T18:12:00.000Z'],
      [18, '2026-07-18T18:30:00.000Z', '2026-07-18T19:30:00.000Z'],
    ]);
    expect(day.back.leg.minutes).toBe(30);
    expect(iso(day.back.arrive)).toBe('2026-07-18T20:00:00.000Z');
    expect(day.stops.every((s) => s.notes.length === 0)).toBe(true);
    expect(day.blocked).toBe(false);
    expect(itineraryLines(day, 'America/Los_Angeles', 'en-US')).toEqual([
      '10:00 AM: leave The depot',
      '10:12 AM: Near Cellars, tasting until 11:12 AM',
      '11:30 AM: Far Cellars, tasting until 12:30 PM',
      '1:00 PM: back at The depot',
    ]);
  });

  it('visits in the order given: reordering changes the drives and the times', () => {
    const props = propsWith([near, far, winery('south', -10, open())]);
    const out = plan(props, ['near', 'far', 'south']);
    const back = plan(props, ['near', 'south', 'far']);
    expect(out.stops.map((s) => s.leg.minutes)).toEqual([12, 18, 40]);
    expect(back.stops.map((s) => s.leg.minutes)).toEqual([12, 22, 40]);
    expect([out.back.leg.minutes, back.back.leg.minutes]).toEqual([10, 30]);
    expect(iso(out.back.arrive)).toBe('2026-07-18T21:20:00.000Z');
    expect(iso(back.back.arrive)).toBe('2026-07-18T21:44:00.000Z');
  });

  it('keeps the pickup at 10:00 on the clocks across the changes of daylight saving time', () => {
    const props = propsWith([far, winery('short', 12, open('10:00', '10:30'))]);
    const cases: [string, string, string][] = [
      ['2026-03-07', '2026-03-07T18:00:00.000Z', '2026-03-07T18:30:00.000Z'], // Saturday, PST
      ['2026-03-08', '2026-03-08T17:00:00.000Z', '2026-03-08T17:30:00.000Z'], // Sunday: the clocks went forward at 02:00
      ['2026-10-31', '2026-10-31T17:00:00.000Z', '2026-10-31T17:30:00.000Z'], // Saturday, PDT
      ['2026-11-01', '2026-11-01T18:00:00.000Z', '2026-11-01T18:30:00.000Z'], // Sunday: the clocks went back at 02:00
    ];
    for (const [date, depart, closes] of cases) {
      const day = plan(props, ['short', 'far'], date);
      expect(iso(day.depart), date).toBe(depart);
      // The winery that closes at 10:30 local is seen to close at 10:30 local that day, whatever the offset.
      expect(day.stops[0]?.notes, date).toEqual([{ kind: 'past-closing', closes: Date.parse(closes), minutes: 42 }]);
      expect(itineraryLines(day, 'America/Los_Angeles', 'en-US')[0], date).toBe('10:00 AM: leave The depot');
    }
  });

  it('warns of a winery closed that day, and the trip cannot be booked', () => {
    const weekend = winery('weekend', 20, open('11:00', '16:00', ['friday', 'saturday', 'sunday']));
    const day = plan(propsWith([near, weekend]), ['near', 'weekend'], '2026-07-15');
    expect(day.stops[1]?.notes).toEqual([{ kind: 'closed', day: 'wednesday' }]);
    expect(day.blocked).toBe(true);
    expect(noteText(day.stops[1]?.notes[0] as never, weekend, 'America/Los_Angeles', 'en-US')).toBe('Weekend Cellars is closed on Wednesdays.');
    expect(plan(propsWith([near, weekend]), ['near', 'weekend'], '2026-07-18').blocked).toBe(false);
  });

  it('warns when the visit runs past closing time, and when the winery closes before the van gets there', () => {
    const early = winery('early', 12, open('09:00', '10:30'));
    const past = plan(propsWith([early, far]), ['early', 'far']);
    expect(past.stops[0]?.notes).toEqual([{ kind: 'past-closing', closes: Date.parse('2026-07-18T17:30:00Z'), minutes: 42 }]);
    expect(past.blocked).toBe(false);
    expect(noteText(past.stops[0]?.notes[0] as never, early, 'America/Los_Angeles', 'en-US')).toBe(
      'The visit runs 42 min past closing time: Early Cellars closes at 10:30 AM.',
    );

    const shut = winery('shut', 12, open('09:00', '10:05'));
    const late = plan(propsWith([shut, far]), ['shut', 'far']);
    expect(late.stops[0]?.notes).toEqual([{ kind: 'after-closing', closes: Date.parse('2026-07-18T17:05:00Z') }]);
    expect(late.blocked).toBe(true);
    expect(noteText(late.stops[0]?.notes[0] as never, shut, 'America/Los_Angeles', 'en-US')).toBe(
      'Shut Cellars closes at 10:05 AM, before the van gets there.',
    );
  });

  it('starts the tasting at opening time when the van is early, and says so', () => {
    const late = winery('late', 12, open('11:00', '17:00'));
    const day = plan(propsWith([late, far]), ['late', 'far']);
    expect(day.stops[0]).toMatchObject({
      arrive: Date.parse('2026-07-18T17:12:00Z'),
      start: Date.parse('2026-07-18T18:00:00Z'),
      leave: Date.parse('2026-07-18T19:00:00Z'),
    });
    expect(day.stops[0]?.notes).toEqual([{ kind: 'wait', opens: Date.parse('2026-07-18T18:00:00Z'), minutes: 48 }]);
    expect(day.blocked).toBe(false);
    expect(itineraryLines(day, 'America/Los_Angeles', 'en-US')[1]).toBe('10:12 AM: arrive at Late Cellars; tasting 11:00 AM to 12:00 PM');
  });

  it('plans nothing for a day the van does not run, or a pickup point or winery it does not know', () => {
    const props = propsWith([near, far], { van: { ...propsWith([]).van, days: ['saturday', 'sunday'] } });
    expect(planTrip(props, { date: '2026-07-15', party: 2, pickup: 'base', wineries: ['near', 'far'] }, 'USD')).toBeUndefined();
    expect(planTrip(props, { date: '2026-07-18', party: 2, pickup: 'elsewhere', wineries: ['near', 'far'] }, 'USD')).toBeUndefined();
    expect(planTrip(props, { date: '2026-07-18', party: 2, pickup: 'base', wineries: ['near', 'nowhere'] }, 'USD')).toBeUndefined();
  });
});

describe('the price', () => {
  const wineries = [winery('near', 12, open(), 25), winery('far', 30, open(), 30.5)];

  it('is the tour and every tasting for each guest, in cents, with a deposit as a percent rounded half up', () => {
    expect(tripPrice({ perPerson: 99, deposit: { percent: 30 } }, wineries, 3, 'USD')).toEqual({
      party: 3,
      tourEach: 9900,
      tour: 29700,
      tastings: [
        { slug: 'near', name: 'Near Cellars', each: 2500, total: 7500 },
        { slug: 'far', name: 'Far Cellars', each: 3050, total: 9150 },
      ],
      total: 46350,
      deposit: 13905,
      balance: 32445,
    });
    // 33% of $463.50 is $152.955: half a cent up.
    expect(tripPrice({ perPerson: 99, deposit: { percent: 33 } }, wineries, 3, 'USD').deposit).toBe(15296);
    expect(plan(propsWith(wineries), ['far', 'near']).price.total).toBe(46350);
  });

  it('takes a deposit per guest, never more than the whole price', () => {
    expect(tripPrice({ perPerson: 99, deposit: { perPerson: 40 } }, wineries, 3, 'USD')).toMatchObject({ deposit: 12000, balance: 34350 });
    expect(tripPrice({ perPerson: 99, deposit: { perPerson: 200 } }, wineries, 1, 'USD')).toMatchObject({ total: 15450, deposit: 15450, balance: 0 });
  });

  it('counts in the currency’s own minor units', () => {
    expect(tripPrice({ perPerson: 9900, deposit: { percent: 10 } }, [winery('yen', 1, open(), 2500)], 2, 'JPY')).toMatchObject({
      total: 24800,
      deposit: 2480,
    });
  });
});

describe('the van and the hours', () => {
  const props = propsWith([winery('a', 1, open()), winery('b', 2, open())], { van: { ...propsWith([]).van, days: ['wednesday', 'saturday'] } });

  it('runs on its days at its pickup time, never on a closed date, as one start a day of the booking core', () => {
    expect(pickupTimeOn(props.van, '2026-07-18')).toBe('10:00');
    expect(pickupTimeOn(props.van, '2026-07-16')).toBeUndefined();
    expect(pickupTimeOn(props.van, '2026-07-04')).toBeUndefined();
    expect(pickupTimeOn(props.van, '2026-02-30')).toBeUndefined();
    expect(vanTimetable(props.van)).toEqual({
      timeZone: 'America/Los_Angeles',
      weekly: [{ days: ['wednesday', 'saturday'], starts: ['10:00'] }],
      durationMinutes: 480,
      leadMinutes: 1440,
      horizonDays: 60,
      closed: ['2026-07-04'],
    });
  });

  it('reads a winery’s hours by the day of the week, and writes them as runs of days', () => {
    const crestview = winery('crestview', 5, [
      { days: ['wednesday', 'thursday', 'friday', 'saturday'], opens: '11:00', closes: '20:00' },
      { days: ['sunday'], opens: '11:00', closes: '17:00' },
    ]);
    expect(hoursOn(crestview, '2026-07-19')).toEqual({ days: ['sunday'], opens: '11:00', closes: '17:00' });
    expect(hoursOn(crestview, '2026-07-20')).toBeUndefined();
    expect(hoursText(crestview, 'en-US')).toBe('Wed–Sat 11:00 AM–8:00 PM; Sun 11:00 AM–5:00 PM; closed Mon, Tue');
    expect(daysText(['sunday', 'monday', 'wednesday', 'thursday', 'friday', 'saturday'], 'en-US')).toBe('Mon, Wed–Sun');
    expect(daysText(['friday', 'saturday'], 'en-US', 'long')).toBe('Friday, Saturday');
    expect(minutesText(48)).toBe('48 min');
    expect(minutesText(125)).toBe('2 h 5 min');
    expect(legText({ km: 16.0934, minutes: 17 })).toBe('17 min, about 16.1 km (10.0 mi) by road');
  });
});
