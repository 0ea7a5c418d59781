/**
 * The order page's server half. Every change to the cart (add, change a quantity, remove) is a form
 * post answered with a 303 back to the page, or JSON with the cart for the island; a refused one
 * shows the page again with the message beside its field. Placing the order checks the cart
 * (priced from the YAML alone: no price is read from a post), the pickup or delivery, the time
 * (taken in one step against the kitchen's limit; a full time offers the next free one, chosen
 * for the guest to confirm) and the guest's details, then sends them to pay or, paying at pickup,
 * sends the ticket to the kitchen at once.
 */
import { newOrderNumber } from '../kits/selling/order-number.ts';
import { cartsOf } from '../kits/selling/cart.ts';
import { cartCookie, cartIdOf } from '../kits/selling/cookie.ts';
import { checkChoosing, DEFAULT_MAX_QUANTITY, lineName, priceCart, quantityOf, type ChoiceRefusal } from '../kits/selling/pricing.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import { currencyOf, isEmail, money, postFields, robotCheck } from '../money.tsx';
import type { ActionInput, ActionResult, BlockAction, VisitorState } from '../contract.ts';
import { nextFreeTime, pickupTime, takeTime } from './kitchen.ts';
import { loadCart } from './load.ts';
import { ANCHOR, blockKey, cartScope, feeOf, minimumOf, offerOf, orderToken, timeMessage, waysFor, type OrderRecord } from './offer.ts';
import { announceOrder } from './ticket.ts';
import type { OrderProps } from './schema.ts';
import { cartView, timeText, whenText } from './view.ts';

type Input = ActionInput<OrderProps>;

const OPTION = /^option-([a-z0-9-]{1,60})$/;
const FIELDS = ['do', 'item', 'quantity', 'line', 'fulfilment', 'postcode', 'address', 'slot', 'name', 'email', 'phone', 'note', 'payment'] as const;
const PHONE = /^\+?[0-9(][0-9 ().-]{5,20}[0-9]$/;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What the visitor sent, as text, to show back in the form. */
function valuesOf(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(FIELDS.map((f) => [f, text(body[f])]));
}

/** The options a post chose, by group id: `option-size=large`, `option-extras=feta&option-extras=pita`. */
function optionsOf(body: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body)) {
    const group = OPTION.exec(key)?.[1];
    if (!group) continue;
    out[group] = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');
  }
  return out;
}

/** The page again (or JSON) with a message, the visitor's answers, and their cart as it is. */
async function refuse(input: Input, status: number, state: VisitorState): Promise<ActionResult> {
  const { site, props, cookies, services } = input;
  const loaded = await loadCart(site, props, cookies, services);
  return { kind: 'refused', status, state: { ...state, result: { loaded, cart: cartView(site, props, loaded.lines) } } };
}

/** Done: back to the cart, or the new cart as JSON for the island; the cart's cookie with the answer that started it. */
function cartDone(input: Input, lines: Parameters<typeof cartView>[2], message: string, started?: string): ActionResult {
  const { site, target, props } = input;
  return {
    kind: 'done',
    redirect: `${publicPath(site.prefix, target.path)}#${ANCHOR}-cart`,
    json: { cart: cartView(site, props, lines), message },
    ...(started ? { cookies: [cartCookie(started)] } : {}),
  };
}

/** A refusal of the cart core in words, by the field it is about. */
function choiceErrors(input: Input, refused: ChoiceRefusal, item: string): { status: number; state: VisitorState } | { problem: string } {
  const { catalogue } = offerOf(input.site, input.props);
  const name = catalogue.get(item)?.name ?? 'That dish';
  if (refused.field === 'entry')
    return refused.reason === 'unknown'
      ? { problem: 'That dish is not on our menu. Please choose again from the menu below.' }
      : {
          status: refused.reason === 'sold-out' ? 409 : 422,
          state: { errors: { item: refused.reason === 'sold-out' ? `${name} is sold out today.` : `${name} cannot be ordered online.` } },
        };
  if (refused.field === 'quantity') return { status: 422, state: { errors: { quantity: `Please choose a quantity from 1 to ${DEFAULT_MAX_QUANTITY}.` } } };
  const group = catalogue.get(item)?.groups.find((g) => g.id === refused.group);
  if (!group) return { status: 422, state: { errors: { item: `That is not one of the choices for ${name}. Please choose again.` } } };
  const words = group.name.toLowerCase();
  const message = {
    unknown: `That is not one of the choices of ${words} for ${name}. Please choose again.`,
    missing: `Please choose the ${words} of your ${name}.`,
    'one-only': `Please choose one ${words} for ${name}.`,
    'too-many': `Please choose at most ${group.max ?? 1} for ${words}.`,
  }[refused.reason];
  return { status: 422, state: { errors: { [`option-${group.id}`]: message } } };
}

async function add(input: Input, values: Record<string, string>): Promise<ActionResult> {
  const { site, props, body, cookies, services } = input;
  const quantity = quantityOf(values.quantity, DEFAULT_MAX_QUANTITY);
  const checked = checkChoosing(offerOf(site, props).catalogue, { item: values.item ?? '', options: optionsOf(body), quantity: quantity ?? 1 });
  if ('refused' in checked || quantity === undefined) {
    const refused = 'refused' in checked ? checked.refused : ({ field: 'quantity', reason: 'quantity' } as const);
    const said = choiceErrors(input, refused, values.item ?? '');
    return 'problem' in said ? refuse(input, 422, { values, problem: said.problem }) : refuse(input, said.status, { values, ...said.state });
  }
  const added = await cartsOf(services.store).add(site.prefix, cartScope(props), cartIdOf(cookies), checked.line, quantity);
  if ('refused' in added)
    return added.refused === 'quantity'
      ? refuse(input, 422, { values, errors: { quantity: `That would be more than ${DEFAULT_MAX_QUANTITY} of one dish in your order. Please choose fewer.` } })
      : refuse(input, 422, { values, problem: 'Your order holds as many different dishes as it can. Please place it, or remove a dish first.' });
  const name = offerOf(site, props).catalogue.get(checked.line.item)?.name ?? '';
  return cartDone(input, added.lines, `Added to your order: ${quantity} × ${name}.`, added.created ? added.cart : undefined);
}

async function change(input: Input, values: Record<string, string>, remove: boolean): Promise<ActionResult> {
  const { site, props, cookies, services } = input;
  const quantity = remove ? 0 : /^[0-9]{1,4}$/.test(values.quantity ?? '') ? Number(values.quantity) : NaN;
  if (!(quantity >= 0 && quantity <= DEFAULT_MAX_QUANTITY))
    return refuse(input, 422, { values, errors: { quantity: `Please choose a quantity from 0 (to remove it) to ${DEFAULT_MAX_QUANTITY}.` } });
  const changed = await cartsOf(services.store).change(site.prefix, cartScope(props), cartIdOf(cookies), values.line ?? '', quantity);
  if ('refused' in changed) return refuse(input, 409, { values, problem: 'That dish is no longer in your order: here is your order as it is now.' });
  return cartDone(input, changed.lines, quantity === 0 ? 'Removed from your order.' : 'Your order is updated.');
}

async function place(input: Input, values: Record<string, string>): Promise<ActionResult> {
  const { site, target, props, cookies, services, log } = input;
  const robot = robotCheck(input, values);
  if (robot !== 'person') return robot;
  const now = services.now();
  const { catalogue, timetable } = offerOf(site, props);
  const cart = cartIdOf(cookies);
  const priced = priceCart(catalogue, await cartsOf(services.store).lines(site.prefix, cartScope(props), cart));
  const errors: Record<string, string> = {};
  const delivery = values.fulfilment === 'delivery';

  if (!priced.lines.length && !priced.unavailable.length) errors.cart = 'Your order is empty: please add a dish from the menu first.';
  else if (priced.unavailable.length)
    errors.cart = `${priced.unavailable.map((u) => u.name).join(', ')} can no longer be ordered as you chose: please remove ${priced.unavailable.length === 1 ? 'it' : 'them'} from your order.`;
  else if (priced.subtotal < minimumOf(site, props, delivery)) {
    const minimum = minimumOf(site, props, delivery);
    errors.cart = `The minimum order${delivery ? ' for delivery' : ''} is ${money(site, minimum)}: please add ${money(site, minimum - priced.subtotal)} more.`;
  }
  if (!['pickup', ...(props.delivery ? ['delivery'] : [])].includes(values.fulfilment || 'pickup'))
    errors.fulfilment = 'Please choose pickup' + (props.delivery ? ' or delivery.' : ': we do not deliver.');
  if (delivery && props.delivery) {
    const postcode = (values.postcode ?? '').toUpperCase();
    if (!postcode) errors.postcode = 'Please enter the ZIP code to deliver to.';
    else if (!props.delivery.postcodes.includes(postcode))
      errors.postcode = `We do not deliver to ${postcode.slice(0, 12)}: we deliver to ${props.delivery.postcodes.join(', ')}. Please choose pickup, or another address.`;
    if (!values.address) errors.address = 'Please enter the street address to deliver to.';
    else if ((values.address ?? '').length > 200) errors.address = 'Please shorten the address to 200 characters.';
  }
  const time = pickupTime(timetable, values.slot, now);
  if (!values.slot) errors.slot = `Please choose a ${delivery ? 'delivery' : 'pickup'} time.`;
  else if ('refused' in time) errors.slot = timeMessage(time.refused);
  if (!values.name) errors.name = 'Please enter the name for the order.';
  else if ((values.name ?? '').length > 80) errors.name = 'Please shorten the name to 80 characters.';
  if (!isEmail(values.email))
    errors.email = values.email ? 'Please enter an e-mail address such as name@example.com.' : 'Please enter your e-mail address for the confirmation.';
  if (values.phone ? !PHONE.test(values.phone) : delivery)
    errors.phone = values.phone ? 'Please enter a phone number such as (555) 555-0142.' : 'Please enter a phone number for the driver.';
  if ((values.note ?? '').length > 500) errors.note = 'Please keep the note to 500 characters.';
  const ways = waysFor(props, delivery);
  const payment = values.payment || (ways.length === 1 ? ways[0] : '');
  if (!payment || !(ways as string[]).includes(payment))
    errors.payment =
      delivery && !ways.length ? 'Delivery orders are paid online, which this page does not offer: please choose pickup.' : 'Please choose how to pay.';
  if (Object.keys(errors).length || 'refused' in time || !payment) return refuse(input, 422, { values, errors });

  const fee = feeOf(site, props, delivery);
  const order = {
    scope: cartScope(props),
    // One format however it is paid, as every number a payer reads (orders placed before kept theirs).
    number: newOrderNumber(),
    status: payment === 'online' ? 'held' : 'placed',
    fulfilment: delivery ? 'delivery' : 'pickup',
    payment,
    name: values.name,
    email: (values.email ?? '').toLowerCase(),
    ...(values.phone ? { phone: values.phone } : {}),
    ...(values.note ? { note: values.note } : {}),
    ...(delivery ? { postcode: (values.postcode ?? '').toUpperCase(), address: values.address } : {}),
    lines: priced.lines.map((l) => ({
      item: l.item.id,
      name: l.item.name,
      options: l.choices.map((c) => `${c.group.name}: ${c.choice.name}`),
      quantity: l.quantity,
      unit: l.unit,
      total: l.total,
    })),
    subtotal: priced.subtotal,
    fee,
    total: priced.subtotal + fee,
    currency: currencyOf(site),
    ...(cart ? { cart } : {}),
  };
  const tenant = await services.store.tenant(site.prefix);
  const taken = await takeTime(tenant, time, props.kitchen.perSlot, order, payment === 'online', now);
  if ('refused' in taken) {
    const next = await nextFreeTime(tenant, timetable, props.kitchen.perSlot, time.id, now);
    const asked = timeText(time.startUtc, props.timeZone, site.data.site.language);
    const limit = `the kitchen takes ${props.kitchen.perSlot} ${props.kitchen.perSlot === 1 ? 'order' : 'orders'} for each time`;
    return refuse(input, 409, {
      values: { ...values, ...(next ? { slot: next.id } : {}) },
      errors: {
        slot: next
          ? `${asked} has just been filled (${limit}). The next free time, ${timeText(next.startUtc, props.timeZone, site.data.site.language)}${next.date === time.date ? '' : ` on ${next.date}`}, is now chosen: place your order again to take it, or choose another time.`
          : `${asked} has just been filled (${limit}), and no later time is free${site.data.site.phone ? `: please call us on ${site.data.site.phone}` : ''}.`,
      },
    });
  }
  const placed = taken as OrderRecord;
  const page = publicPath(site.prefix, target.path);
  const link = `${page}?order=${encodeURIComponent(orderToken(services.signer, site.prefix, placed.id))}#${ANCHOR}`;

  if (payment === 'at-pickup') {
    await cartsOf(services.store).empty(site.prefix, cartScope(props), cart);
    await announceOrder(site, props, services, log, placed, target.path);
    return { kind: 'done', redirect: link, json: { redirect: link } };
  }
  try {
    const { redirect } = await services.checkout.open(site, {
      purpose: 'order',
      page: target.path,
      description: `${site.data.site.name}: order ${placed.number}, ${placed.fulfilment} ${whenText(placed.startUtc, props.timeZone, site.data.site.language)}`,
      lines: [
        ...priced.lines.map((l) => ({ name: lineName(l), amount: l.unit, quantity: l.quantity })),
        ...(fee ? [{ name: 'Delivery', amount: fee, quantity: 1 }] : []),
      ],
      email: placed.email,
      reference: placed.number,
      details: { orderId: placed.id },
    });
    return { kind: 'done', redirect, json: { redirect } };
  } catch (error) {
    log.error({ site: site.prefix, err: (error as Error).message }, 'a checkout could not be opened for an order');
    // Its time goes back at once rather than when the hold lapses.
    await tenant.update('orders', placed.id, { status: 'cancelled', expiresAt: new Date(now).toISOString() });
    return refuse(input, 503, { values, problem: 'Orders cannot be paid for online right now. Please try again in a few minutes, or call us.' });
  }
}

async function handle(input: Input): Promise<ActionResult> {
  const values = valuesOf(input.body);
  // Anything but the block's own fields (a price), or a field sent twice: not from this page.
  if (!input.validate(input.body)) return refuse(input, 400, { values, problem: 'The form could not be read. Please use the form on this page again.' });
  switch (values.do) {
    case 'add':
      return add(input, values);
    case 'change':
      return change(input, values, false);
    case 'remove':
      return change(input, values, true);
    default:
      return place(input, values);
  }
}

const field = (maxLength: number) => ({ type: 'string', maxLength });

export const orderAction: BlockAction<OrderProps> = {
  accepts: (props, body) => body._order === blockKey(props),
  key: blockKey,
  bodySchema: () => ({
    ...postFields(
      '_order',
      {
        do: { type: 'string', enum: ['add', 'change', 'remove', 'place'] },
        item: field(100),
        quantity: field(10),
        line: field(20),
        fulfilment: field(20),
        postcode: field(20),
        address: field(300),
        slot: field(40),
        name: field(200),
        email: field(320),
        phone: field(40),
        note: field(2000),
        payment: field(20),
      },
      ['do'],
    ),
    patternProperties: { [OPTION.source]: { anyOf: [field(80), { type: 'array', maxItems: 20, items: field(80) }] } },
  }),
  handle,
};
