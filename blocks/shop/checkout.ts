/**
 * The checkout of a shop's cart. The cart is priced again from the YAML, each line checked against
 * what is left, the delivery fee worked out on the server, then every line's units are held in one
 * step of the store per variant and the buyer is sent to pay; a posted price or total is never read
 * (the body's schema has no such field). A line that cannot be had is named beside it, and nothing
 * is held nor charged.
 */
import { publicPath } from '../../runtime/render/page-path.ts';
import type { CheckoutLine } from '../../runtime/payments/provider.ts';
import type { ActionInput, ActionResult } from '../contract.ts';
import { isEmail, robotCheck } from '../money.tsx';
import { leftMessage, lineName, SOLD_OUT_MESSAGE } from '../kits/selling/catalogue.ts';
import { readCart, type CartContents } from '../kits/selling/shop-cart.ts';
import { countText } from '../kits/selling/changes.ts';
import { addressWords, deliveryFee, methodsOf, type DeliveryMethod } from './delivery.ts';
import { stockOf } from '../kits/selling/levels.ts';
import { newOrderId, orderNumber, orderToken, type Order } from './order.ts';
import type { ShopProps } from './schema.ts';
import { CHECKOUT_FIELDS } from '../kits/selling/shop-body.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const EMPTY_MESSAGE = 'Your cart is empty: add something from the shop first.';
const POSTAL = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

/** What the checkout form asks of the buyer, checked; messages by field. */
function contactOf(values: Record<keyof typeof CHECKOUT_FIELDS, string>, methods: DeliveryMethod[], words: { code: string; region: string }) {
  const errors: Record<string, string> = {};
  if (!methods.includes(values.method as DeliveryMethod)) errors.method = 'Please choose how your order reaches you.';
  if (!values.name) errors.name = 'Please enter the name to deliver to.';
  if (!isEmail(values.email))
    errors.email = values.email ? 'Please enter an e-mail address such as name@example.com.' : 'Please enter your e-mail address for the confirmation.';
  if (values.phone && !/^\+?[0-9(][0-9 ().-]{5,20}[0-9]$/.test(values.phone))
    errors.phone = 'Please enter a phone number such as (555) 555-0142, or leave it empty.';
  if (!values.street) errors.street = 'Please enter the street address.';
  if (!values.town) errors.town = 'Please enter the town or city.';
  if (!values.region) errors.region = `Please enter the ${words.region.toLowerCase()}.`;
  if (!POSTAL.test(values.postalCode))
    errors.postalCode = values.postalCode ? `That does not look like a ${words.code}: please check it.` : `Please enter the ${words.code}.`;
  for (const [field, most] of Object.entries(CHECKOUT_FIELDS))
    if (values[field as keyof typeof CHECKOUT_FIELDS].length > most) errors[field] = `Please shorten this to ${most} characters.`;
  return errors;
}

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

export async function checkout(input: ActionInput<ShopProps>): Promise<ActionResult> {
  const { site, target, props, body, services, cookies, log } = input;
  const values = Object.fromEntries(Object.keys(CHECKOUT_FIELDS).map((f) => [f, text(body[f])])) as Record<keyof typeof CHECKOUT_FIELDS, string>;
  const robot = robotCheck(input, values);
  if (robot !== 'person') return robot;

  const cart = await readCart(site, services, props.collection, cookies);
  const result = { cart };
  if (!cart.lines.length && !cart.unavailable.length) return { kind: 'refused', status: 422, state: { values, errors: { cart: EMPTY_MESSAGE }, result } };
  const stockErrors = lineProblems(cart);
  const methods = methodsOf(props);
  const errors = { ...stockErrors, ...contactOf(values, methods, addressWords(site)) };
  const method = values.method as DeliveryMethod;
  const lines = cart.lines.map((l) => ({ slug: l.ref.item.slug, product: l.ref.item.data, variant: l.ref.variant, quantity: l.quantity }));
  const fee = errors.method ? undefined : deliveryFee(site, props, method, lines, values.postalCode);
  if (fee && 'problem' in fee) errors.method = fee.problem;
  if (Object.keys(errors).length || !fee || 'problem' in fee)
    return { kind: 'refused', status: Object.keys(stockErrors).length ? 409 : 422, state: { values, errors, result } };

  const order: Order = {
    order: newOrderId(),
    collection: props.collection,
    ...(cart.cart ? { cart: cart.cart } : {}),
    lines: cart.lines.map((l) => ({
      key: l.key,
      product: l.ref.item.slug,
      sku: l.ref.variant.sku,
      name: lineName(l.ref.item.data, l.ref.variant),
      quantity: l.quantity,
      unit: l.unit,
      total: l.total,
    })),
    delivery: { method, label: fee.label, fee: fee.fee },
    subtotal: cart.subtotal,
    total: cart.subtotal + fee.fee,
    name: values.name,
    email: values.email.toLowerCase(),
    ...(values.phone ? { phone: values.phone } : {}),
    address: { street: values.street, town: values.town, region: values.region, postalCode: values.postalCode },
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
