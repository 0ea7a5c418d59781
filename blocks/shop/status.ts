/**
 * An order as its buyer sees it through the signed link in their confirmation: read from the
 * ledger (what was ordered, paid or refunded), from its stock (still held, sold, or gone back
 * on sale) and from the steps the shop's desk recorded (packed, sent); never from anything in the
 * link but the order's id.
 */
import { readCheckout } from '../../runtime/payments/ledger.ts';
import { formatMoneyExact } from '../../runtime/payments/money.ts';
import type { ActionServices } from '../contract.ts';
import type { Site } from '../../runtime/site.ts';
import { holdsPlaces } from '../../runtime/store/store.ts';
import { currencyOf } from '../money.tsx';
import { orderFrom, orderNumber, orderOfToken } from './order.ts';
import type { OrderView } from './shop-view.ts';
import { momentText } from '../../runtime/render/site-zone.ts';

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
  // How far the shop has got with it, as its desk records (packed, then sent).
  const steps = new Set((await tenant.list('orderSteps', { order: id })).map((s) => s.step));
  const status =
    view?.status === 'refunded'
      ? 'Refunded: what you paid has gone back to your card.'
      : view?.status === 'paid'
        ? steps.has('sent')
          ? 'Sent: your order is on its way.'
          : steps.has('packed')
            ? 'Packed: your order leaves us soon.'
            : 'Paid: we are getting it ready.'
        : view?.status === 'processing'
          ? 'Your bank is still confirming the payment.'
          : view?.status === 'failed'
            ? 'The payment did not go through: nothing was charged.'
            : held
              ? 'Waiting for your payment.'
              : 'Not paid: nothing was charged, and the items went back on sale.';
  const locale = site.data.site.language;
  const amount = (minor: number) => formatMoneyExact(minor, currencyOf(site), locale);
  const a = order.address;
  return {
    number: orderNumber(order.order),
    status,
    placed: momentText(site, opened.createdAt),
    lines: order.lines.map((l) => ({ name: l.name, quantity: l.quantity, total: amount(l.total) })),
    subtotal: amount(order.subtotal),
    delivery: { label: order.delivery.label, fee: order.delivery.fee ? amount(order.delivery.fee) : 'free' },
    total: amount(order.total),
    address: [order.name, a.street, `${a.town}, ${a.region} ${a.postalCode}`],
  };
}
