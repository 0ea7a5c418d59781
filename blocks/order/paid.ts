/**
 * What a paid order becomes: it keeps its pickup time for good, the kitchen gets its ticket marked
 * paid, the guest their confirmation, and the cart it came from is emptied. An order whose hold
 * lapsed while the guest paid, and whose time someone else has taken since, is refunded and the
 * guest told.
 */
import { cartsOf } from '../kits/selling/cart.ts';
import { blocksIn } from '../../runtime/config/blocks-in.ts';
import type { Site } from '../../runtime/site.ts';
import type { PaidInput } from '../contract.ts';
import { keepTime } from './kitchen.ts';
import { isOrder } from './offer.ts';
import type { OrderProps } from './schema.ts';
import { announceOrder } from './ticket.ts';

/** The order block on the page an order was placed from, as the site is now. */
function propsAt(site: Site, page: string, scope: unknown): OrderProps | undefined {
  const onPage = site.data.pages.find((p) => p.path === page);
  for (const { block } of blocksIn(onPage ? [onPage] : site.data.pages))
    if (block.type === 'order' && `order:${String(block.menu)}` === scope) return block as unknown as OrderProps;
  return undefined;
}

export async function orderPaid({ site, opened, services, log }: PaidInput): Promise<void> {
  const details = (opened.details ?? {}) as Record<string, unknown>;
  const checkout = String(opened.checkout);
  const id = typeof details.orderId === 'string' ? details.orderId : '';
  const tenant = await services.store.tenant(site.prefix);
  const now = services.now();
  const before = await tenant.find('orders', { id });
  const props = isOrder(before) ? propsAt(site, String(opened.page), before.scope) : undefined;
  if (!isOrder(before) || !props) {
    log.error({ site: site.prefix, checkout }, 'a paid order is not on the site any more: refunded');
    await services.checkout.refund(site, checkout);
    return;
  }
  const kept = await keepTime(tenant, id, { status: 'paid', checkout, paidAt: new Date(now).toISOString() }, now);
  if ('refused' in kept || kept.status === 'cancelled') {
    log.error({ site: site.prefix, checkout }, 'a paid order lost its pickup time while it was paid: refunded');
    await services.checkout.refund(site, checkout);
    await tenant.update('orders', id, { status: 'cancelled', expiresAt: new Date(now).toISOString() });
    await services.mailer.send({
      to: before.email,
      subject: `Your order at ${site.data.site.name} could not be kept`,
      text: [
        `Hello ${before.name},`,
        '',
        'We are sorry: the time you chose filled up while you were paying, so your order could not be kept.',
        'Your payment has been refunded in full to the card you paid with.',
        '',
        `Please order again for another time${site.data.site.phone ? `, or call us on ${site.data.site.phone}` : ''}.`,
      ].join('\n'),
    });
    return;
  }
  if (!isOrder(kept)) return;
  await cartsOf(services.store).empty(site.prefix, kept.scope, kept.cart);
  await announceOrder(site, props, services, log, kept, String(opened.page));
}
