/**
 * What a paid shop order becomes: its held units sold for good, the cart emptied, its gift cards
 * issued and e-mailed, the business sent the order to pack and the buyer a confirmation with the
 * link to their order and their cards' codes. An order whose hold lapsed while the buyer paid, and
 * whose last units someone else bought meanwhile, is refunded and the buyer told (no card is
 * issued for it).
 */
import { isTestCheckout } from '../../runtime/payments/ledger.ts';
import { cartsOf } from '../kits/selling/cart.ts';
import type { PaidInput } from '../contract.ts';
import { productsOf, stockKey } from '../kits/selling/catalogue.ts';
import { cartScope } from '../kits/selling/shop-cart.ts';
import { orderPath } from './checkout.ts';
import { businessMail, buyerMail, notKeptMail } from './emails.ts';
import { stockOf } from '../kits/selling/levels.ts';
import { orderFrom, orderToken } from './order.ts';
import { issueCards } from './gift-cards.ts';

export async function shopPaid({ site, opened, services, log }: PaidInput): Promise<void> {
  const order = orderFrom(opened.details);
  const checkout = String(opened.checkout);
  if (!order) {
    log.error({ site: site.prefix, checkout }, 'a paid shop checkout names no order');
    return;
  }
  const products = productsOf(site, order.collection);
  const stockNow = new Map(products.flatMap((p) => p.data.variants.map((v) => [stockKey(order.collection, p.slug, v.sku), v.stock] as const)));
  const stock = stockOf(services.store);
  const now = services.now();
  const link = services.siteUrl(site, orderPath(site.prefix, String(opened.page), orderToken(services.signer, site.prefix, order.order)));
  const replyTo = site.data.site.email ? { replyTo: site.data.site.email } : {};

  const sold = await stock.confirm(site.prefix, order.order, now, (key) => stockNow.get(key));
  if ('refused' in sold) {
    log.error({ site: site.prefix, checkout, reason: sold.refused }, 'a paid shop order could not be kept: refunded');
    const refund = await services.checkout.refund(site, checkout);
    if ('refunded' in refund) await services.mailer.send({ to: order.email, ...notKeptMail(site, order, link), ...replyTo });
    return;
  }
  await cartsOf(services.store).empty(site.prefix, cartScope(order.collection), order.cart);
  const { cards, mailed } = await issueCards(site, order, opened, services, log);

  const left = [];
  for (const line of order.lines) left.push({ name: line.name, left: await stock.left(site.prefix, line.key, stockNow.get(line.key) ?? 0, now) });
  const notify = site.data.site.notify ?? site.data.site.email;
  const testMode = isTestCheckout(opened);
  if (notify) await services.mailer.send({ to: notify, ...businessMail(site, order, link, left, testMode, cards), replyTo: order.email });
  await services.mailer.send({ to: order.email, ...buyerMail(site, order, link, testMode, cards, mailed), ...replyTo });
  log.info({ site: site.prefix, order: order.order }, 'shop order paid');
}
