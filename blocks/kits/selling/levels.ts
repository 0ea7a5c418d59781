/**
 * What is left of a shop's variants now, for its pages: read from the store per request, in words
 * a buyer reads ("Only 3 left", "Sold out") and as the prices a list shows ("From $12").
 */
import type { ActionServices } from '../../contract.ts';
import type { Item, Site } from '../../../runtime/site.ts';
import type { Store } from '../../../runtime/store/store.ts';
import type { ProductData } from '../../../schema/items/product.ts';
import { money } from '../../money.tsx';
import { stockKey, unitPrice } from './catalogue.ts';
import { Stock } from './stock.ts';

/** Few enough to say how many are left. */
export const FEW = 5;

const cores = new WeakMap<Store, Stock>();

/** The stock core of a server: one per store, so the changes to one order take turns across every request. */
export function stockOf(store: Store): Stock {
  let core = cores.get(store);
  if (!core) cores.set(store, (core = new Stock(store)));
  return core;
}

/** Units left by stock key, for every variant of these products. */
export type Levels = Readonly<Record<string, number>>;

export async function levelsOf(site: Site, services: ActionServices, items: readonly Item<'product'>[]): Promise<Levels> {
  const lines = items.flatMap((item) => item.data.variants.map((v) => ({ key: stockKey(item.collection, item.slug, v.sku), stock: v.stock })));
  const left = await stockOf(services.store).leftOf(site.prefix, lines, services.now());
  return Object.fromEntries(left);
}

/** A variant's units left, from the levels read for this request (or the YAML's stock when none were read). */
export const leftIn = (levels: Levels | undefined, item: Item<'product'>, sku: string): number => {
  const key = stockKey(item.collection, item.slug, sku);
  return levels?.[key] ?? item.data.variants.find((v) => v.sku === sku)?.stock ?? 0;
};

/** What is left, in words. */
export const stockNote = (left: number) => (left <= 0 ? 'Sold out' : left <= FEW ? `Only ${left} left` : 'In stock');

/** A product's price as a list shows it: one price, or the lowest of its variants' ("From $12"). */
export function priceText(site: Site, product: ProductData): string {
  const prices = product.variants.map((v) => unitPrice(site, v));
  const low = Math.min(...prices);
  return prices.every((p) => p === low) ? money(site, low) : `From ${money(site, low)}`;
}

/** A product's stock as a list shows it: sold out when every variant is, else the fewest left of those on sale when few. */
export function productNote(levels: Levels | undefined, item: Item<'product'>): string {
  const left = item.data.variants.map((v) => leftIn(levels, item, v.sku));
  const onSale = left.filter((n) => n > 0);
  if (!onSale.length) return 'Sold out';
  const total = onSale.reduce((a, b) => a + b, 0);
  return total <= FEW ? `Only ${total} left` : onSale.length < left.length ? 'Some choices sold out' : 'In stock';
}
