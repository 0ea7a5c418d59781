/**
 * Where visitors' data lives: per site, records of the kinds the kernel and the blocks declare (form
 * submissions, newsletter contacts, the ledger, bookings). Blocks and routes speak to this
 * interface only, so another adapter (PostgreSQL for several instances) can replace the embedded one.
 */
import type { Code } from '../config/codes.ts';

/**
 * The name of a kind of record (submissions, ledger, bookings). Kinds are not listed here: the
 * kernel declares its own (runtime/store/records.ts) and each block the ones it keeps (its
 * `records`); a store takes any kind whose name is well-formed (see isKindName).
 */
export type RecordKind = string;

/** A kind's name: a lowercase letter, then letters and digits (lowerCamel), at most 40 characters. */
const KIND_NAME = /^[a-z][a-zA-Z0-9]{0,39}$/;

export const isKindName = (kind: unknown): kind is RecordKind => typeof kind === 'string' && KIND_NAME.test(kind);

/** Refuses a malformed kind's name before a store reads or writes anything under it. */
export function checkKind(kind: unknown): RecordKind {
  if (isKindName(kind)) return kind;
  throw new StoreError(
    `${JSON.stringify(kind)} cannot be a kind of record: a kind's name is a lowercase letter followed by letters and digits (such as "orderSteps"), at most 40 characters. Nothing was read or written.`,
    'SW_RECORD_KIND',
  );
}

export interface StoredRecord {
  id: string;
  createdAt: string;
  [field: string]: unknown;
}

export interface TenantStore {
  /** Resolves only once the record is safely written. */
  add(kind: RecordKind, record: Record<string, unknown>): Promise<StoredRecord>;
  list(kind: RecordKind, where?: Record<string, unknown>): Promise<StoredRecord[]>;
  find(kind: RecordKind, where: Record<string, unknown>): Promise<StoredRecord | undefined>;
  /**
   * Changes the record's fields; undefined when there is none with that id. With `expect`, only
   * while each of its fields still has that value (undefined: the field is absent), checked and
   * written in one step: of two instances moving the same record on at once, one changes it and
   * the other gets undefined.
   */
  update(kind: RecordKind, id: string, patch: Record<string, unknown>, expect?: Record<string, unknown>): Promise<StoredRecord | undefined>;
  /**
   * Adds the record only while fewer than `capacity` records of that kind match `where` (and, with
   * `once`, none matches `where` and `once` together): the checks and the write are one step, so
   * concurrent posts can never overfill it or repeat.
   */
  addWithinCapacity(
    kind: RecordKind,
    where: Record<string, unknown>,
    capacity: number,
    record: Record<string, unknown>,
    once?: Record<string, unknown>,
  ): Promise<CapacityResult>;
  /**
   * Adds the record unless one matching `where` is there already (an idempotency key): checked
   * and written in one step, so the same event delivered many times at once is kept once.
   */
  addOnce(kind: RecordKind, where: Record<string, unknown>, record: Record<string, unknown>): Promise<OnceResult>;
  /**
   * Adds the record only if the sum of `field` over the records matching `where`, with this
   * record's own (negative) `field` added, stays at or above zero: a balance never goes below
   * zero, however many take from it at once.
   */
  addWithinBalance(
    kind: RecordKind,
    where: Record<string, unknown>,
    field: string,
    record: Record<string, unknown>,
    /** With it, a record matching it already there refuses this one ('repeat'): checked in the same step. */
    once?: Record<string, unknown>,
  ): Promise<BalanceResult>;
  /**
   * Takes places of a capacity in one step: the places already taken are the sum of `places` over
   * the records matching `where` that still hold them (a record with `expiresAt` at or before `now`
   * is a lapsed hold and holds nothing). The record is added only if its own `places` still fit.
   */
  takePlaces(
    kind: RecordKind,
    where: Record<string, unknown>,
    capacity: number,
    record: Record<string, unknown> & { places: number },
    now: number,
  ): Promise<PlacesResult>;
  /**
   * Takes places within several limits at once (a room's own places and the pool it shares with other
   * rooms), checked and written in one step: the record is added only if its own `places` fit every
   * limit. `left` is the fewest places any limit has left (after this record, when it was added).
   * `takePlaces` is this with one limit.
   */
  takePlacesWithin(
    kind: RecordKind,
    limits: readonly [PlaceLimit, ...PlaceLimit[]],
    record: Record<string, unknown> & { places: number },
    now: number,
  ): Promise<PlacesResult>;
  count(kind: RecordKind, where?: Record<string, unknown>): Promise<number>;
  /** Removes these records (a person's data, erased on request); resolves with how many were there, once written. */
  remove(kind: RecordKind, ids: readonly string[]): Promise<number>;
}

/**
 * What taking a place gives: the record, or why not. With `once`, a record matching both `where`
 * and `once` (the same e-mail address for the same event) refuses another: checked in the same
 * step as the count, so two posts at once cannot both pass.
 */
export type CapacityResult = { added: StoredRecord } | { refused: 'full' | 'repeat' };

export type PlacesResult = { added: StoredRecord; left: number } | { refused: 'full'; left: number };

/** Whether a record still holds its places at `now`: a booking does; a hold does until it expires. */
export const holdsPlaces = (record: Record<string, unknown>, now: number) => typeof record.expiresAt !== 'string' || Date.parse(record.expiresAt) > now;

/** One limit on places (see takePlacesWithin): what the records matching `where` hold must stay within `capacity`. */
export interface PlaceLimit {
  where: Record<string, unknown>;
  capacity: number;
  /**
   * Counts over time rather than all together: the names of the fields that hold each record's start
   * and end (ISO 8601 instants, such as '2026-06-20T15:00:00.000Z'). Only the records whose time
   * overlaps the new record's own count, at their busiest moment within it: one from 11:00 to 12:00
   * and one from 11:30 to 12:00 share the half hour; one ending at 12:00 and one starting then share
   * nothing. A counted record whose times cannot be read holds its places all the time; a new record
   * whose times cannot be read is refused.
   */
  overlap?: { start: string; end: string };
}

/** The instant a field of a record holds, or undefined when it holds none that can be read. */
function instantOf(record: Record<string, unknown>, field: string): number | undefined {
  const value = record[field];
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * The most places the records hold at any one moment from `from` to `to` (`to` itself left out), at
 * `now`: each record from its start to its end, read from the fields `overlap` names. A lapsed hold
 * holds nothing; a record whose times cannot be read holds its places all the time.
 */
export function peakPlaces(
  records: readonly Record<string, unknown>[],
  overlap: { start: string; end: string },
  from: number,
  to: number,
  now: number,
): number {
  const spans = records
    .filter((r) => holdsPlaces(r, now))
    .map((r) => {
      const [start, end] = [instantOf(r, overlap.start), instantOf(r, overlap.end)];
      const known = start !== undefined && end !== undefined && start < end;
      return { start: known ? start : -Infinity, end: known ? end : Infinity, places: sumOf([r], 'places') };
    })
    .filter((span) => span.start < to && span.end > from);
  // The busiest moment is at the start of the time asked about, or where one of the records starts within it.
  const moments = [from, ...spans.map((span) => span.start).filter((start) => start > from)];
  return Math.max(
    0,
    ...moments.map((at) =>
      sumOf(
        spans.filter((span) => span.start <= at && at < span.end),
        'places',
      ),
    ),
  );
}

/** The places one limit has left for a record about to take some, given the records that match its `where`. */
function leftUnder(limit: PlaceLimit, counted: readonly Record<string, unknown>[], record: Record<string, unknown>, now: number): number {
  if (!limit.overlap)
    return (
      limit.capacity -
      sumOf(
        counted.filter((r) => holdsPlaces(r, now)),
        'places',
      )
    );
  const [from, to] = [instantOf(record, limit.overlap.start), instantOf(record, limit.overlap.end)];
  if (from === undefined || to === undefined || !(from < to)) return 0;
  return limit.capacity - peakPlaces(counted, limit.overlap, from, to, now);
}

/**
 * What takePlacesWithin decides, the same in every store: `counted[i]` are the records matching
 * `limits[i].where`. Whether the record's places fit every limit, and the fewest places left.
 */
export function placesFit(
  limits: readonly PlaceLimit[],
  counted: readonly (readonly Record<string, unknown>[])[],
  record: Record<string, unknown> & { places: number },
  now: number,
): { fits: boolean; left: number } {
  if (!limits.length) throw new Error('Places are taken within at least one limit.');
  const left = Math.min(...limits.map((limit, i) => leftUnder(limit, counted[i] ?? [], record, now)));
  const places = record.places;
  if (!Number.isSafeInteger(places) || places < 1 || places > left) return { fits: false, left: Math.max(0, left) };
  return { fits: true, left: left - places };
}

export type OnceResult = { added: StoredRecord } | { existing: StoredRecord };
export type BalanceResult = { added: StoredRecord; balance: number } | { refused: 'balance' | 'repeat'; balance: number };

/** The sum of a numeric field over records (a balance in minor units); fields that are not integers count as 0. */
export const sumOf = (records: readonly Record<string, unknown>[], field: string) =>
  records.reduce((sum, r) => sum + (Number.isSafeInteger(r[field]) ? (r[field] as number) : 0), 0);

export interface Store {
  /** The records of one site; fails with StoreError when its data cannot be read. */
  tenant(prefix: string): Promise<TenantStore>;
  /** The sites that have stored anything, in order (for work over stored data without loading every site). */
  sitesWithData(): Promise<string[]>;
  close(): Promise<void>;
}

/** A problem with stored data that an operator must look at; the data is never overwritten. */
export class StoreError extends Error {
  constructor(
    message: string,
    readonly code: Extract<Code, 'SW_DATA_UNREADABLE' | 'SW_DATA_LOCKED' | 'SW_DATA_CHANGED' | 'SW_DATA_UNREACHABLE' | 'SW_SECRET_MISMATCH' | 'SW_RECORD_KIND'>,
  ) {
    super(message);
  }
}

export const matches = (record: Record<string, unknown>, where: Record<string, unknown> = {}) =>
  Object.entries(where).every(([key, value]) => record[key] === value);

/** Whether a record's fields still hold what an update expects (undefined: absent); values compared as JSON. */
export function stillHolds(record: Record<string, unknown>, expect: Record<string, unknown> | undefined): boolean {
  return Object.entries(expect ?? {}).every(([field, value]) => JSON.stringify(record[field]) === JSON.stringify(value));
}
