/**
 * The shop block's page on the owner's desk: its paid orders, newest first (refunded ones too,
 * marked so and left alone), each moved along new → packed → sent, one step forward at a time. At
 * "sent" the buyer is e-mailed once that it is on its way, with the link to their order.
 *
 * An order lives on the ledger, which is only ever added to, so each step is a record of its own
 * (`orderSteps`: the order's id, the step and when) taken with `addOnce`: two owners pressing "Mark
 * sent" at the same moment, even on two servers, keep one step, and only the press whose record
 * was added e-mails the buyer.
 */
import { deskTime } from '../../runtime/desk/ui.ts';
import { byCheckout, checkoutOf, momentOf, type CheckoutView } from '../../runtime/payments/ledger.ts';
import { formatMoneyExact } from '../../runtime/payments/money.ts';
import type { StoredRecord } from '../../runtime/store/store.ts';
import { currencyOf } from '../money.tsx';
import type { DeskBoard, DeskBoardInput } from '../contract.ts';
import { orderPath } from './checkout.ts';
import { sentMail } from './emails.ts';
import { orderFrom, orderNumber, orderToken, type Order } from './order.ts';

/** Every way a shop delivers (shipping, local delivery) ends with the order sent; there is no collecting in person. */
export const SHOP_STEPS = ['new', 'packed', 'sent'] as const;
export type ShopStep = (typeof SHOP_STEPS)[number];

const ACTION: Record<ShopStep, string> = { new: '', packed: 'Mark packed', sent: 'Mark sent' };
const STEP_TEXT: Record<ShopStep, string> = { new: 'New', packed: 'Packed', sent: 'Sent' };

const isStep = (value: unknown): value is ShopStep => (SHOP_STEPS as readonly unknown[]).includes(value);
const nextOf = (step: ShopStep): ShopStep | undefined => SHOP_STEPS[SHOP_STEPS.indexOf(step) + 1];

/** A paid (or since refunded) order with what the ledger and its steps say about it. */
interface ShopOrder {
  order: Order;
  opened: StoredRecord;
  checkout: CheckoutView;
  /** The furthest step recorded; a step is only ever recorded after the one before it. */
  step: ShopStep;
}

/** The site's paid and refunded shop orders, newest first: the ledger and the steps each read once. */
async function shopOrders(input: DeskBoardInput): Promise<ShopOrder[]> {
  const tenant = await input.services.store.tenant(input.site.prefix);
  const ledger = await tenant.list('ledger');
  const checkouts = byCheckout(ledger);
  const reached = new Map<string, number>();
  for (const s of await tenant.list('orderSteps'))
    if (typeof s.order === 'string' && isStep(s.step)) reached.set(s.order, Math.max(reached.get(s.order) ?? 0, SHOP_STEPS.indexOf(s.step)));
  const orders: ShopOrder[] = [];
  for (const opened of ledger) {
    if (opened.type !== 'checkout-opened' || opened.purpose !== 'shop') continue;
    const order = orderFrom(opened.details);
    const checkout = checkoutOf(checkouts.get(String(opened.checkout)) ?? []);
    if (!order || !checkout || (checkout.status !== 'paid' && checkout.status !== 'refunded')) continue;
    orders.push({ order, opened, checkout, step: SHOP_STEPS[reached.get(order.order) ?? 0] ?? 'new' });
  }
  // The ledger is in the order entries were added: the last opened is the newest.
  return orders.reverse();
}

const paymentText = (checkout: CheckoutView) => (checkout.status === 'refunded' ? 'Refunded' : checkout.refunded > 0 ? 'Partly refunded' : 'Paid');

function deliveryText(order: Order): string {
  const a = order.address;
  const place = [a.street, a.town, [a.region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return `${order.delivery.label}: ${order.name}, ${place}`;
}

export const shopDesk: DeskBoard = {
  slug: 'shop-orders',
  kind: 'ledger',
  label: 'Shop orders',
  intro:
    'The shop’s paid orders, newest first. Move each one along: new, packed, sent (the buyer is e-mailed that it is on its way). Refunded orders are shown but not sent.',
  columns: ['Order', 'Placed', 'Who', 'E-mail', 'What', 'Delivery', 'Total', 'Payment', 'Stage'],
  async rows(input) {
    const { site } = input;
    const amount = (minor: number) => formatMoneyExact(minor, currencyOf(site), site.data.site.language);
    return (await shopOrders(input)).map(({ order, opened, checkout, step }) => {
      const next = checkout.status === 'refunded' ? undefined : nextOf(step);
      return {
        id: order.order,
        cells: [
          orderNumber(order.order),
          deskTime(site, momentOf(opened)),
          order.name,
          order.email,
          order.lines.map((l) => `${l.quantity} × ${l.name}`).join('; '),
          deliveryText(order),
          amount(order.total),
          paymentText(checkout),
          STEP_TEXT[step],
        ],
        actions: next ? [{ name: next, label: ACTION[next] }] : [],
      };
    });
  },
  async act(input, id, action) {
    const { site, services, log } = input;
    const found = (await shopOrders(input)).find((o) => o.order.order === id);
    if (!found) return { refused: 404, problem: 'There is no such paid order in this shop.' };
    const { order, opened, checkout, step } = found;
    const number = orderNumber(order.order);
    if (checkout.status === 'refunded') return { refused: 422, problem: `Order ${number} was refunded, so it is not to be sent.` };
    const next = nextOf(step);
    if (action !== next)
      return {
        refused: 422,
        problem: next
          ? `Order ${number} is ${STEP_TEXT[step].toLowerCase()}: it can only be moved on to ${STEP_TEXT[next].toLowerCase()}.`
          : `Order ${number} has been sent already.`,
      };
    const tenant = await services.store.tenant(site.prefix);
    const at = new Date(services.now()).toISOString();
    // Checked and written in one step: of two presses at once, one adds the step and the other finds it there.
    const taken = await tenant.addOnce('orderSteps', { order: order.order, step: next }, { order: order.order, step: next, at });
    if ('existing' in taken) return { refused: 422, problem: `Order ${number} was marked ${STEP_TEXT[next].toLowerCase()} already.` };
    let told = '';
    if (next === 'sent') {
      const link = services.siteUrl(site, orderPath(site.prefix, String(opened.page), orderToken(services.signer, site.prefix, order.order)));
      told = await services.mailer
        .send({ to: order.email, ...sentMail(site, order, link), ...(site.data.site.email ? { replyTo: site.data.site.email } : {}) })
        .then(
          () => ', the buyer e-mailed',
          (error: Error) => {
            log.error({ site: site.prefix, order: order.order, err: error.message }, 'the buyer of a sent order could not be e-mailed');
            return ', but the e-mail to the buyer could not be sent';
          },
        );
    }
    log.info({ site: site.prefix, order: order.order, step: next }, 'shop order moved on the desk');
    return { done: `moved order ${number} of ${order.name} to ${STEP_TEXT[next].toLowerCase()}${told}` };
  },
};
