/**
 * What a product's page shows, worked out on the server from the YAML and what `load` read (what is
 * left, the visitor's cart): plain JSON the island renders and hydrates (`ProductView.tsx`).
 */
import { siteHref, type RenderContext } from '../../runtime/render/context.tsx';
import { imageView } from '../../runtime/images/view.ts';
import { SIZES } from '../../runtime/render/sizes.ts';
import { renderMarkdown } from '../../runtime/render/markdown.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import type { Site } from '../../runtime/site.ts';
import type { Link } from '../../schema/common.ts';
import type { ProductData } from '../../schema/items/product.ts';
import { minorOf, money, postedState } from '../money.tsx';
import { maxPerOrder, unitPrice } from '../kits/selling/catalogue.ts';
import { leftIn, priceText, stockNote, type Levels } from '../kits/selling/levels.ts';
import type { ProductView } from './ProductView.tsx';

/** What the block read for this request. */
export interface ProductLoaded {
  levels: Levels;
  /** Items in the visitor's cart. */
  count: number;
  /** What the last post added, when the page comes back after it. */
  added?: string;
}

export interface ProductProps {
  cart: string;
  submit: string;
  back?: Link;
}

/** What a gift card's page says where a product's delivery fee would be. */
export const GIFT_DELIVERY = 'A gift card: its code is e-mailed as soon as it is paid for, with a PDF to print. No delivery to pay.';

const WEIGHT: Record<string, string> = { 'per-pound': 'lb', 'per-kilogram': 'kg' };

/** The delivery fee in a sentence: "Shipping: $6.50 an order, whatever the quantity." or "$0.90 per lb (2.5 lb each)". */
export function deliveryText(site: Site, product: ProductData): string {
  const d = product.delivery;
  if (product.giftCard || !d) return GIFT_DELIVERY;
  const amount = money(site, minorOf(site, d.amount));
  if (d.charge === 'flat') return d.amount ? `Shipping: ${amount} an order, whatever the quantity.` : 'Shipping: free.';
  const unit = WEIGHT[d.charge] ?? 'lb';
  const weighed = product.variants.filter((v) => v.weight !== undefined);
  const weights =
    product.variants.length === 1 ? weighed.map((v) => ` (${v.weight} ${unit})`) : [`: ${weighed.map((v) => `${v.label} ${v.weight} ${unit}`).join(', ')}`];
  return `Shipping: ${amount} per ${unit}${weighed.length ? weights.join('') : ''}.`;
}

export function productView(props: ProductProps, ctx: RenderContext): ProductView | undefined {
  const { site, target } = ctx;
  const item = target.item?.kind === 'product' ? target.item : undefined;
  if (!item) return undefined;
  const d = item.data;
  const loaded = ctx.visitor.loaded?.product as ProductLoaded | undefined;
  const state = postedState(ctx, 'product');
  const levels = loaded?.levels ?? (state?.result as { levels?: Levels } | undefined)?.levels;
  const page = publicPath(site.prefix, target.path);
  return {
    id: 'product',
    action: `${ctx.actionOrigin ?? ''}${page}`,
    slug: item.slug,
    name: d.name,
    images: (d.images ?? []).map((image) => imageView(site, image, SIZES.product)),
    ...(d.summary ? { summary: d.summary } : {}),
    descriptionHtml: renderMarkdown(d.description, (h) => siteHref(site.prefix, h)),
    price: priceText(site, d),
    variants: d.variants.map((v) => {
      const left = leftIn(levels, item, v.sku);
      return { sku: v.sku, label: v.label, price: money(site, unitPrice(site, v)), note: stockNote(left), soldOut: left <= 0 };
    }),
    delivery: deliveryText(site, d),
    most: maxPerOrder(d),
    cart: siteHref(site.prefix, props.cart),
    count: loaded?.count ?? 0,
    ...(loaded?.added ? { added: loaded.added } : {}),
    submit: props.submit,
    ...(state ? { state: { ...state, result: undefined } } : {}),
    ...(props.back ? { back: { label: props.back.label, href: siteHref(site.prefix, props.back.href) } } : {}),
  };
}
