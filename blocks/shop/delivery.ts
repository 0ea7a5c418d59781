/**
 * Delivery fees, worked out on the server from the YAML in minor units. Shipping adds up each
 * product's own fee: a flat fee once per product whatever the quantity, or a rate times the weight
 * of what is bought (rounded half up to a whole minor unit); a gift card ships nothing. Local
 * delivery is one fee for the order, to the postal codes the shop names. Collecting in store is one
 * fee for the order (usually none), needs no address, and says where and when. An order of gift
 * cards alone is sent by e-mail: the buyer chooses no delivery at all.
 */
import type { Site } from '../../runtime/site.ts';
import { authoredAmount } from '../../runtime/payments/money.ts';
import type { ProductData, ProductVariant } from '../../schema/items/product.ts';
import { currencyOf } from '../money.tsx';

/** How an order reaches its buyer: the ways they choose from, and 'email' for an order of gift cards alone. */
export type DeliveryMethod = 'shipping' | 'local' | 'collect' | 'email';

export interface LocalDelivery {
  label?: string;
  fee: number;
  postalCodes?: string[];
  note?: string;
}

export interface CollectInStore {
  label?: string;
  fee: number;
  where?: string;
  when?: string;
}

export interface DeliveryOptions {
  shipping?: { label?: string; note?: string };
  local?: LocalDelivery;
  collect?: CollectInStore;
}

export interface DeliveryLine {
  slug: string;
  product: ProductData;
  variant: ProductVariant;
  quantity: number;
}

const minor = (site: Site, value: number) => authoredAmount(value, currencyOf(site)) ?? 0;

/** A weight as thousandths of its unit, so 2.5 lb × 3 is added up in integers. */
const milli = (weight: number) => Math.round(weight * 1000);

/** The shipping fee of one product's lines in an order. */
export function productShipping(site: Site, product: ProductData, lines: readonly { variant: ProductVariant; quantity: number }[]): number {
  const d = product.delivery;
  // A gift card has no delivery of its own: it goes by e-mail.
  if (!d || product.giftCard) return 0;
  if (d.charge === 'flat') return minor(site, d.amount);
  const rate = minor(site, d.amount);
  const weight = lines.reduce((sum, l) => sum + milli(l.variant.weight ?? 0) * l.quantity, 0);
  return Math.floor((rate * weight + 500) / 1000);
}

/** The shipping fee of an order: each product's own fee, added up (a product on several lines pays its flat fee once). */
export function shippingFee(site: Site, lines: readonly DeliveryLine[]): number {
  const bySlug = new Map<string, DeliveryLine[]>();
  for (const line of lines) bySlug.set(line.slug, [...(bySlug.get(line.slug) ?? []), line]);
  let fee = 0;
  for (const group of bySlug.values()) fee += productShipping(site, (group[0] as DeliveryLine).product, group);
  return fee;
}

/** What an address's code and region are called where the site is: "ZIP code" and "State" in the US. */
export function addressWords(site: Site): { code: string; region: string } {
  return site.data.site.language === 'en-US' ? { code: 'ZIP code', region: 'State' } : { code: 'postal code', region: 'County or region' };
}

/** A postal code as people type it, compared without spaces and case ("45318-1234" is in 45318). */
const plainCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

export function deliversTo(local: LocalDelivery, postalCode: string): boolean {
  if (!local.postalCodes?.length) return true;
  const typed = plainCode(postalCode);
  return local.postalCodes.some((code) => typed === plainCode(code) || typed.startsWith(`${plainCode(code)}-`));
}

export const shippingLabel = (options: DeliveryOptions) => options.shipping?.label ?? 'Shipping';
export const localLabel = (options: DeliveryOptions) => options.local?.label ?? 'Local delivery';
export const collectLabel = (options: DeliveryOptions) => options.collect?.label ?? 'Collect in store';
/** What an order of gift cards alone is called where its delivery would be. */
export const EMAIL_LABEL = 'By e-mail';

/** Whether the buyer gives an address for this way: not to collect in store, nor for gift cards by e-mail. */
export const needsAddress = (method: DeliveryMethod) => method === 'shipping' || method === 'local';

/** The site's own address in one line, such as "12 Mill Lane, Larkfield, OH 45318". */
export function siteAddress(site: Pick<Site, 'data'>): string | undefined {
  const a = site.data.site.address;
  return a ? [a.street, a.locality, [a.region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ') : undefined;
}

/** Where and when an order is collected: the shop's own words, or the site's address (the load refuses a shop with neither). */
export function collectPlace(site: Pick<Site, 'data'>, collect: CollectInStore): { where: string; when?: string } {
  const where = collect.where ?? siteAddress(site) ?? site.data.site.name;
  return { where, ...(collect.when ? { when: collect.when } : {}) };
}

/** An author's words as a sentence: with a full stop unless they end in one. */
const sentence = (words: string) => (/[.!?]$/.test(words) ? words : `${words}.`);

/** Where and when, as sentences: "12 Mill Lane, Larkfield. Tuesday to Saturday, 9 am to 5 pm." */
export const placeText = (place: { where: string; when?: string }) => [sentence(place.where), place.when ? sentence(place.when) : ''].filter(Boolean).join(' ');

/** Where and when to collect, in the sentences a buyer reads beside the choice and in their e-mails. */
export const collectText = (place: { where: string; when?: string }) => `Collect from ${placeText(place)}`;

/** The methods a shop offers, in the order the checkout shows them. */
export function methodsOf(options: DeliveryOptions): DeliveryMethod[] {
  return [...(options.collect ? (['collect'] as const) : []), ...(options.local ? (['local'] as const) : []), 'shipping'];
}

/** The name of a way at the checkout and on everything after it. */
export function methodLabel(options: DeliveryOptions, method: DeliveryMethod): string {
  return method === 'local' ? localLabel(options) : method === 'collect' ? collectLabel(options) : method === 'email' ? EMAIL_LABEL : shippingLabel(options);
}

/** The fee of a method for these lines, wherever they go (for showing the choices before an address is known). */
export function methodFee(site: Site, options: DeliveryOptions, method: DeliveryMethod, lines: readonly DeliveryLine[]): number {
  if (method === 'local') return minor(site, options.local?.fee ?? 0);
  if (method === 'collect') return minor(site, options.collect?.fee ?? 0);
  return method === 'email' ? 0 : shippingFee(site, lines);
}

/** The fee of a method for these lines to this postal code, or why it cannot be used. */
export function deliveryFee(
  site: Site,
  options: DeliveryOptions,
  method: DeliveryMethod,
  lines: readonly DeliveryLine[],
  postalCode: string,
): { fee: number; label: string } | { problem: string } {
  if (!methodsOf(options).includes(method)) return { problem: 'Please choose one of the delivery choices shown.' };
  if (method === 'local' && options.local && !deliversTo(options.local, postalCode))
    return {
      problem: `${localLabel(options)} only reaches ${addressWords(site).code}s ${(options.local.postalCodes ?? []).join(', ')}. Please choose ${shippingLabel(options)} instead.`,
    };
  return { fee: methodFee(site, options, method, lines), label: methodLabel(options, method) };
}
