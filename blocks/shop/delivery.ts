/**
 * Delivery fees, worked out on the server from the YAML in minor units. Shipping adds up each
 * product's own fee: a flat fee once per product whatever the quantity, or a rate times the weight
 * of what is bought (rounded half up to a whole minor unit). Local delivery is one fee for the
 * order, to the postal codes the shop names.
 */
import type { Site } from '../../runtime/site.ts';
import { authoredAmount } from '../../runtime/payments/money.ts';
import type { ProductData, ProductVariant } from '../../schema/items/product.ts';
import { currencyOf } from '../money.tsx';

export type DeliveryMethod = 'shipping' | 'local';

export interface LocalDelivery {
  label?: string;
  fee: number;
  postalCodes?: string[];
  note?: string;
}

export interface DeliveryOptions {
  shipping?: { label?: string; note?: string };
  local?: LocalDelivery;
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

/** The methods a shop offers, in the order the checkout shows them. */
export function methodsOf(options: DeliveryOptions): DeliveryMethod[] {
  return [...(options.local ? (['local'] as const) : []), 'shipping'];
}

/** The fee of a method for these lines, wherever they go (for showing the choices before an address is known). */
export function methodFee(site: Site, options: DeliveryOptions, method: DeliveryMethod, lines: readonly DeliveryLine[]): number {
  return method === 'local' ? minor(site, options.local?.fee ?? 0) : shippingFee(site, lines);
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
  return { fee: methodFee(site, options, method, lines), label: method === 'local' ? localLabel(options) : shippingLabel(options) };
}
