/**
 * The order page's view, worked out on the server: the offered menus with each dish's options and
 * price, the visitor's cart priced from the YAML, the pickup times by day in the restaurant's
 * zone, and an order named by its link. Plain JSON for the island (view-types.ts).
 */
import type { CartLine } from '../kits/selling/cart.ts';
import { priceCart, type PricedCart } from '../kits/selling/pricing.ts';
import { addDays, localDate } from '../../runtime/services/time.ts';
import { siteHref, type RenderContext } from '../../runtime/render/context.tsx';
import { renderMarkdown } from '../../runtime/render/markdown.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import type { Site } from '../../runtime/site.ts';
import { currencyOf, money, postedState } from '../money.tsx';
import type { OrderLoaded } from './load.ts';
import { ANCHOR, blockKey, feeOf, minimumOf, offerOf, stageOf, type OrderRecord } from './offer.ts';
import type { OrderProps } from './schema.ts';
import type { CartLineView, CartView, CheckoutView, DayView, OrderPageView, PlacedView, SectionView } from './view-types.ts';
import { dateTimeFormat } from '../../runtime/render/intl.ts';

const signed = (site: Site, minor: number) => (minor === 0 ? '' : `${minor > 0 ? '+' : '−'}${money(site, Math.abs(minor))}`);

function sectionsOf(site: Site, props: OrderProps): SectionView[] {
  return offerOf(site, props).sections.map((section) => ({
    name: section.name,
    ...(section.description ? { description: section.description } : {}),
    dishes: section.entries.map(({ id, dish, item, orderable }) => ({
      id,
      name: dish.name,
      ...(dish.description ? { description: dish.description } : {}),
      price: item.price !== undefined ? money(site, item.price) : dish.price,
      ...(item.price !== undefined ? { amount: item.price } : {}),
      soldOut: Boolean(dish.soldOut),
      orderable,
      dietary: [...(dish.dietary ?? [])],
      groups: item.groups.map((g) => ({
        id: g.id,
        name: g.name,
        pick: g.pick,
        required: g.required,
        ...(g.max !== undefined ? { max: g.max } : {}),
        choices: g.choices.map((c) => ({ id: c.id, name: c.name, delta: c.delta, note: signed(site, c.delta) })),
      })),
    })),
  }));
}

/** A priced cart's lines for people. */
export const lineViews = (site: Site, priced: PricedCart): CartLineView[] =>
  priced.lines.map((l) => ({
    id: l.id,
    name: l.item.name,
    options: l.choices.map((c) => c.choice.name),
    quantity: l.quantity,
    unit: money(site, l.unit),
    total: money(site, l.total),
  }));

/** The cart as the page shows it, priced from the YAML now. */
export function cartView(site: Site, props: OrderProps, lines: readonly CartLine[]): CartView {
  const priced = priceCart(offerOf(site, props).catalogue, lines);
  const minimum = minimumOf(site, props, false);
  return {
    lines: lineViews(site, priced),
    unavailable: priced.unavailable.map((u) => ({
      id: u.id,
      name: u.name,
      note: u.reason === 'sold-out' ? 'Sold out since you added it: please remove it.' : 'No longer on the menu as you chose it: please remove it.',
    })),
    count: priced.count,
    subtotal: money(site, priced.subtotal),
    ...(priced.count && priced.subtotal < minimum
      ? { short: `The minimum order is ${money(site, minimum)}: add ${money(site, minimum - priced.subtotal)} more.` }
      : {}),
  };
}

/** A date as a choice: "Today, Tuesday, June 16", "Tomorrow, …", "Thursday, June 18". */
function dayLabel(date: string, today: string, locale: string): string {
  const day = dateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(Date.parse(`${date}T12:00:00Z`));
  return date === today ? `Today, ${day}` : date === addDays(today, 1) ? `Tomorrow, ${day}` : day;
}

/** A pickup time in the restaurant's zone: "Tuesday, June 16, 6:30 PM PDT". */
export function whenText(startUtc: string, timeZone: string, locale: string): string {
  const at = Date.parse(startUtc);
  const day = dateTimeFormat(locale, { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(at);
  return `${day}, ${dateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(at)}`;
}

/** A pickup time of day: "6:30 PM". */
export const timeText = (startUtc: string, timeZone: string, locale: string) =>
  dateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(Date.parse(startUtc));

function checkoutView(site: Site, props: OrderProps, loaded: OrderLoaded, now: number): CheckoutView {
  const locale = site.data.site.language;
  const today = localDate(now, props.timeZone);
  const days: DayView[] = loaded.days
    .filter((d) => d.times.length)
    .map((d) => ({
      date: d.date,
      label: dayLabel(d.date, today, locale),
      times: d.times.map((t) => ({ id: t.id, label: timeText(t.startUtc, props.timeZone, locale), full: t.left <= 0 })),
    }));
  const zone =
    dateTimeFormat(locale, { timeZone: props.timeZone, timeZoneName: 'long' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName')?.value ?? props.timeZone;
  return {
    days,
    payment: [...props.payment],
    ...(props.delivery
      ? {
          delivery: {
            fee: props.delivery.fee !== undefined ? money(site, feeOf(site, props, true)) : 'free',
            ...(props.delivery.minimum !== undefined ? { minimum: money(site, minimumOf(site, props, true)) } : {}),
            postcodes: [...props.delivery.postcodes],
          },
        }
      : {}),
    ...(props.minimum !== undefined ? { minimum: money(site, minimumOf(site, props, false)) } : {}),
    leadMinutes: props.leadMinutes,
    zone,
    submit: props.submit,
  };
}

const STATUS: Record<OrderRecord['status'], string> = {
  held: 'Waiting for payment',
  placed: 'Received',
  paid: 'Paid and received',
  cancelled: 'Cancelled',
  expired: 'Not paid in time',
};

/** Where the kitchen has got with an order it took, as its desk recorded; undefined before it starts. */
function kitchenStatus(order: OrderRecord): string | undefined {
  if (order.status !== 'placed' && order.status !== 'paid') return undefined;
  const pickup = order.fulfilment === 'pickup';
  // How it was paid is shown beside it ("Paid online: …"), so the stage alone is said here.
  const stage = stageOf(order);
  if (stage === 'preparing') return 'Being prepared';
  if (stage === 'ready') return pickup ? 'Ready to collect' : 'Ready and on its way';
  if (stage === 'collected') return pickup ? 'Collected' : 'Delivered';
  return undefined;
}

/** An order as its guest sees it through their link: what, when, how paid. Never their contact details. */
export function placedView(site: Site, props: OrderProps, order: OrderRecord): PlacedView {
  const locale = site.data.site.language;
  const exact = (minor: number) => money(site, minor);
  return {
    number: order.number,
    status: kitchenStatus(order) ?? STATUS[order.status],
    when: whenText(order.startUtc, props.timeZone, locale),
    fulfilment: order.fulfilment,
    ...(order.fulfilment === 'delivery' && order.address ? { address: `${order.address}, ${order.postcode ?? ''}` } : {}),
    lines: order.lines.map((l, i) => ({ id: String(i), name: l.name, options: l.options, quantity: l.quantity, unit: exact(l.unit), total: exact(l.total) })),
    subtotal: exact(order.subtotal),
    ...(order.fee ? { fee: exact(order.fee) } : {}),
    total: exact(order.total),
    paid:
      order.status === 'paid'
        ? `Paid online: ${exact(order.total)}`
        : order.payment === 'at-pickup'
          ? `To pay when you collect: ${exact(order.total)}`
          : order.status === 'held'
            ? 'Not paid yet'
            : 'Not paid',
    ...(order.note ? { note: order.note } : {}),
  };
}

/** Everything the island shows, for this page and this visitor. */
export function orderView(props: OrderProps, ctx: RenderContext): OrderPageView {
  const { site } = ctx;
  const page = publicPath(site.prefix, ctx.target.path);
  const state = postedState(ctx, blockKey(props));
  const loaded = (ctx.visitor.loaded?.order as OrderLoaded | undefined) ??
    (state?.result?.loaded as OrderLoaded | undefined) ?? {
      lines: [],
      days: [],
      now: Date.parse(`${ctx.today}T12:00:00Z`),
    };
  return {
    id: ANCHOR,
    anchor: ANCHOR,
    key: blockKey(props),
    action: `${ctx.actionOrigin ?? ''}${page}`,
    page,
    token: ctx.visitor.token,
    heading: props.heading,
    ...(props.intro ? { introHtml: renderMarkdown(props.intro, (h) => siteHref(site.prefix, h)) } : {}),
    testMode: site.data.payments?.provider !== 'stripe',
    currency: currencyOf(site),
    locale: site.data.site.language,
    menuHref: siteHref(site.prefix, props.menu),
    sections: sectionsOf(site, props),
    cart: cartView(site, props, loaded.lines),
    checkout: checkoutView(site, props, loaded, loaded.now),
    ...(state ? { state: { ...state, result: undefined } } : {}),
    ...(loaded.placed ? { placed: placedView(site, props, loaded.placed) } : {}),
    ...(loaded.unknownOrder ? { unknownOrder: true } : {}),
  };
}
