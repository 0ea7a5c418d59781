/**
 * What an order block sells and how its orders are kept: the dishes of the menus it points at (a
 * catalogue built once per site version), its cart's scope, the words for a time that cannot be
 * chosen, and the order a signed link names.
 */
import type { Catalogue } from '../kits/selling/pricing.ts';
import type { Signer } from '../../runtime/services/signing.ts';
import type { Site } from '../../runtime/site.ts';
import type { StoredRecord } from '../../runtime/store/store.ts';
import { menuCatalogue, menusAt, type MenuSectionEntry } from '../kits/menu/catalogue.ts';
import type { MenuProps } from '../kits/menu/schema.ts';
import { currencyOf, minorOf } from '../money.tsx';
import { kitchenTimetable } from './kitchen.ts';
import type { OrderProps, PaymentWay } from './schema.ts';
import type { Refusal, Timetable } from '../kits/scheduling/schedule.ts';

export interface Offer {
  catalogue: Catalogue;
  sections: MenuSectionEntry[];
  timetable: Timetable;
}

const offers = new WeakMap<Site, Map<string, Offer>>();

/** The dishes an order block offers and its pickup times: worked out once per site version (a site is frozen once loaded). */
export function offerOf(site: Site, props: OrderProps): Offer {
  let bySite = offers.get(site);
  if (!bySite) offers.set(site, (bySite = new Map<string, Offer>()));
  const key = JSON.stringify([props.menu, props.timeZone, props.slotMinutes, props.leadMinutes, props.daysAhead, props.closed]);
  let offer = bySite.get(key);
  if (!offer) {
    const menus = menusAt(site.data.pages, props.menu) as unknown as MenuProps[];
    offer = { ...menuCatalogue(menus, currencyOf(site)), timetable: kitchenTimetable(site.data.site.hours, props) };
    bySite.set(key, offer);
  }
  return offer;
}

/** Where the block's cart lines are kept: one cart per menu offered, whichever page shows it. */
export const cartScope = (props: OrderProps) => `order:${props.menu}`;

/** The key of a post's refused state for this block, and the name its forms carry. */
export const blockKey = (props: OrderProps) => `order:${props.menu}`;

/** The id on the page: the section's anchor and the prefix of its fields. */
export const ANCHOR = 'order';

export const minimumOf = (site: Site, props: OrderProps, delivery: boolean): number => {
  const amount = delivery ? (props.delivery?.minimum ?? props.minimum) : props.minimum;
  return amount === undefined ? 0 : minorOf(site, amount);
};

export const feeOf = (site: Site, props: OrderProps, delivery: boolean): number =>
  delivery && props.delivery?.fee !== undefined ? minorOf(site, props.delivery.fee) : 0;

/** How a pickup order may be paid, and a delivery order (online only: nobody takes cash at the door). */
export const waysFor = (props: OrderProps, delivery: boolean): PaymentWay[] => (delivery ? props.payment.filter((w) => w === 'online') : [...props.payment]);

const REASONS: Record<Refusal, string> = {
  malformed: 'it is not one of the times on this page. Please choose one from the list.',
  'not-in-timetable': 'we are not open then. Please choose one of the times listed, inside our opening hours.',
  closed: 'the kitchen is closed that day. Please choose another day.',
  'too-soon': 'that is too soon for the kitchen. Please choose a later time.',
  past: 'that time has passed. Please choose a later one.',
  'too-far': 'we do not take orders that far ahead yet.',
};

export const timeMessage = (reason: Refusal) => `That time cannot be chosen: ${REASONS[reason]}`;

/** A stored order. */
export interface OrderRecord extends StoredRecord {
  scope: string;
  number: string;
  status: 'held' | 'placed' | 'paid' | 'cancelled' | 'expired';
  slotId: string;
  startUtc: string;
  fulfilment: 'pickup' | 'delivery';
  payment: PaymentWay;
  name: string;
  email: string;
  phone?: string;
  note?: string;
  postcode?: string;
  address?: string;
  lines: { item: string; name: string; options: string[]; quantity: number; unit: number; total: number }[];
  subtotal: number;
  fee: number;
  total: number;
  currency: string;
  cart?: string;
  checkout?: string;
}

/** How far the kitchen has got with an order, as its desk moves it on one step at a time. */
export const STAGES = ['new', 'preparing', 'ready', 'collected'] as const;
export type Stage = (typeof STAGES)[number];

/** An order's stage; absent (an order from before stages, or untouched): new. */
export const stageOf = (order: OrderRecord): Stage => ((STAGES as readonly unknown[]).includes(order.stage) ? (order.stage as Stage) : 'new');

export const isOrder = (record: StoredRecord | undefined): record is OrderRecord =>
  record !== undefined && typeof record.number === 'string' && Array.isArray(record.lines) && typeof record.slotId === 'string';

/** The link token of an order: its id signed with the site, so it cannot be guessed nor used on another site. */
export const orderToken = (signer: Signer, prefix: string, id: string) => signer.sign(`order:${prefix}:${id}`);

/** The order id a link token names, when this server signed it for this site. */
export function orderIdOf(signer: Signer, prefix: string, token: unknown): string | undefined {
  if (typeof token !== 'string' || token.length > 200) return undefined;
  const head = `order:${prefix}:`;
  const value = signer.verify(token);
  return value?.startsWith(head) ? value.slice(head.length) || undefined : undefined;
}
