/**
 * An order of a shop, as it is kept on the checkout's opening entry in the ledger (`details`): the
 * lines priced from the YAML (a gift card's with the terms its codes are issued on), the delivery
 * and its fee (where and when, to collect in store), the buyer's name and address (none to collect
 * or for gift cards alone), and who its gift cards are for. Its status is read from the ledger
 * (paid, refunded) and from its stock (held, sold, released); a signed link lets the buyer see it.
 */
import { randomBytes } from 'node:crypto';
import type { Signer } from '../../runtime/services/signing.ts';
import { orderNumberOf } from '../kits/selling/order-number.ts';
import type { DeliveryMethod } from './delivery.ts';

export interface OrderLine {
  /** The variant's stock key. */
  key: string;
  product: string;
  sku: string;
  name: string;
  quantity: number;
  /** Minor units. */
  unit: number;
  total: number;
  /** A gift card's: a code worth `unit` is issued for each one, on these terms. */
  gift?: GiftCardTerms;
}

/** What a gift card's codes are issued with, as the product said when it was ordered. */
export interface GiftCardTerms {
  codePrefix: string;
  validMonths?: number;
  redeem?: string;
}

export interface OrderDelivery {
  method: DeliveryMethod;
  label: string;
  fee: number;
  /** To collect in store: where, and when. */
  where?: string;
  when?: string;
}

/** Who an order's gift cards are e-mailed to, when not to the buyer. */
export interface GiftRecipient {
  name: string;
  email: string;
  message: string;
}

export interface OrderAddress {
  street: string;
  town: string;
  region: string;
  postalCode: string;
}

export interface Order {
  order: string;
  collection: string;
  /** The cart it was made from, emptied once it is paid. */
  cart?: string;
  lines: OrderLine[];
  delivery: OrderDelivery;
  subtotal: number;
  total: number;
  name: string;
  email: string;
  phone?: string;
  /** Where it is delivered; none to collect in store, or for gift cards alone. */
  address?: OrderAddress;
  recipient?: GiftRecipient;
}

export const newOrderId = () => randomBytes(12).toString('hex');

/** The order's number as people quote it, in the one format of every number a payer reads: "K7QM-3XPD". */
export const orderNumber = (order: string) => orderNumberOf(order);

/** The token of an order's status link: its id signed for this site, so it cannot be guessed nor used on another site. */
export const orderToken = (signer: Signer, prefix: string, order: string) => signer.sign(`order:${prefix}:${order}`);

/** The order a status link names, when this server signed it for this site. */
export function orderOfToken(signer: Signer, prefix: string, token: unknown): string | undefined {
  if (typeof token !== 'string' || token.length > 200) return undefined;
  const value = signer.verify(token);
  const head = `order:${prefix}:`;
  const id = value?.startsWith(head) ? value.slice(head.length) : undefined;
  return id && /^[0-9a-f]{24}$/.test(id) ? id : undefined;
}

/** An order read back from a ledger entry's details; undefined when they are not an order. */
export function orderFrom(details: unknown): Order | undefined {
  const d = details as Partial<Order> | undefined;
  if (!d || typeof d.order !== 'string' || !Array.isArray(d.lines) || !d.delivery) return undefined;
  return d as Order;
}

/** The lines of an address, after the name: "418 Ferris Street", "Larkfield, OH 45318". */
export function addressLines(a: OrderAddress): string[] {
  return [a.street, [a.town, [a.region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')];
}

/** Where and when an order collected in store is collected, as it kept them when it was placed. */
export const pickupOf = (order: Order): { where: string; when?: string } => ({
  where: order.delivery.where ?? '',
  ...(order.delivery.when ? { when: order.delivery.when } : {}),
});
