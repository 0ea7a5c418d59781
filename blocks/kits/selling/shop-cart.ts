/**
 * A shop's cart on the cart core (./cart.ts): its catalogue is made from the products in the
 * YAML and what is left of them now, one catalogue item per variant (`<product>/<sku>`), so the core
 * prices every line from the YAML and names a line whose variant sold out or left the shop.
 */
import { cartsOf, type CartLine } from './cart.ts';
import { cartIdOf } from './cookie.ts';
import { priceCart, type Catalogue, type CatalogueItem, type PricedCart } from './pricing.ts';
import type { ActionServices } from '../../contract.ts';
import type { Item, Site } from '../../../runtime/site.ts';
import type { ProductVariant } from '../../../schema/items/product.ts';
import { lineName, maxPerOrder, productsOf, stockKey, unitPrice } from './catalogue.ts';
import { leftIn, levelsOf, type Levels } from './levels.ts';

/** The cart core's scope of a shop: its lines are kept apart from any other block's that sells on the site. */
export const cartScope = (collection: string) => `shop-${collection}`;

/** The catalogue item id of a variant. */
export const itemIdOf = (slug: string, sku: string) => `${slug}/${sku}`;

export interface VariantRef {
  item: Item<'product'>;
  variant: ProductVariant;
}

/** The product and variant a cart line's item id names, while the shop still sells them. */
export function variantOf(products: readonly Item<'product'>[], id: string): VariantRef | undefined {
  const [slug, sku] = id.split('/');
  const item = products.find((p) => p.slug === slug);
  const variant = item?.data.variants.find((v) => v.sku === sku);
  return item && variant ? { item, variant } : undefined;
}

/** The shop's catalogue as the cart core reads it: a variant with nothing left is sold out. */
export function catalogueOf(site: Site, products: readonly Item<'product'>[], levels: Levels): Catalogue {
  const entries: [string, CatalogueItem][] = products.flatMap((item) =>
    item.data.variants.map((variant): [string, CatalogueItem] => {
      const id = itemIdOf(item.slug, variant.sku);
      return [id, { id, name: lineName(item.data, variant), price: unitPrice(site, variant), soldOut: leftIn(levels, item, variant.sku) <= 0, groups: [] }];
    }),
  );
  return new Map(entries);
}

/** One line of the visitor's cart, priced now, with what is left of its variant and whether that is enough. */
export interface ShopLine {
  id: string;
  ref: VariantRef;
  key: string;
  quantity: number;
  unit: number;
  total: number;
  left: number;
  /** The most of it one order may hold (the product's limit). */
  most: number;
}

/** A visitor's cart as the shop reads it per request. */
export interface CartContents {
  cart?: string;
  lines: ShopLine[];
  subtotal: number;
  count: number;
  /** Lines that cannot be bought any more: sold out meanwhile, or gone from the shop. */
  unavailable: PricedCart['unavailable'];
  levels: Levels;
}

/** Reads and prices the cart a visitor's cookie names (an empty cart when it names none). */
export async function readCart(site: Site, services: ActionServices, collection: string, cookies: Readonly<Record<string, string>>): Promise<CartContents> {
  const cart = cartIdOf(cookies);
  const lines = await cartsOf(services.store).lines(site.prefix, cartScope(collection), cart);
  return priced(site, services, collection, cart, lines);
}

/** A cart's stored lines, priced from the YAML with what is left now. */
export async function priced(
  site: Site,
  services: ActionServices,
  collection: string,
  cart: string | undefined,
  lines: readonly CartLine[],
): Promise<CartContents> {
  const products = productsOf(site, collection);
  const levels = await levelsOf(site, services, products);
  const pricedCart = priceCart(catalogueOf(site, products, levels), lines);
  const shopLines: ShopLine[] = [];
  for (const line of pricedCart.lines) {
    const ref = variantOf(products, line.item.id);
    if (!ref) continue;
    shopLines.push({
      id: line.id,
      ref,
      key: stockKey(collection, ref.item.slug, ref.variant.sku),
      quantity: line.quantity,
      unit: line.unit,
      total: line.total,
      left: leftIn(levels, ref.item, ref.variant.sku),
      most: maxPerOrder(ref.item.data),
    });
  }
  return {
    ...(cart ? { cart } : {}),
    lines: shopLines,
    subtotal: pricedCart.subtotal,
    count: pricedCart.count,
    unavailable: pricedCart.unavailable,
    levels,
  };
}
