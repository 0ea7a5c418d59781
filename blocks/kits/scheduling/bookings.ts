/**
 * Bookings of a site: a visitor holds places of a slot for a few minutes (while paying), the hold is confirmed (paid),
 * and a booking can be looked at or cancelled through a signed link. Places are counted by the store in one step
 * (`takePlacesWithin`), so a slot is never sold past its capacity, nor a pool it shares with other slots (pool.ts)
 * past the pool's at any moment, however many visitors ask at once.
 *
 * A booking is a `bookings` record of the site's store:
 *
 * - held: `expiresAt` is when the hold lapses; until then it holds its places, afterwards it holds nothing;
 * - confirmed: no `expiresAt`, so it holds its places for good;
 * - cancelled: `expiresAt` is when it was cancelled, so it holds nothing from then on;
 * - expired: a lapsed hold, marked by `release` (house-keeping only: a lapsed hold already holds nothing).
 *
 * Every method takes the current instant `now` (epoch milliseconds).
 */

import type { Signer } from '../../../runtime/services/signing.ts';
import { holdsPlaces, type Store, type StoredRecord, type TenantStore } from '../../../runtime/store/store.ts';
import { limitsOf, poolFields, poolOf, type Pool } from './pool.ts';
import { slotById, type Refusal, type Timetable } from './schedule.ts';

export const DEFAULT_HOLD_MINUTES = 10;

const MINUTE = 60_000;
const HOUR = 3_600_000;
/** How long a confirmation that takes back a lapsed hold's places keeps them while it writes (a crash in between frees them after this). */
const CLAIM_MS = MINUTE;

export type BookingStatus = 'held' | 'confirmed' | 'cancelled' | 'expired';

export interface BookingRecord extends StoredRecord {
  /** The bookable thing, as the site names it (an escape room, a class). */
  resource: string;
  /** `<resource>@<slotId>`: the capacity counted together. */
  slot: string;
  /** The slot's id as the clocks show its start ('2026-03-08T10:00'). */
  slotId: string;
  startUtc: string;
  endUtc: string;
  /** Places taken (the party size). */
  places: number;
  /** The slot's capacity when the hold was taken: a late confirmation counts against it. */
  capacity: number;
  /** The pool it draws on from its start to its end, and the pool's places when the hold was taken (see pool.ts). */
  pool?: string;
  poolCapacity?: number;
  name: string;
  email: string;
  status: BookingStatus;
  /** ISO instant after which the record holds no places (a hold's end, a cancellation); absent on a confirmed booking. */
  expiresAt?: string;
  confirmedAt?: string;
  cancelledAt?: string;
}

export interface HoldRequest {
  resource: string;
  timetable: Timetable;
  /** Places the slot has in all. */
  capacity: number;
  /** Places shared with other things booked, which this booking also draws on for as long as it lasts. */
  pool?: Pool;
  slotId: string;
  /** The party size. */
  places: number;
  /** Smallest party (default 1). */
  minParty?: number;
  /** Largest party (default the capacity). */
  maxParty?: number;
  contact: { name: string; email: string };
}

/** Why a hold was not taken, for the page to show beside the field at fault. */
export type HoldRefusal = { refused: 'slot'; reason: Refusal } | { refused: 'party'; min: number; max: number } | { refused: 'full'; left: number };

export type HoldResult = { held: BookingRecord; token: string } | HoldRefusal;

/** `expired`: the hold lapsed and its places went to someone else; `cancelled`: the visitor cancelled it before it was confirmed. */
export type ConfirmResult = BookingRecord | { refused: 'expired' | 'unknown' | 'cancelled' };

export type CancelResult = { cancelled: BookingRecord; refundable: boolean } | { refused: 'too-late'; deadline: string } | { refused: 'unknown' };

/** Fields a confirmation's extra details never overwrite. */
const OWN_FIELDS = new Set([
  'id',
  'createdAt',
  'resource',
  'slot',
  'slotId',
  'startUtc',
  'endUtc',
  'places',
  'capacity',
  'pool',
  'poolCapacity',
  'name',
  'email',
  'status',
  'expiresAt',
  'confirmedAt',
  'cancelledAt',
]);

const iso = (ms: number): string => new Date(ms).toISOString();

const isBooking = (r: StoredRecord | undefined): r is BookingRecord =>
  r !== undefined && typeof r.slot === 'string' && ['held', 'confirmed', 'cancelled', 'expired'].includes(r.status as string);

export class Bookings {
  private readonly store: Store;
  private readonly signer: Signer;
  private readonly holdMs: number;
  /** One change at a time per booking (confirm, cancel, release), so a payment and a cancellation never interleave. */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor({ store, signer, holdMinutes = DEFAULT_HOLD_MINUTES }: { store: Store; signer: Signer; holdMinutes?: number }) {
    this.store = store;
    this.signer = signer;
    this.holdMs = holdMinutes * MINUTE;
  }

  /** Holds places of a slot for `holdMinutes`, or says why not. */
  async hold(prefix: string, request: HoldRequest, now: number): Promise<HoldResult> {
    const slot = slotById(request.timetable, request.slotId, now);
    if ('refused' in slot) return { refused: 'slot', reason: slot.refused };
    const min = request.minParty ?? 1;
    const max = request.maxParty ?? request.capacity;
    const places = request.places;
    if (!Number.isSafeInteger(places) || places < Math.max(1, min) || places > max) return { refused: 'party', min, max };

    const key = `${request.resource}@${slot.id}`;
    const record = {
      resource: request.resource,
      slot: key,
      slotId: slot.id,
      startUtc: slot.startUtc,
      endUtc: slot.endUtc,
      places,
      capacity: request.capacity,
      ...poolFields(request.pool),
      name: request.contact.name.trim(),
      email: request.contact.email.trim(),
      status: 'held' as const,
      expiresAt: iso(now + this.holdMs),
    };
    const tenant = await this.store.tenant(prefix);
    const taken = await tenant.takePlacesWithin('bookings', limitsOf(record), record, now);
    if ('refused' in taken) return { refused: 'full', left: taken.left };
    const held = taken.added as BookingRecord;
    return { held, token: this.token(prefix, held.id) };
  }

  /** The link token of a booking: its id signed with the site, so it cannot be guessed nor used on another site. */
  token(prefix: string, id: string): string {
    return this.signer.sign(`booking:${prefix}:${id}`);
  }

  /**
   * Confirms a hold (once paid), with `extra` details kept on the record (a checkout's id). A hold that lapsed still
   * gets its places when nobody has taken them meanwhile; otherwise `expired`. Confirming twice gives the same booking.
   */
  async confirm(prefix: string, id: string, now: number, extra: Record<string, unknown> = {}): Promise<ConfirmResult> {
    return this.exclusive(prefix, id, async (): Promise<ConfirmResult> => {
      const tenant = await this.store.tenant(prefix);
      const record = await tenant.find('bookings', { id });
      if (!isBooking(record)) return { refused: 'unknown' };
      if (record.status === 'confirmed') return record;
      if (record.status === 'cancelled') return { refused: 'cancelled' };

      const details = Object.fromEntries(Object.entries(extra).filter(([k]) => !OWN_FIELDS.has(k)));
      const patch = { ...details, status: 'confirmed', expiresAt: undefined, confirmedAt: iso(now) };
      if (holdsPlaces(record, now)) return await this.change(tenant, id, patch);

      // The hold lapsed: take its places again in one step (its pool's too), through a short claim, then make the booking hold them for good.
      const pool = poolOf(record);
      const claim = await tenant.takePlacesWithin(
        'bookings',
        limitsOf(record),
        {
          slot: record.slot,
          places: record.places,
          status: 'claim',
          claims: id,
          expiresAt: iso(now + CLAIM_MS),
          ...(pool ? { ...poolFields(pool), startUtc: record.startUtc, endUtc: record.endUtc } : {}),
        },
        now,
      );
      if ('refused' in claim) return { refused: 'expired' };
      try {
        return await this.change(tenant, id, patch);
      } finally {
        await tenant.remove('bookings', [claim.added.id]);
      }
    });
  }

  /** The booking a link token names, when this server signed it for this site. */
  async byToken(prefix: string, token: unknown): Promise<BookingRecord | undefined> {
    const id = this.idOf(prefix, token);
    if (!id) return undefined;
    const record = await (await this.store.tenant(prefix)).find('bookings', { id });
    return isBooking(record) ? record : undefined;
  }

  /**
   * Cancels a booking through its link. A confirmed booking can be cancelled until `cancelHours` before it starts,
   * and is then refundable; a hold not yet paid can always be dropped (nothing to refund). A cancelled booking holds
   * no places from `now` on. Cancelling again gives the cancelled booking, not refundable a second time.
   */
  async cancel(prefix: string, token: unknown, { cancelHours }: { cancelHours: number }, now: number): Promise<CancelResult> {
    const id = this.idOf(prefix, token);
    if (!id) return { refused: 'unknown' };
    return this.exclusive(prefix, id, async (): Promise<CancelResult> => {
      const tenant = await this.store.tenant(prefix);
      const record = await tenant.find('bookings', { id });
      if (!isBooking(record)) return { refused: 'unknown' };
      if (record.status === 'cancelled') return { cancelled: record, refundable: false };
      const confirmed = record.status === 'confirmed';
      const deadline = Date.parse(record.startUtc) - cancelHours * HOUR;
      if (confirmed && !(now < deadline)) return { refused: 'too-late', deadline: iso(deadline) };
      const cancelled = await this.change(tenant, id, { status: 'cancelled', expiresAt: iso(now), cancelledAt: iso(now) });
      return { cancelled, refundable: confirmed };
    });
  }

  /** Marks the holds that lapsed by `now` as expired; returns how many. */
  async release(prefix: string, now: number): Promise<number> {
    const tenant = await this.store.tenant(prefix);
    const lapsed = (await tenant.list('bookings', { status: 'held' })).filter((r) => !holdsPlaces(r, now));
    let count = 0;
    for (const { id } of lapsed) {
      const marked = await this.exclusive(prefix, id, async () => {
        const record = await tenant.find('bookings', { id });
        if (!isBooking(record) || record.status !== 'held' || holdsPlaces(record, now)) return false;
        await tenant.update('bookings', id, { status: 'expired' });
        return true;
      });
      if (marked) count++;
    }
    return count;
  }

  /** Changes a booking and gives a copy of it as written (an adapter may hand back its own live record). */
  private async change(tenant: TenantStore, id: string, patch: Record<string, unknown>): Promise<BookingRecord> {
    const changed = await tenant.update('bookings', id, patch);
    if (!changed) throw new Error(`The booking ${id} disappeared while it was being changed.`);
    return { ...changed } as BookingRecord;
  }

  private idOf(prefix: string, token: unknown): string | undefined {
    if (typeof token !== 'string') return undefined;
    const value = this.signer.verify(token);
    const head = `booking:${prefix}:`;
    if (!value?.startsWith(head)) return undefined;
    const id = value.slice(head.length);
    return id || undefined;
  }

  private exclusive<T>(prefix: string, id: string, work: () => Promise<T>): Promise<T> {
    const key = `${prefix}\n${id}`;
    const next = (this.locks.get(key) ?? Promise.resolve()).then(work, work);
    const tail = next.catch(() => {});
    this.locks.set(key, tail);
    void tail.then(() => {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    });
    return next;
  }
}

const cores = new WeakMap<object, Bookings>();

/**
 * The booking core of a server (its services): one per server, shared by every block that books,
 * so that a payment and a cancellation of one booking take turns.
 */
export function bookingsOf(services: { store: Store; signer: Signer }): Bookings {
  let core = cores.get(services);
  if (!core) cores.set(services, (core = new Bookings({ store: services.store, signer: services.signer })));
  return core;
}
