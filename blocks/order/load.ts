/**
 * What the order page reads for one visitor: the lines of their cart (by its cookie), the pickup
 * times with what the kitchen has left, and the order a signed `?order=` link names.
 */
import { cartsOf, type CartLine } from '../kits/selling/cart.ts';
import { cartIdOf } from '../kits/selling/cookie.ts';
import type { ActionServices } from '../contract.ts';
import type { Site } from '../../runtime/site.ts';
import type { LoadInput, VisitorCookies } from '../contract.ts';
import { openTimes, type OpenTime } from './kitchen.ts';
import { cartScope, isOrder, offerOf, orderIdOf, type OrderRecord } from './offer.ts';
import type { OrderProps } from './schema.ts';

export interface OrderLoaded {
  lines: CartLine[];
  days: { date: string; times: OpenTime[] }[];
  /** When it was read (the services' clock): what "today" is. */
  now: number;
  /** The order a link names (what its guest may see of it). */
  placed?: OrderRecord;
  /** A link with `?order=` that names no order of this site. */
  unknownOrder?: boolean;
}

/** The cart and the times, as the page shows them to this visitor now. */
export async function loadCart(site: Site, props: OrderProps, cookies: VisitorCookies, services: ActionServices): Promise<OrderLoaded> {
  const now = services.now();
  const tenant = await services.store.tenant(site.prefix);
  const [lines, days] = await Promise.all([
    cartsOf(services.store).lines(site.prefix, cartScope(props), cartIdOf(cookies)),
    openTimes(tenant, offerOf(site, props).timetable, props.kitchen.perSlot, now),
  ]);
  return { lines, days, now };
}

export async function loadOrder({ site, props, query, cookies, services }: LoadInput<OrderProps>): Promise<OrderLoaded> {
  if (query.order !== undefined) {
    const id = orderIdOf(services.signer, site.prefix, query.order);
    const record = id ? await (await services.store.tenant(site.prefix)).find('orders', { id }) : undefined;
    const now = services.now();
    if (!isOrder(record)) return { lines: [], days: [], now, unknownOrder: true };
    return { lines: [], days: [], now, placed: record };
  }
  return loadCart(site, props, cookies, services);
}
