/**
 * The kitchen's pickup times and how full each is. Times come from the site's opening hours, one
 * every `slotMinutes` from opening until that long before closing, in the restaurant's zone (the
 * schedule core turns them into instants, daylight saving included). Each order takes one place
 * of its time with the store's `takePlaces`, counted in one step, so a time never gets more
 * orders than the kitchen's limit however many arrive at once; an order waiting for its payment
 * holds its place until `expiresAt`.
 */
import { bookableDates, slotById, slotsOn, type Refusal, type Slot, type Timetable } from '../kits/scheduling/schedule.ts';
import { holdsPlaces, type StoredRecord, type TenantStore } from '../../runtime/store/store.ts';
import type { SiteData } from '../../schema/site.ts';
import type { OrderProps } from './schema.ts';

/** How long an order waiting for its online payment keeps its place. */
export const HOLD_MINUTES = 20;
const MINUTE = 60_000;

type Hours = NonNullable<SiteData['site']['hours']>;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Every `step` minutes from `opens` until `step` before `closes` ("17:00"–"18:00" by 15: 17:00, 17:15, 17:30, 17:45); hours past midnight end at midnight. */
export function startsBetween(opens: string, closes: string, step: number): string[] {
  const from = minutesOf(opens);
  const to = minutesOf(closes) > from ? minutesOf(closes) : 24 * 60;
  const starts: string[] = [];
  for (let m = from; m + step <= to; m += step) starts.push(clock(m));
  return starts;
}

/** The pickup times of the site's hours as a timetable the schedule core reads. */
export function kitchenTimetable(hours: Hours | undefined, props: OrderProps): Timetable {
  return {
    timeZone: props.timeZone,
    weekly: (hours ?? []).map((h) => ({ days: [...h.days], starts: startsBetween(h.opens, h.closes, props.slotMinutes) })),
    durationMinutes: props.slotMinutes,
    leadMinutes: props.leadMinutes,
    horizonDays: props.daysAhead,
    ...(props.closed ? { closed: props.closed } : {}),
  };
}

/** The store key of a pickup time: one kitchen per site, whichever page the order came from. */
export const slotKey = (slotId: string) => `kitchen@${slotId}`;

/** Orders holding a place in each time now, by slot id. */
export async function takenBySlot(tenant: TenantStore, now: number): Promise<Map<string, number>> {
  const taken = new Map<string, number>();
  for (const record of await tenant.list('orders'))
    if (typeof record.slot === 'string' && record.slot.startsWith('kitchen@') && holdsPlaces(record, now)) {
      const id = record.slot.slice('kitchen@'.length);
      taken.set(id, (taken.get(id) ?? 0) + (Number.isSafeInteger(record.places) ? (record.places as number) : 0));
    }
  return taken;
}

/** A pickup time with how many more orders it takes. */
export interface OpenTime extends Slot {
  left: number;
}

/** The days that can be chosen and their times, each with its places left. */
export async function openTimes(tenant: TenantStore, timetable: Timetable, capacity: number, now: number): Promise<{ date: string; times: OpenTime[] }[]> {
  const taken = await takenBySlot(tenant, now);
  return bookableDates(timetable, now).map((date) => ({
    date,
    times: slotsOn(timetable, date, now).map((slot) => ({ ...slot, left: Math.max(0, capacity - (taken.get(slot.id) ?? 0)) })),
  }));
}

/** The first time after `slotId` that still takes an order, for an order whose time has just filled. */
export async function nextFreeTime(tenant: TenantStore, timetable: Timetable, capacity: number, slotId: string, now: number): Promise<OpenTime | undefined> {
  for (const day of await openTimes(tenant, timetable, capacity, now)) {
    const free = day.times.find((t) => t.id > slotId && t.left > 0);
    if (free) return free;
  }
  return undefined;
}

export type TimeCheck = Slot | { refused: Refusal };

/** The pickup time an id names, if orders can be taken for it now. */
export const pickupTime = (timetable: Timetable, id: unknown, now: number): TimeCheck => slotById(timetable, id, now);

/** Takes one place of a pickup time for the order, or says it is full. The record is the order itself. */
export async function takeTime(
  tenant: TenantStore,
  slot: Slot,
  capacity: number,
  order: Record<string, unknown>,
  hold: boolean,
  now: number,
): Promise<StoredRecord | { refused: 'full' }> {
  const record = {
    ...order,
    slot: slotKey(slot.id),
    slotId: slot.id,
    startUtc: slot.startUtc,
    places: 1,
    capacity,
    ...(hold ? { expiresAt: new Date(now + HOLD_MINUTES * MINUTE).toISOString() } : {}),
  };
  const taken = await tenant.takePlaces('orders', { slot: record.slot }, capacity, record, now);
  return 'refused' in taken ? { refused: 'full' } : taken.added;
}

/**
 * Makes a held order keep its place for good once paid. A hold that lapsed while the guest paid
 * (marked expired or not)
 * gets its place back when nobody has taken it since (through a short claim counted like an
 * order); otherwise 'full'. Confirming twice gives the same order.
 */
export async function keepTime(
  tenant: TenantStore,
  id: string,
  patch: Record<string, unknown>,
  now: number,
): Promise<StoredRecord | { refused: 'full' | 'unknown' }> {
  const record = await tenant.find('orders', { id });
  if (!record || typeof record.slot !== 'string') return { refused: 'unknown' };
  if (record.status !== 'held' && record.status !== 'expired') return record;
  const done = { ...patch, expiresAt: undefined };
  if (holdsPlaces(record, now)) return (await tenant.update('orders', id, done)) ?? { refused: 'unknown' };
  const capacity = Number.isSafeInteger(record.capacity) ? (record.capacity as number) : 1;
  const claim = await tenant.takePlaces(
    'orders',
    { slot: record.slot },
    capacity,
    { slot: record.slot, places: 1, status: 'claim', claims: id, expiresAt: new Date(now + MINUTE).toISOString() },
    now,
  );
  if ('refused' in claim) return { refused: 'full' };
  try {
    return (await tenant.update('orders', id, done)) ?? { refused: 'unknown' };
  } finally {
    await tenant.remove('orders', [claim.added.id]);
  }
}

/** Marks the orders whose hold lapsed unpaid as expired (house-keeping: a lapsed hold already holds nothing); returns how many. */
export async function releaseLapsed(tenant: TenantStore, now: number): Promise<number> {
  let count = 0;
  for (const record of await tenant.list('orders', { status: 'held' }))
    if (!holdsPlaces(record, now) && (await tenant.update('orders', record.id, { status: 'expired' }))) count++;
  return count;
}
