import { Type } from '@sinclair/typebox';
import { cartsOf } from '../kits/selling/cart.ts';
import { cartIdOf } from '../kits/selling/cookie.ts';
import { mediaUrl } from '../../runtime/render/context.tsx';
import { publicPath } from '../../runtime/render/page-path.ts';
import type { Item } from '../../runtime/site.ts';
import { Href, Link } from '../../schema/common.ts';
import { productNode } from '../../schema/items/product.ts';
import { currencyOf } from '../money.tsx';
import { cartScope, itemIdOf } from '../kits/selling/shop-cart.ts';
import { lineName } from '../kits/selling/catalogue.ts';
import { addToCart, countText } from '../kits/selling/changes.ts';
import { shopBody } from '../kits/selling/shop-body.ts';
import { levelsOf } from '../kits/selling/levels.ts';
import { carts } from '../kits/selling/records.ts';
import { defineBlock, type ActionInput, type ActionResult } from '../contract.ts';
import { ProductPanel } from './ProductView.tsx';
import { productView, type ProductLoaded, type ProductProps } from './view.ts';

const props = Type.Object(
  {
    cart: { ...Href('The page of the cart: the page that shows the shop block.'), default: '/shop/cart' },
    submit: Type.String({ minLength: 1, default: 'Add to cart', description: 'The label of the button.' }),
    back: Type.Optional(Link),
  },
  { additionalProperties: false },
);

const productOf = (item: Item | undefined): Item<'product'> | undefined => (item?.kind === 'product' ? item : undefined);

async function handle(input: ActionInput<ProductProps>): Promise<ActionResult> {
  const { site, target, props: p, body, services } = input;
  const item = productOf(target.item);
  if (!input.validate(body) || !item) return { kind: 'refused', status: 400, state: { problem: 'The form could not be read. Please try again.' } };
  const page = publicPath(site.prefix, target.path);
  const done = await addToCart(input, item.collection, page, publicPath(site.prefix, p.cart));
  if (done.kind === 'done') return done;
  // The page is drawn again from what is left now.
  return { ...done, state: { ...done.state, result: { levels: await levelsOf(site, services, [item]) } } };
}

export const product = defineBlock({
  type: 'product',
  title: 'Product',
  description:
    "The page of one product: its pictures, its choices with their prices and what is left, its delivery fee and description, and a form that puts it in the cart. The default block of a product's page.",
  props,
  images: 'content',
  Component: ProductPanel,
  island: { module: './ProductView.tsx', export: 'ProductPanel' },
  islandProps: (p, ctx) => ({ view: productView(p, ctx) }),
  action: {
    accepts: (_p, body) => body._shop === 'add',
    key: () => 'product',
    bodySchema: shopBody,
    handle,
  },
  records: [carts],
  example: {
    cart: '/shop/cart',
    submit: 'Add to cart',
    back: { label: 'All moving supplies', href: '/shop' },
  },
  async load({ site, target, query, cookies, services }): Promise<ProductLoaded> {
    const item = productOf(target.item);
    if (!item) return { levels: {}, count: 0 };
    const lines = await cartsOf(services.store).lines(site.prefix, cartScope(item.collection), cartIdOf(cookies));
    const count = lines.reduce((n, l) => n + l.quantity, 0);
    const variant = typeof query.added === 'string' ? item.data.variants.find((v) => v.sku === query.added) : undefined;
    const added =
      variant && lines.some((l) => l.item === itemIdOf(item.slug, variant.sku))
        ? `Added ${lineName(item.data, variant)} to your cart. It now holds ${countText(count)}.`
        : undefined;
    return { levels: await levelsOf(site, services, [item]), count, ...(added ? { added } : {}) };
  },
  structuredData(_p, site, target) {
    const item = productOf(target.item);
    if (!item) return [];
    return [
      productNode(item.data, {
        currency: currencyOf(site),
        seller: site.data.site.name,
        media: (image) => mediaUrl(site.prefix, image.src),
        inStock: (v) => v.stock > 0,
      }),
    ];
  },
});
