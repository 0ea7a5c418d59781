/**
 * What the checkout form asks of the buyer, read and checked, with a message beside each field:
 * the way the order reaches them (none for gift cards alone), their name, e-mail and phone, the
 * address only for a way that delivers (not to collect in store), and, when the cart holds gift
 * cards, whom they are for (left empty, they are e-mailed to the buyer).
 */
import { isEmail } from '../money.tsx';
import { CHECKOUT_FIELDS } from '../kits/selling/shop-body.ts';
import type { ProductData } from '../../schema/items/product.ts';
import { methodsOf, needsAddress, type DeliveryMethod, type DeliveryOptions } from './delivery.ts';
import type { GiftRecipient, OrderAddress } from './order.ts';

export type CheckoutValues = Record<keyof typeof CHECKOUT_FIELDS, string>;

/** What a cart asks at its checkout: the ways it may reach the buyer (none: gift cards alone, by e-mail), and whether it holds gift cards. */
export interface Asked {
  methods: DeliveryMethod[];
  gifts: boolean;
}

/** What a cart of these products asks: a way to deliver unless it holds only gift cards, and whom gift cards are for when it holds some. */
export function askedOf(options: DeliveryOptions, products: readonly ProductData[]): Asked {
  const delivered = products.some((p) => !p.giftCard);
  return { methods: delivered ? methodsOf(options) : [], gifts: products.some((p) => p.giftCard !== undefined) };
}

const POSTAL = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;
const PHONE = /^\+?[0-9(][0-9 ().-]{5,20}[0-9]$/;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The checkout's fields as posted, trimmed; a field not posted is empty. */
export const valuesOf = (body: Record<string, unknown>) => Object.fromEntries(Object.keys(CHECKOUT_FIELDS).map((f) => [f, text(body[f])])) as CheckoutValues;

/** The way the buyer chose, or e-mail when nothing is to be delivered. */
export const chosenMethod = (values: CheckoutValues, asked: Asked): DeliveryMethod => (asked.methods.length ? (values.method as DeliveryMethod) : 'email');

function addressProblems(values: CheckoutValues, words: { code: string; region: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.street) errors.street = 'Please enter the street address.';
  if (!values.town) errors.town = 'Please enter the town or city.';
  if (!values.region) errors.region = `Please enter the ${words.region.toLowerCase()}.`;
  if (!POSTAL.test(values.postalCode))
    errors.postalCode = values.postalCode ? `That does not look like a ${words.code}: please check it.` : `Please enter the ${words.code}.`;
  return errors;
}

function recipientProblems(values: CheckoutValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.giftEmail && !isEmail(values.giftEmail)) errors.giftEmail = 'Please enter their e-mail address such as name@example.com.';
  if (values.giftEmail && !values.giftName) errors.giftName = 'Please enter the name of the person the gift cards are for.';
  if (!values.giftEmail && (values.giftName || values.giftMessage))
    errors.giftEmail = 'Please enter their e-mail address, or leave their name and message empty to have the gift cards e-mailed to you.';
  return errors;
}

/** Messages by field for what the buyer wrote; none when the order can go ahead. */
export function buyerProblems(values: CheckoutValues, asked: Asked, words: { code: string; region: string }): Record<string, string> {
  const method = chosenMethod(values, asked);
  const collecting = method === 'collect' || method === 'email';
  const errors: Record<string, string> = {};
  if (asked.methods.length && !asked.methods.includes(method)) errors.method = 'Please choose how your order reaches you.';
  if (!values.name) errors.name = collecting ? 'Please enter your name.' : 'Please enter the name to deliver to.';
  if (!isEmail(values.email))
    errors.email = values.email ? 'Please enter an e-mail address such as name@example.com.' : 'Please enter your e-mail address for the confirmation.';
  if (values.phone && !PHONE.test(values.phone)) errors.phone = 'Please enter a phone number such as (555) 555-0142, or leave it empty.';
  // A way not offered is asked about above; the address is asked for unless the way needs none.
  if (!collecting) Object.assign(errors, addressProblems(values, words));
  if (asked.gifts) Object.assign(errors, recipientProblems(values));
  for (const [field, most] of Object.entries(CHECKOUT_FIELDS))
    if ([...values[field as keyof typeof CHECKOUT_FIELDS]].length > most) errors[field] = `Please shorten this to ${most} characters.`;
  return errors;
}

/** The address an order keeps: only for a way that delivers. */
export const addressOf = (values: CheckoutValues, method: DeliveryMethod): OrderAddress | undefined =>
  needsAddress(method) ? { street: values.street, town: values.town, region: values.region, postalCode: values.postalCode } : undefined;

/** Whom the gift cards are for, when the buyer named someone. */
export const recipientOf = (values: CheckoutValues, asked: Asked): GiftRecipient | undefined =>
  asked.gifts && values.giftEmail
    ? { name: values.giftName, email: values.giftEmail.toLowerCase(), message: values.giftMessage.replace(/\r\n?/g, '\n').replace(/[^\P{Cc}\n]/gu, '') }
    : undefined;
