/**
 * The shop's catalogue as the server reads it: products and variants found by the names a post
 * carries, quantities read from what a visitor typed, and each line priced from the YAML in minor
 * units. Nothing here trusts a price, a name or a total that came from a browser.
 */
import type { Item, Site } from '../../../runtime/site.ts';
import { authoredAmount } from '../../../runtime/payments/money.ts';
import { DEFAULT_MAX_PER_ORDER, type ProductData, type ProductVariant } from '../../../schema/items/product.ts';
import { currencyOf } from '../../money.tsx';

export interface Found {
  item: Item<'product'>;
  product: ProductData;
  variant: ProductVariant;
}

/** The products of a collection, or none when it is missing or holds another kind. */
export function productsOf(site: Site, collection: string): Item<'product'>[] {
  const found = site.collections.get(collection);
  return found?.kind === 'product' ? found.items : [];
}

/** A product by its slug, and one of its variants by its sku (the only variant when `sku` is empty and it has just one). */
export function findVariant(site: Site, collection: string, slug: string, sku: string): Found | { refused: 'product' | 'variant' } {
  const item = productsOf(site, collection).find((i) => i.slug === slug);
  if (!item) return { refused: 'product' };
  const product = item.data;
  const variant = sku === '' && product.variants.length === 1 ? product.variants[0] : product.variants.find((v) => v.sku === sku);
  if (!variant) return { refused: 'variant' };
  return { item, product, variant };
}

/** The stock key of a variant: what holds and sales of it are counted under. */
export const stockKey = (collection: string, slug: string, sku: string) => `${collection}/${slug}/${sku}`;

export const maxPerOrder = (product: ProductData) => product.maxPerOrder ?? DEFAULT_MAX_PER_ORDER;

export const PRODUCT_MESSAGE = 'We do not sell that product any more. Please choose from the shop.';
export const VARIANT_MESSAGE = 'That is not one of the choices of this product. Please choose again.';
export const SOLD_OUT_MESSAGE = 'Sold out: we have none left of this one.';

/**
 * A quantity as typed: a whole number from 1 to the product's limit per order, or the message to
 * show beside the field. Anything else (0, −1, 1.5, "two", a million) is refused, never clamped.
 */
export function quantityOf(typed: unknown, product: ProductData): { quantity: number } | { problem: string } {
  const most = maxPerOrder(product);
  const range = `Enter a whole number from 1 to ${most}.`;
  const text = typeof typed === 'string' ? typed.trim() : '';
  if (text === '') return { problem: `How many would you like? ${range}` };
  if (!/^[+-]?[0-9]+$/.test(text)) return { problem: range };
  const n = Number(text);
  if (n < 1) return { problem: `The quantity must be at least 1. ${range}` };
  if (n > most) return { problem: `At most ${most} of these fit in one order.` };
  return { quantity: n };
}

/** "Only 3 left", "Only 1 left" or, with none, the sold-out words: what a visitor is told when they ask for more than is left. */
export const leftMessage = (left: number) => (left <= 0 ? SOLD_OUT_MESSAGE : `Only ${left} left: please choose ${left} or fewer.`);

/** A variant's price in minor units (checked at load to fit the currency, so it always converts). */
export const unitPrice = (site: Site, variant: ProductVariant) => authoredAmount(variant.price, currencyOf(site)) ?? 0;

/** The name of a line as receipts and e-mails show it: the product, and the variant when there are several. */
export const lineName = (product: ProductData, variant: ProductVariant) => (product.variants.length > 1 ? `${product.name}: ${variant.label}` : product.name);
