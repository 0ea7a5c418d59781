/**
 * An order as its buyer sees it through the signed link in their confirmation: read from the
 * ledger (what was ordered, paid or refunded, the codes of its gift cards), from its stock (still
 * held, sold, or gone back on sale) and from the steps the shop's desk recorded (packed, sent; ready
 * for collection, collected); never from anything in the link but the order's id.
 */
import { readCheckout } from '../../runtime/payments/ledger.ts';
import { formatMoneyExact } from '../../runtime/payments/money.ts';
import type { ActionServices } from '../contract.ts';
import type { Site } from '../../runtime/site.ts';
import { holdsPlaces } from '../../runtime/store/store.ts';
import { currencyOf } from '../money.tsx';
import { collectText } from './delivery.ts';
import { addressLines, orderFrom, orderNumber, orderOfToken, pickupOf, type Order } from './order.ts';
import type { OrderView } from './shop-view.ts';
import { stepOf, type ShopStep } from './steps.ts';
import { momentText } from '../../runtime/render/site-zone.ts';

/** Where a paid order stands, by the furthest step the desk recorded. */
function paidText(order: Order, step: ShopStep): string {
  const words: Record<ShopStep, string> = {
    new: order.delivery.method === 'collect' ? 'Paid: we are getting it ready, and e-mail you when it is ready to collect.' : 'Paid: we are getting it ready.',
    packed: 'Packed: your order leaves us soon.',
    sent: 'Sent: your order is on its way.',
    ready: `Ready for collection. ${collectText(pickupOf(order))}`,
    collected: 'Collected: thank you.',
    emailed: 'Paid: the gift cards have been e-mailed.',
  };
  return words[step];
}

/** Where the order goes, as its page heads and lists it: the address, where to collect it, or whom its gift cards were e-mailed to. */
function placeOf(order: Order): OrderView['place'] {
  const d = order.delivery;
  if (d.method === 'collect') return { heading: 'To collect', lines: [collectText({ where: d.where ?? '', ...(d.when ? { when: d.when } : {}) })] };
  if (order.address) return { heading: 'Delivered to', lines: [order.name, ...addressLines(order.address)] };
  const to = order.recipient ? `${order.recipient.name} (${order.recipient.email})` : order.email;
  return { heading: 'Gift cards', lines: [`E-mailed to ${to}.`] };
}

export async function orderStatus(site: Site, services: ActionServices, token: string): Promise<OrderView | undefined> {
  const id = orderOfToken(services.signer, site.prefix, token);
  if (!id) return undefined;
  const tenant = await services.store.tenant(site.prefix);
  const opened = (await tenant.list('ledger', { type: 'checkout-opened', purpose: 'shop' })).find((e) => orderFrom(e.details)?.order === id);
  const order = orderFrom(opened?.details);
  if (!opened || !order) return undefined;
  const view = await readCheckout(tenant, String(opened.checkout));
  const units = await tenant.list('stock', { order: id });
  const now = services.now();
  const held = units.some((u) => u.status === 'held' && holdsPlaces(u, now));
  // How far the shop has got with it, as its desk records.
  const step = stepOf(order, new Set((await tenant.list('orderSteps', { order: id })).map((s) => s.step)));
  const status =
    view?.status === 'refunded'
      ? 'Refunded: what you paid has gone back to your card.'
      : view?.status === 'paid'
        ? paidText(order, step)
        : view?.status === 'processing'
          ? 'Your bank is still confirming the payment.'
          : view?.status === 'failed'
            ? 'The payment did not go through: nothing was charged.'
            : held
              ? 'Waiting for your payment.'
              : 'Not paid: nothing was charged, and the items went back on sale.';
  const locale = site.data.site.language;
  const amount = (minor: number) => formatMoneyExact(minor, currencyOf(site), locale);
  const cards = (await tenant.list('ledger', { type: 'gift-issued', checkout: String(opened.checkout) })).map(
    (e) => `${String(e.account)}: ${amount(Number(e.amount))}`,
  );
  return {
    number: orderNumber(order.order),
    status,
    placed: momentText(site, opened.createdAt),
    lines: order.lines.map((l) => ({ name: l.name, quantity: l.quantity, total: amount(l.total) })),
    subtotal: amount(order.subtotal),
    delivery: { label: order.delivery.label, fee: order.delivery.fee ? amount(order.delivery.fee) : 'free' },
    total: amount(order.total),
    place: placeOf(order),
    ...(cards.length ? { cards } : {}),
  };
}
