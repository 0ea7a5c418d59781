/**
 * A pool: places that several things booked draw on together (the two bikes a repair shop's bench
 * takes, whatever the service; the game masters of an escape-room house; a salon's chairs). A
 * booking block names it (`pool: { name, capacity }`), and every block of the site naming the same
 * pool shares it. A booking holds its places of the pool from its start to its end, so bookings of
 * different lengths share them only while they overlap; the store checks that in the same step as
 * the slot's own places (`takePlacesWithin`).
 */
import type { BlockIssue } from '../../contract.ts';
import { blocksIn } from '../../../runtime/config/blocks-in.ts';
import type { PlaceLimit } from '../../../runtime/store/store.ts';
import type { SiteData } from '../../../schema/site.ts';

/** A pool as a booking block names it. */
export interface Pool {
  name: string;
  /** Places it has at any one moment. */
  capacity: number;
}

/** Where a booking record keeps its times: the pool counts it from its start to its end. */
export const DURING = { start: 'startUtc', end: 'endUtc' } as const;

/** The pool a booking record draws on, as it was when the record was made. */
export function poolOf(record: Record<string, unknown>): Pool | undefined {
  const { pool, poolCapacity } = record;
  return typeof pool === 'string' && typeof poolCapacity === 'number' ? { name: pool, capacity: poolCapacity } : undefined;
}

/** The fields a booking record keeps about its pool (none without one). */
export const poolFields = (pool: Pool | undefined) => (pool ? { pool: pool.name, poolCapacity: pool.capacity } : {});

/** What a booking's places must fit, checked in one step: its slot's own places and, when it draws on a pool, the pool's at every moment it lasts. */
export function limitsOf(booking: { slot: string; capacity: number } & Record<string, unknown>): [PlaceLimit, ...PlaceLimit[]] {
  const pool = poolOf(booking);
  return [
    { where: { slot: booking.slot }, capacity: booking.capacity },
    ...(pool ? [{ where: { pool: pool.name }, capacity: pool.capacity, overlap: DURING }] : []),
  ];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A thing booked with more places in a slot than its pool has at all: the places past the pool's could never be booked. */
export function poolCapacityIssues(option: { capacity?: unknown; pool?: unknown }): BlockIssue[] {
  const { pool, capacity } = option;
  if (!isRecord(pool) || typeof pool.capacity !== 'number' || typeof capacity !== 'number' || capacity <= pool.capacity) return [];
  return [
    {
      path: ['capacity'],
      code: 'SW_OUT_OF_RANGE',
      detail: `Each time has ${capacity} places, but the pool "${String(pool.name)}" it draws on has only ${pool.capacity} at any moment: the rest could never be booked.`,
      fix: `lower capacity to ${pool.capacity} or less, or raise pool.capacity to ${capacity}.`,
      edit: { value: String(pool.capacity) },
    },
  ];
}

/**
 * A pool named by several booking blocks of the site with different sizes: one pool has one size, the
 * one given where it is first named, so a later block giving another is a mistake (shown at that block).
 */
export function poolSizeIssues(props: { pool?: unknown }, site: Partial<SiteData>): BlockIssue[] {
  const pool = props.pool;
  if (!isRecord(pool) || typeof pool.name !== 'string' || typeof pool.capacity !== 'number') return [];
  for (const { block, path } of blocksIn(site)) {
    if (block.type !== 'booking' || !isRecord(block.pool) || block.pool.name !== pool.name || typeof block.pool.capacity !== 'number') continue;
    if (block.pool.capacity === pool.capacity) return [];
    const page = path[0] === 'pages' && typeof path[1] === 'number' ? site.pages?.[path[1]]?.path : undefined;
    const named = [block.label, block.heading, block.resource].find((v) => typeof v === 'string');
    const first = `the booking block "${String(named)}"${typeof page === 'string' ? ` on ${page}` : ''}`;
    return [
      {
        path: ['pool', 'capacity'],
        code: 'SW_OUT_OF_RANGE',
        detail: `The pool "${pool.name}" has ${block.pool.capacity} places where it is first named (${first}), but ${pool.capacity} here: blocks naming one pool share its places, so they must give it the same size.`,
        fix: `write "capacity: ${block.pool.capacity}" here too, or give this block's pool another name if its places are not the same ones.`,
        edit: { value: String(block.pool.capacity) },
      },
    ];
  }
  return [];
}
