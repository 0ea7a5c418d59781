/**
 * The shop block's page on the owner's desk: its paid orders, newest first (refunded ones too,
 * marked so and left alone), each moved along one step forward at a time: new → packed → sent for
 * an order delivered, new → ready for collection → collected for one collected in store; an order
 * of gift cards alone was e-mailed when paid and has no step to take. At "sent" the buyer is
 * e-mailed once that it is on its way, at "ready for collection" that it is ready, where and when,
 * each with the link to their order. A gift card's codes are shown beside its line.
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
import { readyMail, sentMail } from './emails.ts';
import { addressLines, orderFrom, orderNumber, orderToken, type Order } from './order.ts';
import { ACTION, nextOf, stepOf, STEP_TEXT, type ShopStep } from './steps.ts';

/** A paid (or since refunded) order with what the ledger and its steps say about it. */
interface ShopOrder {
  order: Order;
  opened: StoredRecord;
  checkout: CheckoutView;
  /** The furthest step recorded. */
  step: ShopStep;
  /** The codes of the gift cards its payment issued, by the line's stock key. */
  cards: Map<string, string[]>;
}

/** The site's paid and refunded shop orders, newest first: the ledger and the steps each read once. */
async function shopOrders(input: DeskBoardInput): Promise<ShopOrder[]> {
  const tenant = await input.services.store.tenant(input.site.prefix);
  const ledger = await tenant.list('ledger');
  const checkouts = byCheckout(ledger);
  const recorded = new Map<string, Set<unknown>>();
  for (const s of await tenant.list('orderSteps')) if (typeof s.order === 'string') recorded.set(s.order, (recorded.get(s.order) ?? new Set()).add(s.step));
  const orders: ShopOrder[] = [];
  for (const opened of ledger) {
    if (opened.type !== 'checkout-opened' || opened.purpose !== 'shop') continue;
    const order = orderFrom(opened.details);
    const entries = checkouts.get(String(opened.checkout)) ?? [];
    const checkout = checkoutOf(entries);
    if (!order || !checkout || (checkout.status !== 'paid' && checkout.status !== 'refunded')) continue;
    orders.push({ order, opened, checkout, step: stepOf(order, recorded.get(order.order) ?? new Set()), cards: cardsOf(ledger, String(opened.checkout)) });
  }
  // The ledger is in the order entries were added: the last opened is the newest.
  return orders.reverse();
}

const paymentText = (checkout: CheckoutView) => (checkout.status === 'refunded' ? 'Refunded' : checkout.refunded > 0 ? 'Partly refunded' : 'Paid');

/** The codes of the gift cards a checkout's payment issued, by the order line they were for. */
function cardsOf(ledger: readonly StoredRecord[], checkout: string): Map<string, string[]> {
  const cards = new Map<string, string[]>();
  for (const e of ledger) {
    const line = (e.details as { orderLine?: unknown } | undefined)?.orderLine;
    if (e.type === 'gift-issued' && e.checkout === checkout && typeof line === 'string') cards.set(line, [...(cards.get(line) ?? []), String(e.account)]);
  }
  return cards;
}

function deliveryText(order: Order): string {
  const d = order.delivery;
  if (d.method === 'collect') return `${d.label}: ${order.name}${order.phone ? `, ${order.phone}` : ''}, from ${d.where ?? ''}`;
  if (d.method === 'email' || !order.address) return `${d.label}: ${order.recipient ? `${order.recipient.name} (${order.recipient.email})` : order.email}`;
  return `${d.label}: ${order.name}, ${addressLines(order.address).join(', ')}`;
}

const whatText = (order: Order, cards: Map<string, string[]>) =>
  order.lines.map((l) => `${l.quantity} × ${l.name}${cards.get(l.key)?.length ? ` (${cards.get(l.key)?.join(', ')})` : ''}`).join('; ');

export const shopDesk: DeskBoard = {
  slug: 'shop-orders',
  kind: 'ledger',
  label: 'Shop orders',
  intro:
    'The shop’s paid orders, newest first. Move each one along: new, packed, sent (the buyer is e-mailed that it is on its way); or, collected in store, new, ready for collection (the buyer is e-mailed where and when), collected. Gift cards are e-mailed with their codes when paid. Refunded orders are shown but not sent.',
  columns: ['Order', 'Placed', 'Who', 'E-mail', 'What', 'Delivery', 'Total', 'Payment', 'Stage'],
  async rows(input) {
    const { site } = input;
    const amount = (minor: number) => formatMoneyExact(minor, currencyOf(site), site.data.site.language);
    return (await shopOrders(input)).map(({ order, opened, checkout, step, cards }) => {
      const next = checkout.status === 'refunded' ? undefined : nextOf(order, step);
      return {
        id: order.order,
        cells: [
          orderNumber(order.order),
          deskTime(site, momentOf(opened)),
          order.name,
          order.email,
          whatText(order, cards),
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
    const next = nextOf(order, step);
    if (action !== next)
      return {
        refused: 422,
        problem: next
          ? `Order ${number} is ${STEP_TEXT[step].toLowerCase()}: it can only be moved on to ${STEP_TEXT[next].toLowerCase()}.`
          : `Order ${number} has been ${STEP_TEXT[step].toLowerCase()} already.`,
      };
    const tenant = await services.store.tenant(site.prefix);
    const at = new Date(services.now()).toISOString();
    // Checked and written in one step: of two presses at once, one adds the step and the other finds it there.
    const taken = await tenant.addOnce('orderSteps', { order: order.order, step: next }, { order: order.order, step: next, at });
    if ('existing' in taken) return { refused: 422, problem: `Order ${number} was marked ${STEP_TEXT[next].toLowerCase()} already.` };
    let told = '';
    const mail = next === 'sent' ? sentMail : next === 'ready' ? readyMail : undefined;
    if (mail) {
      const link = services.siteUrl(site, orderPath(site.prefix, String(opened.page), orderToken(services.signer, site.prefix, order.order)));
      told = await services.mailer
        .send({ to: order.email, ...mail(site, order, link), ...(site.data.site.email ? { replyTo: site.data.site.email } : {}) })
        .then(
          () => ', the buyer e-mailed',
          (error: Error) => {
            log.error({ site: site.prefix, order: order.order, step: next, err: error.message }, 'the buyer of an order moved on could not be e-mailed');
            return ', but the e-mail to the buyer could not be sent';
          },
        );
    }
    log.info({ site: site.prefix, order: order.order, step: next }, 'shop order moved on the desk');
    return { done: `moved order ${number} of ${order.name} to ${STEP_TEXT[next].toLowerCase()}${told}` };
  },
};
