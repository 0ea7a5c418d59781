/**
 * Order numbers, a shop's and a restaurant's alike, in the one format of the numbers payers read
 * (runtime/payments/numbers.ts): "K7QM-3XPD". Shown, never looked up: an order is found by its own id.
 */
import { createHash, randomBytes } from 'node:crypto';
import { grouped, spell } from '../../../runtime/payments/numbers.ts';

/** A new order's number. */
export const newOrderNumber = () => grouped(spell(randomBytes(5), 8));

/** The number of an order known by an id of its own. */
export const orderNumberOf = (id: string) => grouped(spell(createHash('sha256').update(id).digest(), 8));
