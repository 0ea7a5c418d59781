/**
 * What the shop block shows, worked out on the server from the YAML and what `load` read: plain
 * JSON the island renders and hydrates (`ShopCart.tsx`), and the cart a script is answered with
 * after a change.
 */
import { siteHref, type RenderContext } from '../../runtime/render/context.tsx';
import { renderMarkdown } from '../../runtime/render/markdown.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import type { Site } from '../../runtime/site.ts';
import { money, ownHeading, postedState } from '../money.tsx';
import type { CartView, ShopView } from './shop-view.ts';
import type { CartContents } from '../kits/selling/shop-cart.ts';
import { addressWords, collectPlace, collectText, methodFee, methodLabel, needsAddress, type DeliveryMethod } from './delivery.ts';
import { askedOf } from './buyer.ts';
import { stockNote } from '../kits/selling/levels.ts';
import type { OrderView } from './shop-view.ts';
import type { ShopProps } from './schema.ts';

/** What the block read for this request: the visitor's cart, or the order a link names. */
export interface ShopLoaded {
  cart: CartContents;
  order?: OrderView;
  unknownOrder?: boolean;
}

const GONE: Record<'gone' | 'sold-out', string> = {
  'sold-out': 'Sold out since you added it: please take it out of your cart.',
  gone: 'We no longer sell this: please take it out of your cart.',
};

const free = (site: Site, minor: number) => (minor ? money(site, minor) : 'free');

/** What the checkout says beside a way: the author's note, the postal codes local delivery reaches, or where and when to collect. */
function methodNote(site: Site, props: ShopProps, method: DeliveryMethod): string {
  if (method === 'collect') return props.collect ? collectText(collectPlace(site, props.collect)) : '';
  const local = method === 'local' ? props.local : undefined;
  const reach = local?.postalCodes?.length ? `To ${addressWords(site).code}s ${local.postalCodes.join(', ')}.` : undefined;
  return [local ? local.note : props.shipping?.note, reach].filter(Boolean).join(' ');
}

/** The cart with its delivery choices and their totals, all from the YAML (none for gift cards alone, which go by e-mail). */
export function cartView(site: Site, props: ShopProps, cart: CartContents): CartView {
  const lines = cart.lines.map((l) => ({ slug: l.ref.item.slug, product: l.ref.item.data, variant: l.ref.variant, quantity: l.quantity }));
  const asked = askedOf(
    props,
    lines.map((l) => l.product),
  );
  const methods = asked.methods.map((method) => {
    const fee = methodFee(site, props, method, lines);
    const note = methodNote(site, props, method);
    return {
      method,
      label: methodLabel(props, method),
      fee: free(site, fee),
      total: money(site, cart.subtotal + fee),
      ...(note ? { note } : {}),
      ...(needsAddress(method) ? {} : { noAddress: true }),
    };
  });
  return {
    lines: cart.lines.map((l) => ({
      id: l.id,
      name: l.ref.item.data.variants.length > 1 ? `${l.ref.item.data.name}: ${l.ref.variant.label}` : l.ref.item.data.name,
      ...(l.ref.item.path ? { href: publicPath(site.prefix, l.ref.item.path) } : {}),
      unit: money(site, l.unit),
      quantity: l.quantity,
      total: money(site, l.total),
      most: Math.min(l.most, Math.max(l.left, l.quantity)),
      note: stockNote(l.left),
    })),
    gone: cart.unavailable.map((u) => ({ id: u.id, name: u.name, reason: GONE[u.reason] })),
    count: cart.count,
    subtotal: money(site, cart.subtotal),
    methods,
    ...(asked.gifts ? { gifts: true } : {}),
  };
}

/** Everything the island shows, for this page and this visitor. */
export function shopView(props: ShopProps, ctx: RenderContext): ShopView {
  const { site } = ctx;
  const loaded = ctx.visitor.loaded?.shop as ShopLoaded | undefined;
  const page = publicPath(site.prefix, ctx.target.path);
  const state = postedState(ctx, `shop:${props.collection}`);
  // After a refused post the page is drawn from the cart the post read.
  const posted = (state?.result as { cart?: CartView } | undefined)?.cart;
  const listing = site.targets.find((t) => !t.item && t.page.blocks?.some((b) => b.type === 'product-list'));
  return {
    id: 'shop',
    action: `${ctx.actionOrigin ?? ''}${page}`,
    page,
    token: ctx.visitor.token,
    // The page's own title, said again by the block, is left to the page's h1.
    ...(ownHeading(ctx, props.heading ?? 'Your cart') === undefined ? { titled: true } : props.heading ? { heading: props.heading } : {}),
    ...(props.intro ? { introHtml: renderMarkdown(props.intro, (h) => siteHref(site.prefix, h)) } : {}),
    testMode: site.data.payments?.provider !== 'stripe',
    ...(listing ? { shop: publicPath(site.prefix, listing.path) } : {}),
    holdMinutes: props.holdMinutes,
    words: addressWords(site),
    submit: props.submit,
    cart: posted ?? (loaded ? cartView(site, props, loaded.cart) : { lines: [], gone: [], count: 0, subtotal: money(site, 0), methods: [] }),
    ...(state ? { state: { ...state, result: undefined } } : {}),
    ...(loaded?.order ? { order: loaded.order } : {}),
    ...(loaded?.unknownOrder ? { unknownOrder: true } : {}),
  };
}
