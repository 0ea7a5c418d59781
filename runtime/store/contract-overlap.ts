/**
 * The part of the Store contract about places counted over time (`takePlacesWithin` with `overlap`):
 * records of different lengths share places only while they overlap, at their busiest moment; records
 * that merely touch share nothing; several limits are checked in the same step; and no pool is ever
 * overfilled, however many ask at once.
 */
import { expect, it } from 'vitest';
import type { PlaceLimit, Store } from './store.ts';

type Open = () => Promise<Store>;

const NOW = Date.parse('2026-06-15T12:00:00Z');
const DURING = { start: 'startUtc', end: 'endUtc' };
/** A bench with two places, shared by every service. */
const BENCH: PlaceLimit = { where: { pool: 'bench' }, capacity: 2, overlap: DURING };

/** A booking of the bench from `from` to `to` (times of 20 June 2026, UTC) for `places`. */
const job = (from: string, to: string, places = 1, more: Record<string, unknown> = {}) => ({
  pool: 'bench',
  startUtc: `2026-06-20T${from}:00.000Z`,
  endUtc: `2026-06-20T${to}:00.000Z`,
  places,
  ...more,
});

export function overlapping(open: Open) {
  it('counts places over time: what overlaps counts, what only touches does not, and the busiest moment decides', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    const take = (from: string, to: string, places = 1) => t.takePlacesWithin('bookings', [BENCH], job(from, to, places), NOW);
    // A 60-minute tune-up at 11:00 and a 30-minute flat fix at 11:30 share 11:30–12:00: the bench is full then.
    expect(await take('11:00', '12:00')).toMatchObject({ left: 1 });
    expect(await take('11:30', '12:00')).toMatchObject({ left: 0 });
    expect(await take('11:45', '12:15')).toEqual({ refused: 'full', left: 0 });
    expect(await take('10:30', '11:45')).toEqual({ refused: 'full', left: 0 });
    // 11:00–11:30 has one place free; 12:00 starts as both end: two places free.
    expect(await take('10:30', '11:30')).toMatchObject({ left: 0 });
    expect(await take('12:00', '12:30', 2)).toMatchObject({ left: 0 });
    expect(await take('09:00', '10:30', 2)).toMatchObject({ left: 0 });
    // Two that follow each other are never counted together: 13:00–13:30 and 13:30–14:00 hold one place at most.
    expect(await take('13:00', '13:30')).toMatchObject({ left: 1 });
    expect(await take('13:30', '14:00')).toMatchObject({ left: 1 });
    expect(await take('13:00', '14:00')).toMatchObject({ left: 0 });
    expect(await t.count('bookings', { pool: 'bench' })).toBe(8);
    await store.close();
  });

  it('checks a slot’s own places and its pool in one step, frees what lapsed or was let go, and never counts another pool', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    const room = (name: string): [PlaceLimit, PlaceLimit] => [{ where: { slot: `${name}@11:00` }, capacity: 1 }, BENCH];
    const book = (name: string, more: Record<string, unknown> = {}) =>
      t.takePlacesWithin('bookings', room(name), job('11:00', '12:00', 1, { slot: `${name}@11:00`, ...more }), NOW);
    expect(await book('vault', { expiresAt: '2026-06-15T12:10:00Z' })).toMatchObject({ left: 0 });
    // The vault is taken at 11:00 though the bench has a place left; the den takes the last one.
    expect(await book('vault')).toEqual({ refused: 'full', left: 0 });
    expect(await book('den')).toMatchObject({ left: 0 });
    expect(await book('attic')).toEqual({ refused: 'full', left: 0 });
    // Another pool, or the same name in another site, is counted apart.
    expect(
      await t.takePlacesWithin('bookings', [{ ...BENCH, where: { pool: 'truing-stand' } }], job('11:00', '12:00', 2, { pool: 'truing-stand' }), NOW),
    ).toMatchObject({
      left: 0,
    });
    expect(await (await store.tenant('beta')).takePlacesWithin('bookings', [BENCH], job('11:00', '12:00', 2), NOW)).toMatchObject({ left: 0 });
    // Ten minutes on, the vault's hold has lapsed: its place on the bench is free again.
    const later = Date.parse('2026-06-15T12:10:00Z');
    expect(await t.takePlacesWithin('bookings', room('attic'), job('11:00', '12:00', 1, { slot: 'attic@11:00' }), later)).toMatchObject({ left: 0 });
    await store.close();
  });

  it('counts a record whose times cannot be read all the time, and refuses a new one whose times cannot be read', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    await t.add('bookings', { pool: 'bench', places: 1, startUtc: 'soon' });
    expect(await t.takePlacesWithin('bookings', [BENCH], job('03:00', '04:00', 2), NOW)).toEqual({ refused: 'full', left: 1 });
    for (const times of [{ startUtc: 'noon' }, { endUtc: undefined }, { startUtc: '2026-06-20T12:00:00.000Z', endUtc: '2026-06-20T11:00:00.000Z' }])
      expect(await t.takePlacesWithin('bookings', [BENCH], { ...job('11:00', '12:00'), ...times }, NOW), JSON.stringify(times)).toEqual({
        refused: 'full',
        left: 0,
      });
    // An instant written another way is read as the same instant.
    await t.add('bookings', { pool: 'bench', places: 1, startUtc: '2026-06-20T08:00Z', endUtc: '2026-06-20T09:00+00:00' });
    expect(await t.takePlacesWithin('bookings', [BENCH], job('08:30', '09:30'), NOW)).toEqual({ refused: 'full', left: 0 });
    await store.close();
  });

  it('never overfills a pool: 200 at once for three services of different lengths take exactly its two places', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    const services = [
      ['flat-fix', '11:00', '11:30'],
      ['tune-up', '11:00', '12:00'],
      ['overhaul', '10:30', '12:30'],
    ] as const;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const [name, from, to] = services[i % 3] as (typeof services)[number];
        const slot = { where: { slot: `${name}@${from}` }, capacity: 2 };
        return t.takePlacesWithin('bookings', [slot, BENCH], job(from, to, 1, { slot: `${name}@${from}`, n: i, expiresAt: '2026-06-15T12:10:00Z' }), NOW);
      }),
    );
    expect(results.filter((r) => 'added' in r)).toHaveLength(2);
    expect(results.filter((r) => 'refused' in r).every((r) => r.left === 0)).toBe(true);
    expect(await t.count('bookings', { pool: 'bench' })).toBe(2);
    await store.close();
  });
}
