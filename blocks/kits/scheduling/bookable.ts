/**
 * A bookable thing as the blocks that show or book it read a booking block's props: its timetable,
 * its places and group sizes, its price, and the choices it books on one page (the rooms of an
 * escape-room house, the classes of a studio), each taking the block's own where it gives none.
 * The booking block books them; a timetable shows their coming week.
 */
import type { BlockIssue } from '../../contract.ts';
import type { Site } from '../../../runtime/site.ts';
import { holdsPlaces, peakPlaces, sumOf, type Store } from '../../../runtime/store/store.ts';
import { DURING, type Pool } from './pool.ts';
import type { Slot, Timetable } from './schedule.ts';

/** How many people one booking can be for. */
export interface Party {
  min: number;
  max: number;
}

/** What a booking costs: per person or one price for the whole booking. */
export interface Price {
  perPerson?: number;
  perSlot?: number;
}

/** What is paid online to book when it is less than the price: one of a fixed amount, an amount for each one booked, or a share. */
export interface Deposit {
  perSlot?: number;
  perPerson?: number;
  percent?: number;
}

/** What a booking counts, one and more than one: { one: bike, other: bikes }. */
export interface Unit {
  one: string;
  other: string;
}

/** One of the things a block books, with what differs from the block's own timetable, places and price. */
export interface BookableChoice {
  resource: string;
  label: string;
  weekly?: Timetable['weekly'];
  durationMinutes?: number;
  closed?: string[];
  exceptions?: Timetable['exceptions'];
  capacity?: number;
  party?: Party;
  price?: Price;
  unit?: Unit;
  deposit?: Deposit;
}

export interface Bookable {
  /** The name its bookings are counted and kept under. */
  resource: string;
  label?: string;
  heading?: string;
  timetable: Timetable;
  /** Places in each slot: 1 means the whole thing goes to one group. */
  capacity: number;
  party: Party;
  price: Price;
  /** What a booking counts, when it is not people. */
  unit?: Unit;
  /** What is paid online to book, when it is less than the price. */
  deposit?: Deposit;
  choices?: BookableChoice[];
  /** Places every choice draws on together, with every other block naming the same pool (see pool.ts). */
  pool?: Pool;
}

/** One group takes the whole thing (an escape room, a court): it is "Available" rather than "1 place left". */
export const wholeRoom = (props: Pick<Bookable, 'capacity'>) => props.capacity === 1;

export const labelOf = (props: Bookable) => props.label ?? props.heading ?? props.resource;

/** The timetable as the schedule reads it (the YAML's, with its optional parts left out when absent). */
export const timetableOf = (props: Bookable): Timetable => props.timetable;

/**
 * What a block books, one entry per thing: the block itself when it has no choices, else each choice
 * with the block's timetable, places and price filled in where it gives none of its own.
 */
export function optionsOf<P extends Bookable>(props: P): [P, ...P[]] {
  const [first, ...rest] = props.choices ?? [];
  if (!first) return [props];
  return [first, ...rest].map((choice) => ({
    ...props,
    choices: undefined,
    resource: choice.resource,
    label: choice.label,
    timetable: {
      ...props.timetable,
      ...(choice.weekly ? { weekly: choice.weekly } : {}),
      ...(choice.durationMinutes !== undefined ? { durationMinutes: choice.durationMinutes } : {}),
      ...(choice.closed ? { closed: [...new Set([...(props.timetable.closed ?? []), ...choice.closed])] } : {}),
      ...(choice.exceptions
        ? {
            exceptions: [...(props.timetable.exceptions ?? []).filter((e) => !choice.exceptions?.some((own) => own.date === e.date)), ...choice.exceptions],
          }
        : {}),
    },
    capacity: choice.capacity ?? props.capacity,
    party: choice.party ?? props.party,
    price: choice.price ?? props.price,
    ...(choice.unit ? { unit: choice.unit } : {}),
    ...(choice.deposit ? { deposit: choice.deposit } : {}),
  })) as [P, ...P[]];
}

/**
 * The places left now in each of these slots of one thing booked: its own places less what confirmed
 * bookings and live holds take, and, when it draws on a pool, no more than the pool has free at its
 * busiest moment during the slot.
 */
export async function placesLeft(
  services: { store: Store },
  site: Site,
  props: Pick<Bookable, 'resource' | 'capacity' | 'pool'>,
  slots: readonly Slot[],
  now: number,
): Promise<number[]> {
  if (!slots.length) return [];
  const tenant = await services.store.tenant(site.prefix);
  const pool = props.pool;
  const pooled = pool ? await tenant.list('bookings', { pool: pool.name }) : [];
  const left: number[] = [];
  for (const slot of slots) {
    const holding = (await tenant.list('bookings', { slot: `${props.resource}@${slot.id}` })).filter((r) => holdsPlaces(r, now));
    const own = props.capacity - sumOf(holding, 'places');
    const shared = pool ? pool.capacity - peakPlaces(pooled, DURING, Date.parse(slot.startUtc), Date.parse(slot.endUtc), now) : own;
    left.push(Math.max(0, Math.min(own, shared)));
  }
  return left;
}

/** A party whose smallest group is larger than its largest, as a problem of the YAML (the booking block's and the trip builder's). */
export function partyOrderIssues(party: { min?: unknown; max?: unknown } | undefined): BlockIssue[] {
  const { min, max } = party ?? {};
  if (typeof min !== 'number' || typeof max !== 'number' || min <= max) return [];
  return [{ path: ['party', 'min'], code: 'SW_OUT_OF_RANGE', detail: `The smallest group (${min}) is larger than the largest (${max}).`, fix: 'swap them.' }];
}
