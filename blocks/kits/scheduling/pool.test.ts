import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Signer } from '../../../runtime/services/signing.ts';
import { LowdbStore } from '../../../runtime/store/lowdb-store.ts';
import { Bookings, type BookingRecord, type HoldRequest, type HoldResult } from './bookings.ts';
import { placesLeft } from './bookable.ts';
import { poolCapacityIssues, poolSizeIssues } from './pool.ts';
import { slotById, type Slot, type Timetable } from './schedule.ts';

const MINUTE = 60_000;
/** Monday 1 June 2026, 08:00 in New York. */
const NOW = Date.parse('2026-06-01T12:00:00Z');
const DAY = '2026-06-20';

/** A bike shop's services: each its own length, all on one bench that takes two bikes at once. */
const services: Record<string, number> = { 'tune-up': 60, 'flat-fix': 30, overhaul: 120 };
const timetableOf = (service: string): Timetable => ({
  timeZone: 'America/New_York',
  weekly: [{ days: ['saturday'], starts: ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30'] }],
  durationMinutes: services[service] ?? 60,
  horizonDays: 60,
});
const BENCH = { name: 'bench', capacity: 2 };

const stores: LowdbStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

async function setUp() {
  const store = await LowdbStore.open(await mkdtemp(join(tmpdir(), 'sitewright-pools-')));
  stores.push(store);
  const signer = new Signer(Buffer.from('a fixed key for the pool tests, 32 bytes or more'));
  return { store, bookings: new Bookings({ store, signer }) };
}

/** One bike in for `service` at `time` on 20 June. */
const bike = (service: string, time: string, over: Partial<HoldRequest> = {}): HoldRequest => ({
  resource: service,
  timetable: timetableOf(service),
  capacity: 2,
  pool: BENCH,
  slotId: `${DAY}T${time}`,
  places: 1,
  contact: { name: 'Ana Silva', email: 'ana@example.com' },
  ...over,
});

function held(result: HoldResult): { held: BookingRecord; token: string } {
  if (!('held' in result)) throw new Error(`expected a hold, got ${JSON.stringify(result)}`);
  return result;
}

const slot = (service: string, time: string) => slotById(timetableOf(service), `${DAY}T${time}`, NOW) as Slot;

describe('bookings drawing on a pool', () => {
  it('counts bookings of different lengths against the pool while they overlap, never those that only follow each other', async () => {
    const { bookings } = await setUp();
    // A tune-up 11:00–12:00 and a flat fix 11:30–12:00 fill the bench from 11:30.
    expect(held(await bookings.hold('alpha', bike('tune-up', '11:00'), NOW)).held).toMatchObject({ pool: 'bench', poolCapacity: 2 });
    held(await bookings.hold('alpha', bike('flat-fix', '11:30'), NOW));
    expect(await bookings.hold('alpha', bike('overhaul', '10:30'), NOW)).toEqual({ refused: 'full', left: 0 });
    expect(await bookings.hold('alpha', bike('tune-up', '11:30'), NOW)).toEqual({ refused: 'full', left: 0 });
    // A flat fix at 12:00 starts as both end; one at 11:00 has the bench's second place until 11:30.
    held(await bookings.hold('alpha', bike('flat-fix', '12:00', { places: 2 }), NOW));
    held(await bookings.hold('alpha', bike('flat-fix', '11:00'), NOW));
    expect(await bookings.hold('alpha', bike('flat-fix', '10:30'), NOW)).toMatchObject({ held: { slot: `flat-fix@${DAY}T10:30` } });
  });

  it('shows each service the places the pool has left over its own time, not only its own', async () => {
    const { bookings, store } = await setUp();
    const site = { prefix: 'alpha' } as never;
    const left = (service: string, times: string[]) =>
      placesLeft(
        { store },
        site,
        { resource: service, capacity: 2, pool: BENCH },
        times.map((t) => slot(service, t)),
        NOW,
      );
    expect(await left('overhaul', ['10:00', '11:00'])).toEqual([2, 2]);
    held(await bookings.hold('alpha', bike('flat-fix', '11:00'), NOW));
    held(await bookings.hold('alpha', bike('tune-up', '11:00'), NOW));
    // The third service is full at 11:00 on its own slot's count of nothing taken, because the bench is.
    expect(await left('overhaul', ['10:00', '11:00', '12:00'])).toEqual([0, 0, 2]);
    expect(await left('flat-fix', ['10:30', '11:00', '11:30', '12:00'])).toEqual([2, 0, 1, 2]);
    // Without a pool, each service counts only its own.
    expect(await placesLeft({ store }, site, { resource: 'overhaul', capacity: 2 }, [slot('overhaul', '11:00')], NOW)).toEqual([2]);
  });

  it('gives a lapsed hold its places back on confirmation only while the pool still has them, and frees them when cancelled', async () => {
    const { bookings } = await setUp();
    const early = held(await bookings.hold('alpha', bike('tune-up', '11:00'), NOW));
    const late = held(await bookings.hold('alpha', bike('overhaul', '10:00'), NOW));
    // Both lapse; meanwhile a flat fix takes the bench's place at 11:30 that the overhaul had.
    const after = NOW + 11 * MINUTE;
    held(await bookings.hold('alpha', bike('flat-fix', '11:30', { places: 2 }), after));
    expect(await bookings.confirm('alpha', late.held.id, after)).toEqual({ refused: 'expired' });
    // The tune-up needs 11:00–12:00: 11:30 is taken too.
    expect(await bookings.confirm('alpha', early.held.id, after)).toEqual({ refused: 'expired' });

    // A confirmed booking cancelled frees its place on the bench from then on.
    const kept = held(await bookings.hold('alpha', bike('overhaul', '12:00', { places: 2 }), after));
    expect(await bookings.confirm('alpha', kept.held.id, after)).toMatchObject({ status: 'confirmed' });
    expect(await bookings.hold('alpha', bike('flat-fix', '12:30'), after)).toEqual({ refused: 'full', left: 0 });
    expect(await bookings.cancel('alpha', kept.token, { cancelHours: 24 }, after)).toMatchObject({ cancelled: { status: 'cancelled' } });
    held(await bookings.hold('alpha', bike('flat-fix', '12:30'), after + MINUTE));

    // A lapsed hold whose time is still free gets it back, and the pool is counted with it.
    const lapsing = held(await bookings.hold('alpha', bike('flat-fix', '10:00', { places: 2 }), after));
    const much = after + 20 * MINUTE;
    expect(await bookings.confirm('alpha', lapsing.held.id, much)).toMatchObject({ status: 'confirmed', pool: 'bench', poolCapacity: 2 });
    expect(await bookings.hold('alpha', bike('overhaul', '10:00'), much)).toEqual({ refused: 'full', left: 0 });
  });

  it('keeps bookings without a pool counted per slot only, as they always were', async () => {
    const { bookings } = await setUp();
    for (const service of ['tune-up', 'flat-fix', 'overhaul'])
      expect(held(await bookings.hold('alpha', bike(service, '11:00', { pool: undefined, places: 2 }), NOW)).held).not.toHaveProperty('pool');
  });
});

describe('what an author is told about a pool', () => {
  it('says when a choice has more places than its pool, and when two blocks give one pool two sizes', () => {
    expect(poolCapacityIssues({ capacity: 2, pool: BENCH })).toEqual([]);
    expect(poolCapacityIssues({ capacity: 3 })).toEqual([]);
    const [issue] = poolCapacityIssues({ capacity: 3, pool: BENCH });
    expect(issue).toMatchObject({ path: ['capacity'], code: 'SW_OUT_OF_RANGE', edit: { value: '2' } });
    expect(issue?.detail).toBe('Each time has 3 places, but the pool "bench" it draws on has only 2 at any moment: the rest could never be booked.');

    const block = (resource: string, capacity: number) => ({ type: 'booking', resource, label: resource, pool: { name: 'bench', capacity } });
    const site = { pages: [{ path: '/', blocks: [block('repairs', 2), { type: 'rich-text' }, block('rentals', 3)] }] } as never;
    expect(poolSizeIssues({ pool: { name: 'bench', capacity: 2 } }, site)).toEqual([]);
    expect(poolSizeIssues({ pool: { name: 'other', capacity: 9 } }, site)).toEqual([]);
    const [size] = poolSizeIssues({ pool: { name: 'bench', capacity: 3 } }, site);
    expect(size).toMatchObject({ path: ['pool', 'capacity'], code: 'SW_OUT_OF_RANGE', edit: { value: '2' } });
    expect(size?.detail).toContain('The pool "bench" has 2 places where it is first named (the booking block "repairs" on /), but 3 here');
  });
});
