/**
 * Changes to a shop's cart, as plain form posts (answered with a redirect) or from a script (answered
 * with JSON): add a variant, change a line's quantity, take a line out. Each is checked against the
 * YAML and what is left before the cart core keeps it; a refused change keeps nothing.
 */
import { cartsOf, type CartAfter, type CartRefusal } from './cart.ts';
import { cartCookie, cartIdOf } from './cookie.ts';
import type { ActionInput, ActionResult, VisitorState } from '../../contract.ts';
import { findVariant, leftMessage, lineName, maxPerOrder, PRODUCT_MESSAGE, quantityOf, SOLD_OUT_MESSAGE, stockKey, VARIANT_MESSAGE } from './catalogue.ts';
import { cartScope, itemIdOf, readCart, type CartContents } from './shop-cart.ts';
import { stockOf } from './levels.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What a refused change shows: the visitor's answers and messages, and the cart as it is (the page is drawn again from it). */
const refused = (status: number, values: Record<string, unknown>, errors: Record<string, string>, cart?: CartContents): ActionResult => ({
  kind: 'refused',
  status,
  state: { values, errors, ...(cart ? { result: { cart } } : {}) } satisfies VisitorState,
});

const CART_FULL = 'Your cart cannot hold more lines. Please check out what is in it first.';

/** The core's refusal of a change, in words beside the field. */
const coreRefusal = (r: CartRefusal, most: number) =>
  r.refused === 'lines' ? CART_FULL : r.refused === 'line' ? 'That line is no longer in your cart.' : `At most ${most} of these fit in one order.`;

/** A cart's contents in a few words, for a script to show: "3 items". */
export const countText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/**
 * Adds a variant to the visitor's cart (and starts the cart, with its cookie, on the first add). The
 * product and variant must be sold, the quantity a whole number within the product's limit, and, with
 * what is in the cart already, no more than is left.
 */
export async function addToCart(input: ActionInput<unknown>, collection: string, back: string, cartPage: string): Promise<ActionResult> {
  const { site, body, services, cookies } = input;
  const values = { product: text(body.product), variant: text(body.variant), quantity: text(body.quantity) };
  const found = findVariant(site, collection, values.product, values.variant);
  if ('refused' in found)
    return refused(found.refused === 'product' ? 404 : 422, values, found.refused === 'product' ? { product: PRODUCT_MESSAGE } : { variant: VARIANT_MESSAGE });
  const { item, product, variant } = found;
  const quantity = quantityOf(values.quantity, product);
  if ('problem' in quantity) return refused(422, values, { quantity: quantity.problem });

  const scope = cartScope(collection);
  const cart = cartIdOf(cookies);
  const now = services.now();
  const left = await stockOf(services.store).left(site.prefix, stockKey(collection, item.slug, variant.sku), variant.stock, now);
  if (left <= 0) return refused(409, values, { variant: SOLD_OUT_MESSAGE });
  const id = itemIdOf(item.slug, variant.sku);
  const inCart = (await cartsOf(services.store).lines(site.prefix, scope, cart)).filter((l) => l.item === id).reduce((n, l) => n + l.quantity, 0);
  const most = maxPerOrder(product);
  if (inCart + quantity.quantity > left)
    return refused(409, values, {
      quantity: inCart ? `Only ${left} left, and ${inCart} ${inCart === 1 ? 'is' : 'are'} in your cart already.` : leftMessage(left),
    });
  if (inCart + quantity.quantity > most)
    return refused(422, values, { quantity: `At most ${most} of these fit in one order; ${inCart} ${inCart === 1 ? 'is' : 'are'} in your cart already.` });

  const added = await cartsOf(services.store).add(site.prefix, scope, cart, { item: id, options: [] }, quantity.quantity);
  if ('refused' in added) return refused(422, values, { quantity: coreRefusal(added, most) });
  const count = added.lines.reduce((n, l) => n + l.quantity, 0);
  const message = `Added ${quantity.quantity} × ${lineName(product, variant)} to your cart. It now holds ${countText(count)}.`;
  return {
    kind: 'done',
    redirect: `${back}?added=${encodeURIComponent(variant.sku)}`,
    json: { message, count, cart: cartPage },
    ...cookieOf(added),
  };
}

const cookieOf = (after: CartAfter) => (after.created ? { cookies: [cartCookie(after.cart)] } : {});

/**
 * Changes a line's quantity (0 takes it out) or takes it out. More than is left, or than one order
 * may hold, is refused beside the line with what is possible.
 */
export async function changeCart(input: ActionInput<unknown>, collection: string, back: string, remove: boolean): Promise<ActionResult> {
  const { site, body, services, cookies } = input;
  const line = text(body.line);
  const values = { line, quantity: text(body.quantity) };
  const field = `line-${line}`;
  const cart = await readCart(site, services, collection, cookies);
  const found = cart.lines.find((l) => l.id === line);
  const gone = cart.unavailable.find((u) => u.id === line);
  if (!found && !gone) return refused(404, values, { [field]: 'That line is no longer in your cart.' }, cart);
  let quantity = 0;
  if (!remove && found) {
    const typed = values.quantity;
    const most = found.most;
    if (!/^0+$/.test(typed)) {
      const read = quantityOf(typed, found.ref.item.data);
      if ('problem' in read) {
        const tooMany = /^\+?[0-9]+$/.test(typed) && Number(typed) > most;
        return refused(422, values, { [field]: tooMany ? read.problem : `Enter a whole number from 1 to ${most}, or 0 to take it out.` }, cart);
      }
      if (read.quantity > found.left) return refused(409, values, { [field]: leftMessage(found.left) }, cart);
      if (read.quantity > most) return refused(422, values, { [field]: `At most ${most} of these fit in one order.` }, cart);
      quantity = read.quantity;
    }
  } else if (!remove && gone && !/^0+$/.test(values.quantity)) {
    return refused(
      409,
      values,
      {
        [field]:
          gone.reason === 'sold-out' ? `${SOLD_OUT_MESSAGE} Please take it out of your cart.` : 'We no longer sell this. Please take it out of your cart.',
      },
      cart,
    );
  }
  const carts = cartsOf(services.store);
  const scope = cartScope(collection);
  const changed = quantity === 0 ? await carts.remove(site.prefix, scope, cart.cart, line) : await carts.change(site.prefix, scope, cart.cart, line, quantity);
  if ('refused' in changed) return refused(422, values, { [field]: coreRefusal(changed, found?.most ?? 0) }, cart);
  return { kind: 'done', redirect: back, json: { changed: line, quantity } };
}
