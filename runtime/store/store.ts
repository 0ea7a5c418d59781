/**
 * Where visitors' data lives: per site, a few kinds of records (form submissions, newsletter
 * contacts, registrations). Blocks and routes speak to this interface only, so another adapter
 * (PostgreSQL for several instances) can replace the embedded one.
 */
import type { Code } from '../config/codes.ts';

/**
 * The collections of records a site's store holds; blocks name the ones their server half writes.
 * The ledger holds every movement of money (see runtime/payments/ledger.ts): entries are only
 * ever added, never changed. Carts hold what visitors are choosing (item ids and quantities, no
 * personal data; see blocks/kits/selling/cart.ts). Stock holds the units of a shop's variants held for orders
 * being paid and sold (counts and order ids, no personal data; see blocks/kits/selling/stock.ts). Orders
 * hold what a guest ordered from a restaurant's kitchen and when (see blocks/order/). Order steps
 * say how far a paid shop order has come (packed, sent), one record per step since the order
 * itself lives on the append-only ledger (order ids, steps and times, no personal data; see
 * blocks/shop/desk.ts). The desk's
 * kinds belong to the site's owners, not its visitors (see runtime/desk/): sign-in links and
 * sessions (digests of their secrets only) and the activity list of what owners did.
 */
export const RECORD_KINDS = [
  'submissions',
  'registrations',
  'contacts',
  'ledger',
  'bookings',
  'carts',
  'stock',
  'orders',
  'orderSteps',
  'deskLinks',
  'deskSessions',
  'deskActivity',
] as const;
/** The kinds that hold what owners did on their desk, never what visitors sent. */
export const DESK_KINDS = ['deskLinks', 'deskSessions', 'deskActivity'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

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
    readonly code: Extract<Code, 'SW_DATA_UNREADABLE' | 'SW_DATA_LOCKED' | 'SW_DATA_CHANGED' | 'SW_DATA_UNREACHABLE' | 'SW_SECRET_MISMATCH'>,
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
