import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Signer } from '../../../runtime/services/signing.ts';
import { LowdbStore } from '../../../runtime/store/lowdb-store.ts';
import { Bookings, type BookingRecord, type HoldRequest, type HoldResult } from './bookings.ts';
import type { Timetable } from './schedule.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Monday 1 June 2026, 08:00 in New York. */
const NOW = Date.parse('2026-06-01T12:00:00Z');

const timetable: Timetable = {
  timeZone: 'America/New_York',
  weekly: [{ days: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], starts: ['10:00', '14:00', '18:00'] }],
  durationMinutes: 60,
  horizonDays: 60,
  closed: ['2026-07-04'],
};

const stores: LowdbStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

async function setUp() {
  const store = await LowdbStore.open(await mkdtemp(join(tmpdir(), 'sitewright-bookings-')));
  stores.push(store);
  const signer = new Signer(Buffer.from('a fixed key for the bookings tests, 32+ bytes'));
  return { store, signer, bookings: new Bookings({ store, signer }) };
}

const room = (over: Partial<HoldRequest> = {}): HoldRequest => ({
  resource: 'pharaoh-room',
  timetable,
  capacity: 1,
  slotId: '2026-06-20T18:00',
  places: 1,
  maxParty: 8,
  contact: { name: 'Ana Silva', email: 'ana@example.com' },
  ...over,
});

function held(result: HoldResult): { held: BookingRecord; token: string } {
  if (!('held' in result)) throw new Error(`expected a hold, got ${JSON.stringify(result)}`);
  return result;
}

describe('holding and confirming', () => {
  it('holds a slot for ten minutes, then confirms it for good', async () => {
    const { bookings, store } = await setUp();
    const { held: hold, token } = held(await bookings.hold('alpha', room({ places: 4, capacity: 6 }), NOW));
    expect(hold).toMatchObject({
      resource: 'pharaoh-room',
      slot: 'pharaoh-room@2026-06-20T18:00',
      slotId: '2026-06-20T18:00',
      startUtc: '2026-06-20T22:00:00.000Z',
      endUtc: '2026-06-20T23:00:00.000Z',
      places: 4,
      name: 'Ana Silva',
      email: 'ana@example.com',
      status: 'held',
      expiresAt: new Date(NOW + 10 * MINUTE).toISOString(),
    });
    expect(token).not.toContain('Ana');
    expect(await bookings.byToken('alpha', token)).toEqual(hold);

    const confirmed = await bookings.confirm('alpha', hold.id, NOW + 5 * MINUTE, { checkout: 'cs_123', status: 'hacked', places: 1 });
    expect(confirmed).toMatchObject({ id: hold.id, status: 'confirmed', places: 4, checkout: 'cs_123' });
    expect((confirmed as BookingRecord).expiresAt).toBeUndefined();
    // Confirming twice (a payment notice delivered again) gives the same booking.
    expect(await bookings.confirm('alpha', hold.id, NOW + 6 * MINUTE)).toMatchObject({ id: hold.id, status: 'confirmed' });
    expect(await bookings.confirm('alpha', 'no-such-id', NOW)).toEqual({ refused: 'unknown' });

    // Long after, the confirmed booking still holds its places, also as read back from disk.
    const later = NOW + 30 * 24 * HOUR;
    expect(await bookings.hold('alpha', room({ places: 3, capacity: 6, slotId: '2026-06-20T18:00' }), NOW + HOUR)).toEqual({ refused: 'full', left: 2 });
    await store.close();
    const reopened = await LowdbStore.open(store.dataDir);
    stores.push(reopened);
    const again = new Bookings({ store: reopened, signer: new Signer(Buffer.from('a fixed key for the bookings tests, 32+ bytes')) });
    expect(await (await reopened.tenant('alpha')).takePlaces('bookings', { slot: hold.slot }, 6, { slot: hold.slot, places: 3 }, later)).toEqual({
      refused: 'full',
      left: 2,
    });
    expect(await again.byToken('alpha', token)).toMatchObject({ status: 'confirmed' });
  });

  it('gives one escape room slot to exactly one of 200 visitors asking at once', async () => {
    const { bookings } = await setUp();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => bookings.hold('alpha', room({ contact: { name: `Visitor ${i}`, email: `v${i}@example.com` } }), NOW)),
    );
    expect(results.filter((r) => 'held' in r)).toHaveLength(1);
    expect(results.filter((r) => 'refused' in r && r.refused === 'full')).toHaveLength(199);
  });

  it('gives a class of 12 places to exactly 12 of 50 visitors asking at once', async () => {
    const { bookings, store } = await setUp();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        bookings.hold('alpha', room({ resource: 'pottery-class', capacity: 12, contact: { name: `Visitor ${i}`, email: `v${i}@example.com` } }), NOW),
      ),
    );
    expect(results.filter((r) => 'held' in r)).toHaveLength(12);
    expect(results.filter((r) => 'refused' in r && r.refused === 'full')).toEqual(Array.from({ length: 38 }, () => ({ refused: 'full', left: 0 })));
    // Another resource at the same time has its own capacity.
    expect('held' in (await bookings.hold('alpha', room(), NOW))).toBe(true);
    expect(await (await store.tenant('alpha')).count('bookings', { status: 'held' })).toBe(13);
  });

  it('refuses a party size outside the limits or not a whole number', async () => {
    const { bookings } = await setUp();
    for (const places of [0, 9, 2.5, Number.NaN]) {
      expect(await bookings.hold('alpha', room({ places, capacity: 10 }), NOW)).toEqual({ refused: 'party', min: 1, max: 8 });
    }
    expect(await bookings.hold('alpha', room({ places: 1, minParty: 2, capacity: 10 }), NOW)).toEqual({ refused: 'party', min: 2, max: 8 });
    expect(await bookings.hold('alpha', room({ places: 5, maxParty: undefined, capacity: 4 }), NOW)).toEqual({ refused: 'party', min: 1, max: 4 });
  });

  it('refuses a slot that cannot be booked, with the reason', async () => {
    const { bookings } = await setUp();
    const cases: [string, string][] = [
      ['2026-05-31T10:00', 'past'],
      ['2026-06-01T07:00', 'not-in-timetable'],
      ['2026-06-01T10:00', 'too-soon'],
      ['2026-09-01T10:00', 'too-far'],
      ['2026-06-20T11:00', 'not-in-timetable'],
      ['2026-07-04T10:00', 'closed'],
      ['next saturday', 'malformed'],
      ['2026-02-30T10:00', 'malformed'],
    ];
    const strict = { ...timetable, leadMinutes: 180 };
    for (const [slotId, reason] of cases) {
      expect(await bookings.hold('alpha', room({ slotId, timetable: strict }), NOW), slotId).toEqual({ refused: 'slot', reason });
    }
    // An hour already over today is past.
    expect(await bookings.hold('alpha', room({ slotId: '2026-06-01T10:00' }), Date.parse('2026-06-01T15:00:00Z'))).toEqual({ refused: 'slot', reason: 'past' });
  });

  it('books a slot on the day the clocks spring forward at the right instant', async () => {
    const { bookings } = await setUp();
    const now = Date.parse('2026-03-01T12:00:00Z');
    const night = { ...timetable, weekly: [{ days: ['saturday', 'sunday'], starts: ['02:30', '10:00'] }] };
    const before = held(await bookings.hold('alpha', room({ timetable: night, slotId: '2026-03-07T10:00' }), now)).held;
    const after = held(await bookings.hold('alpha', room({ timetable: night, slotId: '2026-03-08T10:00' }), now)).held;
    expect(before.startUtc).toBe('2026-03-07T15:00:00.000Z');
    expect(after).toMatchObject({ startUtc: '2026-03-08T14:00:00.000Z', endUtc: '2026-03-08T15:00:00.000Z' });
    // 02:30 does not exist that night: the slot is 03:30 EDT, and both names of it share one capacity.
    const skipped = held(await bookings.hold('alpha', room({ timetable: night, slotId: '2026-03-08T02:30' }), now)).held;
    expect(skipped).toMatchObject({ slotId: '2026-03-08T03:30', slot: 'pharaoh-room@2026-03-08T03:30', startUtc: '2026-03-08T07:30:00.000Z' });
    expect(await bookings.hold('alpha', room({ timetable: night, slotId: '2026-03-08T03:30' }), now)).toEqual({ refused: 'full', left: 0 });
  });
});

describe('lapsed holds', () => {
  it('frees the places of a hold after ten minutes, and a late confirmation is refused once someone else took them', async () => {
    const { bookings } = await setUp();
    const first = held(await bookings.hold('alpha', room(), NOW)).held;
    expect(await bookings.hold('alpha', room(), NOW + 10 * MINUTE - 1)).toEqual({ refused: 'full', left: 0 });
    const second = held(await bookings.hold('alpha', room({ contact: { name: 'Ben', email: 'ben@example.com' } }), NOW + 10 * MINUTE)).held;
    expect(await bookings.confirm('alpha', first.id, NOW + 11 * MINUTE)).toEqual({ refused: 'expired' });
    expect(await bookings.confirm('alpha', second.id, NOW + 12 * MINUTE)).toMatchObject({ status: 'confirmed' });
    expect(await bookings.release('alpha', NOW + 12 * MINUTE)).toBe(1);
    expect(await bookings.release('alpha', NOW + 13 * MINUTE)).toBe(0);
  });

  it('still confirms a late payment when nobody took the places meanwhile', async () => {
    const { bookings, store } = await setUp();
    const hold = held(await bookings.hold('alpha', room({ capacity: 2, places: 2 }), NOW)).held;
    expect(await bookings.release('alpha', NOW + 20 * MINUTE)).toBe(1);
    const confirmed = await bookings.confirm('alpha', hold.id, NOW + 30 * MINUTE);
    expect(confirmed).toMatchObject({ id: hold.id, status: 'confirmed', places: 2 });
    // Only the booking is left: no trace of the step that took its places back.
    const records = await (await store.tenant('alpha')).list('bookings');
    expect(records.map((r) => r.id)).toEqual([hold.id]);
    expect(await bookings.hold('alpha', room({ capacity: 2 }), NOW + 40 * MINUTE)).toEqual({ refused: 'full', left: 0 });
  });
});

describe('links and cancellation', () => {
  it('knows a booking only by a token this server signed for this site', async () => {
    const { bookings } = await setUp();
    const { held: hold, token } = held(await bookings.hold('alpha', room(), NOW));
    const other = new Bookings({ store: stores[0] as LowdbStore, signer: new Signer(Buffer.from('another key altogether, also 32+ bytes')) });
    const forged = [
      `booking:alpha:${hold.id}`,
      // one character of the signature changed (not the last, whose low bits base64 ignores)
      `${token.slice(0, -10)}${token.at(-10) === 'A' ? 'B' : 'A'}${token.slice(-9)}`,
      other.token('alpha', hold.id),
      bookings.token('beta', hold.id),
      `booking:alpha:${hold.id}.`,
      '',
    ];
    for (const t of forged) {
      expect(await bookings.byToken('alpha', t), t).toBeUndefined();
      expect(await bookings.cancel('alpha', t, { cancelHours: 24 }, NOW), t).toEqual({ refused: 'unknown' });
    }
    // The token of this site is not one of another site.
    expect(await bookings.byToken('beta', token)).toBeUndefined();
    expect(await bookings.byToken('alpha', 42)).toBeUndefined();
  });

  it('cancels 48 hours before with a refund and frees the slot; 2 hours before is too late', async () => {
    const { bookings } = await setUp();
    const start = Date.parse('2026-06-20T22:00:00.000Z');
    const { held: hold, token } = held(await bookings.hold('alpha', room(), NOW));
    await bookings.confirm('alpha', hold.id, NOW + MINUTE, { checkout: 'cs_1' });

    const late = await bookings.cancel('alpha', token, { cancelHours: 24 }, start - 2 * HOUR);
    expect(late).toEqual({ refused: 'too-late', deadline: '2026-06-19T22:00:00.000Z' });
    expect(await bookings.cancel('alpha', token, { cancelHours: 24 }, start - 24 * HOUR)).toEqual({
      refused: 'too-late',
      deadline: '2026-06-19T22:00:00.000Z',
    });

    const at = start - 48 * HOUR;
    expect(await bookings.hold('alpha', room(), at)).toEqual({ refused: 'full', left: 0 });
    const result = await bookings.cancel('alpha', token, { cancelHours: 24 }, at);
    expect(result).toMatchObject({
      refundable: true,
      cancelled: { id: hold.id, status: 'cancelled', checkout: 'cs_1', cancelledAt: new Date(at).toISOString() },
    });
    expect('held' in (await bookings.hold('alpha', room({ contact: { name: 'Ben', email: 'ben@example.com' } }), at))).toBe(true);
    // Cancelling again refunds nothing more, and a cancelled booking is not confirmed again.
    expect(await bookings.cancel('alpha', token, { cancelHours: 24 }, at + 1)).toMatchObject({ refundable: false, cancelled: { status: 'cancelled' } });
    expect(await bookings.confirm('alpha', hold.id, at + 2)).toEqual({ refused: 'cancelled' });
  });

  it('drops an unpaid hold at any time, with nothing to refund', async () => {
    const { bookings } = await setUp();
    const { held: hold, token } = held(await bookings.hold('alpha', room({ slotId: '2026-06-01T18:00' }), NOW));
    const result = await bookings.cancel('alpha', token, { cancelHours: 24 }, NOW + MINUTE);
    expect(result).toMatchObject({ refundable: false, cancelled: { id: hold.id, status: 'cancelled' } });
    expect(await bookings.confirm('alpha', hold.id, NOW + 2 * MINUTE)).toEqual({ refused: 'cancelled' });
    expect('held' in (await bookings.hold('alpha', room({ slotId: '2026-06-01T18:00' }), NOW + 2 * MINUTE))).toBe(true);
  });

  it('never lets a payment and a cancellation of the same hold both win', async () => {
    const { bookings } = await setUp();
    const { held: hold, token } = held(await bookings.hold('alpha', room(), NOW));
    const [confirmed, cancelled] = await Promise.all([
      bookings.confirm('alpha', hold.id, NOW + MINUTE),
      bookings.cancel('alpha', token, { cancelHours: 24 }, NOW + MINUTE),
    ]);
    expect(confirmed).toMatchObject({ status: 'confirmed' });
    // The cancellation ran after the confirmation: it cancels the booking, which is now paid, so refundable.
    expect(cancelled).toMatchObject({ refundable: true, cancelled: { status: 'cancelled' } });
    expect(await bookings.byToken('alpha', token)).toMatchObject({ status: 'cancelled' });
  });
});
