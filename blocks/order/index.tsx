import { cartRetention } from '../kits/selling/cart.ts';
import { defineBlock } from '../contract.ts';
import { orderAction } from './action.ts';
import { checkOrder } from './check.ts';
import { orderDesk } from './desk.ts';
import { releaseLapsed } from './kitchen.ts';
import { loadOrder } from './load.ts';
import { cartScope } from './offer.ts';
import { OrderPage } from './OrderPage.tsx';
import { orderPaid } from './paid.ts';
import { orderProps } from './schema.ts';
import { orders } from './records.ts';
import { carts } from '../kits/selling/records.ts';
import { orderStructuredData } from './structured-data.ts';
import { orderView } from './view.ts';

export const order = defineBlock({
  type: 'order',
  title: 'Online ordering',
  description:
    'Takes orders from a menu block for pickup (and delivery to listed ZIP codes): guests fill a cart that works without JavaScript, choose a time from the opening hours in 15-minute steps within the kitchen’s limit, and pay online or at pickup; the kitchen gets a printable ticket by e-mail and the guest a confirmation with a link to the order.',
  props: orderProps,
  Component: OrderPage,
  island: { module: './OrderPage.tsx', export: 'OrderPage' },
  islandProps: (props, ctx) => ({ view: orderView(props, ctx) }),
  perRequest: ['token'],
  action: orderAction,
  records: [carts, orders],
  deskBoards: [orderDesk],
  // Carts go after a week, as their cookie does; orders are kept a year for the restaurant's books.
  retain: (props) => [cartRetention(cartScope(props)), { kind: 'orders', where: { scope: cartScope(props) }, days: 366 }],
  example: {
    menu: '/menu',
    heading: 'Order for pickup',
    intro: 'Order by 8:30 pm and collect from the side door on Alder Street. Everything is cooked when you order it.',
    timeZone: 'America/Los_Angeles',
    slotMinutes: 15,
    leadMinutes: 30,
    daysAhead: 1,
    kitchen: { perSlot: 4 },
    minimum: 15,
    payment: ['online', 'at-pickup'],
    delivery: { postcodes: ['95731', '95732'], fee: 5, minimum: 40 },
    submit: 'Place order',
  },
  load: loadOrder,
  paid: orderPaid,
  // A lapsed hold already frees its time; this marks it so, for the data tools.
  async scheduled({ site, services, log, now }) {
    const released = await releaseLapsed(await services.store.tenant(site.prefix), now);
    if (released) log.info({ site: site.prefix, released }, 'unpaid orders marked expired');
  },
  check: checkOrder,
  structuredData: (props, site) => orderStructuredData(props, site),
});
