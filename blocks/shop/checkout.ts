/**
 * The checkout of a shop's cart. The cart is priced again from the YAML, each line checked against
 * what is left, the delivery fee worked out on the server (none for gift cards alone, which go by
 * e-mail), then every line's units are held in one step of the store per variant and the buyer is
 * sent to pay; a posted price, total or gift card amount is never read (the body's schema has no
 * such field: a card is worth its variant's price in the YAML). A line that cannot be had is named
 * beside it, and nothing is held nor charged.
 */
import { publicPath } from '../../runtime/render/page-path.ts';
import type { CheckoutLine } from '../../runtime/payments/provider.ts';
import type { ActionInput, ActionResult } from '../contract.ts';
import { robotCheck } from '../money.tsx';
import { leftMessage, lineName, SOLD_OUT_MESSAGE } from '../kits/selling/catalogue.ts';
import { readCart, type CartContents, type ShopLine } from '../kits/selling/shop-cart.ts';
import { countText } from '../kits/selling/changes.ts';
import { addressWords, collectPlace, deliveryFee, EMAIL_LABEL } from './delivery.ts';
import { addressOf, askedOf, buyerProblems, chosenMethod, recipientOf, valuesOf } from './buyer.ts';
import { orderSaid } from './emails.ts';
import { stockOf } from '../kits/selling/levels.ts';
import { newOrderId, orderNumber, orderToken, type Order, type OrderLine } from './order.ts';
import type { ShopProps } from './schema.ts';

export const EMPTY_MESSAGE = 'Your cart is empty: add something from the shop first.';

/** Messages beside the lines that cannot be bought as they are: sold out or gone meanwhile, or more than is left or allowed. */
export function lineProblems(cart: CartContents): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const gone of cart.unavailable)
    errors[`line-${gone.id}`] =
      gone.reason === 'sold-out' ? `${SOLD_OUT_MESSAGE} Please take it out of your cart.` : 'We no longer sell this. Please take it out of your cart.';
  for (const line of cart.lines) {
    if (line.quantity > line.left) errors[`line-${line.id}`] = leftMessage(line.left);
    else if (line.quantity > line.most) errors[`line-${line.id}`] = `At most ${line.most} of these fit in one order.`;
  }
  return errors;
}

/** A cart's line as its order keeps it: priced from the YAML, and a gift card's terms with it. */
function orderLineOf(l: ShopLine): OrderLine {
  const card = l.ref.item.data.giftCard;
  const gift = card && {
    codePrefix: card.codePrefix,
    ...(card.validMonths ? { validMonths: card.validMonths } : {}),
    ...(card.redeem ? { redeem: card.redeem } : {}),
  };
  const { key, quantity, unit, total } = l;
  return {
    key,
    product: l.ref.item.slug,
    sku: l.ref.variant.sku,
    name: lineName(l.ref.item.data, l.ref.variant),
    quantity,
    unit,
    total,
    ...(gift ? { gift } : {}),
  };
}

export async function checkout(input: ActionInput<ShopProps>): Promise<ActionResult> {
  const { site, target, props, body, services, cookies, log } = input;
  const values = valuesOf(body);
  const robot = robotCheck(input, values);
  if (robot !== 'person') return robot;

  const cart = await readCart(site, services, props.collection, cookies);
  const result = { cart };
  if (!cart.lines.length && !cart.unavailable.length) return { kind: 'refused', status: 422, state: { values, errors: { cart: EMPTY_MESSAGE }, result } };
  const stockErrors = lineProblems(cart);
  const asked = askedOf(
    props,
    cart.lines.map((l) => l.ref.item.data),
  );
  const errors = { ...stockErrors, ...buyerProblems(values, asked, addressWords(site)) };
  const method = chosenMethod(values, asked);
  const lines = cart.lines.map((l) => ({ slug: l.ref.item.slug, product: l.ref.item.data, variant: l.ref.variant, quantity: l.quantity }));
  const fee = errors.method ? undefined : method === 'email' ? { fee: 0, label: EMAIL_LABEL } : deliveryFee(site, props, method, lines, values.postalCode);
  if (fee && 'problem' in fee) errors.method = fee.problem;
  if (Object.keys(errors).length || !fee || 'problem' in fee)
    return { kind: 'refused', status: Object.keys(stockErrors).length ? 409 : 422, state: { values, errors, result } };

  const address = addressOf(values, method);
  const recipient = recipientOf(values, asked);
  const order: Order = {
    order: newOrderId(),
    collection: props.collection,
    ...(cart.cart ? { cart: cart.cart } : {}),
    lines: cart.lines.map(orderLineOf),
    delivery: { method, label: fee.label, fee: fee.fee, ...(method === 'collect' && props.collect ? collectPlace(site, props.collect) : {}) },
    subtotal: cart.subtotal,
    total: cart.subtotal + fee.fee,
    name: values.name,
    email: values.email.toLowerCase(),
    ...(values.phone ? { phone: values.phone } : {}),
    ...(address ? { address } : {}),
    ...(recipient ? { recipient } : {}),
  };

  // Every line's units, each taken in one step of the store: none is held unless all are.
  const stock = stockOf(services.store);
  const now = services.now();
  const taken = await stock.take(
    site.prefix,
    order.order,
    cart.lines.map((l) => ({ key: l.key, quantity: l.quantity, stock: l.ref.variant.stock })),
    now,
    props.holdMinutes,
  );
  if ('short' in taken) {
    const short: Record<string, string> = {};
    for (const { key, left } of taken.short) for (const l of cart.lines.filter((x) => x.key === key)) short[`line-${l.id}`] = leftMessage(left);
    return { kind: 'refused', status: 409, state: { values, errors: short, result } };
  }

  const checkoutLines: CheckoutLine[] = [
    ...order.lines.map((l) => ({ name: l.name, amount: l.unit, quantity: l.quantity })),
    ...(order.delivery.fee ? [{ name: order.delivery.label, amount: order.delivery.fee, quantity: 1 }] : []),
  ];
  try {
    const { redirect } = await services.checkout.open(site, {
      purpose: 'shop',
      page: target.path,
      description: `${site.data.site.name}: order ${orderNumber(order.order)}, ${countText(cart.count)}`,
      reference: orderNumber(order.order),
      lines: checkoutLines,
      email: order.email,
      said: orderSaid(order),
      details: { ...order, token: orderToken(services.signer, site.prefix, order.order) },
    });
    log.info({ site: site.prefix, order: order.order, total: order.total }, 'shop checkout opened');
    return { kind: 'done', redirect, json: { redirect } };
  } catch (error) {
    log.error({ site: site.prefix, order: order.order, err: (error as Error).message }, 'a checkout could not be opened for a shop order');
    // The units go back at once rather than when the hold lapses.
    await stock.release(site.prefix, order.order, now).catch(() => undefined);
    return {
      kind: 'refused',
      status: 503,
      state: { values, problem: 'Payments cannot be taken right now. Nothing was charged: please try again in a few minutes.', result },
    };
  }
}

/** Where a buyer sees their order: the shop's page with the order's signed token. */
export const orderPath = (prefix: string, page: string, token: string) => `${publicPath(prefix, page)}?order=${encodeURIComponent(token)}`;
