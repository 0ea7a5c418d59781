/**
 * The words of a shop's e-mails, as plain text: the order for the business, the buyer's
 * confirmation with the link to their order (and the codes of the gift cards it held), the word
 * that it is on its way or ready to collect, and the apology when a paid order could not be kept.
 * Each says the way the order reaches the buyer: the address it is delivered to, where and when to
 * collect it, or nothing to deliver (gift cards alone, which go by e-mail).
 */
import { lineText, lineWithAmount } from '../../runtime/payments/line.ts';
import { formatMoneyExact } from '../../runtime/payments/money.ts';
import type { Site } from '../../runtime/site.ts';
import { longDate } from '../kits/gifts/words.ts';
import { currencyOf } from '../money.tsx';
import { collectText, placeText } from './delivery.ts';
import { addressLines, orderNumber, pickupOf, type Order } from './order.ts';

export interface Mail {
  subject: string;
  text: string;
}

/** A gift card the order's payment issued: its code, what it is worth and its last day. */
export interface IssuedCard {
  code: string;
  amount: number;
  validUntil?: string;
}

const amount = (site: Site, minor: number) => formatMoneyExact(minor, currencyOf(site), site.data.site.language);

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

function orderLines(site: Site, order: Order): string[] {
  return [
    ...order.lines.map((l) => `  ${lineWithAmount(l, amount(site, l.total))}`),
    '',
    `  Items: ${amount(site, order.subtotal)}`,
    `  ${order.delivery.label}: ${order.delivery.fee ? amount(site, order.delivery.fee) : 'free'}`,
    `  Total: ${amount(site, order.total)}`,
  ];
}

const indented = (order: Order) => (order.address ? [`  ${order.name}`, ...addressLines(order.address).map((l) => `  ${l}`)] : []);

const collecting = (order: Order) => collectText(pickupOf(order));

/** What the receipt repeats of the order's delivery: how it reaches the buyer, and where. */
export function orderSaid(order: Order): { label: string; text: string }[] {
  const d = order.delivery;
  const text =
    d.method === 'collect'
      ? `${d.label}: ${placeText(pickupOf(order))}`
      : d.method === 'email'
        ? `${d.label}: the gift cards are e-mailed once paid.`
        : `${d.label} to ${order.name}, ${order.address ? addressLines(order.address).join(', ') : ''}`;
  return [{ label: 'Delivery', text }];
}

/** The gift cards' codes, each with its worth and last day. */
function cardLines(site: Site, cards: readonly IssuedCard[]): string[] {
  const locale = site.data.site.language;
  return cards.map((c) => `  ${c.code}: ${amount(site, c.amount)}${c.validUntil ? `, valid until ${longDate(c.validUntil, locale)}` : ''}`);
}

/** The business's notice of a paid order: what to pack, where it goes (or who collects it), and what is left of each variant. */
export function businessMail(
  site: Site,
  order: Order,
  link: string,
  left: readonly { name: string; left: number }[],
  testMode = false,
  cards: readonly IssuedCard[] = [],
): Mail {
  const count = order.lines.reduce((n, l) => n + l.quantity, 0);
  const d = order.delivery;
  const goes =
    d.method === 'collect'
      ? [`${d.label}: ${order.name} collects it from ${d.where ?? 'the shop'}.`]
      : d.method === 'email'
        ? ['Gift cards only: they have been e-mailed, so there is nothing to send.']
        : [`${d.label} to:`, ...indented(order)];
  return {
    subject: `New order ${orderNumber(order.order)}: ${items(count)}, ${amount(site, order.total)}`,
    text: [
      `${order.name} (${order.email}) paid for an order on the ${site.data.site.name} website.`,
      '',
      `Order ${orderNumber(order.order)}`,
      ...orderLines(site, order),
      '',
      ...goes,
      ...(order.phone ? [`  Phone: ${order.phone}`] : []),
      ...(cards.length ? ['', 'Gift cards issued:', ...cardLines(site, cards)] : []),
      '',
      'Left for sale after this order:',
      ...left.map((l) => `  ${l.name}: ${l.left === 0 ? 'sold out' : l.left}`),
      '',
      `The order online: ${link}`,
      ...(testMode ? ['', TEST_WORDS] : []),
    ].join('\n'),
  };
}

/** As the receipt says it, at the end of the buyer's and the business's mail of a practice order. */
const TEST_WORDS = 'TEST MODE: this order was paid with a practice payment; no money was taken.';

/** What the buyer is told of the gift cards their order held: the codes, and who has been e-mailed them. */
function giftWords(site: Site, order: Order, cards: readonly IssuedCard[], mailed: 'now' | 'soon'): string[] {
  if (!cards.length) return [];
  const to = order.recipient ? `${order.recipient.name} at ${order.recipient.email}` : 'you';
  const when =
    mailed === 'now'
      ? `${cards.length === 1 ? 'It has' : 'Each has'} been e-mailed to ${to}`
      : `${cards.length === 1 ? 'It is' : 'They are'} being e-mailed to ${to} within the hour`;
  return [
    '',
    cards.length === 1 ? 'Your gift card:' : 'Your gift cards:',
    ...cardLines(site, cards),
    `${when}, with a PDF to print. Keep this e-mail: the code is all that is needed.`,
  ];
}

/** The buyer's confirmation, with the signed link to their order and the codes of its gift cards. */
export function buyerMail(site: Site, order: Order, link: string, testMode = false, cards: readonly IssuedCard[] = [], mailed: 'now' | 'soon' = 'now'): Mail {
  return {
    subject: `Your order from ${site.data.site.name}: ${orderNumber(order.order)}`,
    text: [
      `Hello ${order.name},`,
      '',
      // The delivery's label is the author's own words (place names among them): quoted as written.
      order.delivery.method === 'email'
        ? 'Thank you for your order. We have your payment.'
        : `Thank you for your order. We have your payment and are getting it ready. Delivery: ${order.delivery.label}.`,
      '',
      `Order ${orderNumber(order.order)}`,
      ...orderLines(site, order),
      ...giftWords(site, order, cards, mailed),
      '',
      ...reachesYou(site, order, link),
      ...(testMode ? ['', TEST_WORDS] : []),
    ].join('\n'),
  };
}

/** The end of a buyer's e-mail: where it goes (or where to collect it), the link to the order, and how to ask. */
function reachesYou(site: Site, order: Order, link: string): string[] {
  const phone = site.data.site.phone ? ` or call us on ${site.data.site.phone}` : '';
  const where =
    order.delivery.method === 'collect'
      ? [`${collecting(order)} We e-mail you when it is ready to collect.`, '']
      : order.address
        ? ['Delivered to:', ...indented(order), '']
        : [];
  return [...where, `See your order at any time: ${link}`, `Questions? Reply to this e-mail${phone}.`];
}

/** The buyer is told their order has left (the owner marked it sent on the desk), with the link to it. */
export function sentMail(site: Site, order: Order, link: string): Mail {
  return {
    subject: `Your order ${orderNumber(order.order)} from ${site.data.site.name} is on its way`,
    text: [
      `Hello ${order.name},`,
      '',
      `Your order ${orderNumber(order.order)} from ${site.data.site.name} is on its way (${order.delivery.label}).`,
      '',
      ...order.lines.map((l) => `  ${lineText(l)}`),
      '',
      ...reachesYou(site, order, link),
    ].join('\n'),
  };
}

/** The buyer is told their order is ready to collect (the owner marked it so on the desk): where, when, and the number to give. */
export function readyMail(site: Site, order: Order, link: string): Mail {
  const phone = site.data.site.phone ? ` or call us on ${site.data.site.phone}` : '';
  return {
    subject: `Your order ${orderNumber(order.order)} from ${site.data.site.name} is ready to collect`,
    text: [
      `Hello ${order.name},`,
      '',
      `Your order ${orderNumber(order.order)} from ${site.data.site.name} is ready to collect.`,
      collecting(order),
      `Please give the order number, ${orderNumber(order.order)}, when you come.`,
      '',
      ...order.lines.map((l) => `  ${lineText(l)}`),
      '',
      `See your order at any time: ${link}`,
      `Questions? Reply to this e-mail${phone}.`,
    ].join('\n'),
  };
}

/** The buyer is told their paid order could not be kept (what they bought sold out while they paid) and that it is refunded. */
export function notKeptMail(site: Site, order: Order, link: string): Mail {
  const phone = site.data.site.phone ? `, or call us on ${site.data.site.phone}` : '';
  return {
    subject: `Your order from ${site.data.site.name} could not be kept`,
    text: [
      `Hello ${order.name},`,
      '',
      `We are sorry: while you were paying, the last of something in your order ${orderNumber(order.order)} was bought by someone else, so we cannot send it.`,
      `Your payment of ${amount(site, order.total)} has been refunded in full to the card you paid with.`,
      '',
      `Your order: ${link}`,
      `Please have a look at what is left in the shop${phone}.`,
    ].join('\n'),
  };
}
