/**
 * The cart's cookie: the cart id alone, one per site, kept a week. The runtime signs it and scopes
 * it to the site (runtime/server/cookies.ts); blocks read it from `input.cookies` and set it by
 * returning `cookies: [cartCookie(id)]` with the answer to the post that started the cart.
 */
import type { VisitorCookie } from '../../../runtime/server/cookies.ts';
import { CART_DAYS, isCartId } from './cart.ts';

export const CART_COOKIE = 'cart';

/** The cart id a visitor's cookies carry, if any. */
export const cartIdOf = (cookies: Readonly<Record<string, string>>): string | undefined => {
  const id = cookies[CART_COOKIE];
  return isCartId(id) ? id : undefined;
};

/** The cookie that keeps a cart for a week. */
export const cartCookie = (cart: string): VisitorCookie => ({ name: CART_COOKIE, value: cart, maxAgeSeconds: CART_DAYS * 86_400 });
