/**
 * The words of a shop's e-mails, as plain text: the order for the business, the buyer's
 * confirmation with the link to their order, the word that it is on its way, and the apology when
 * a paid order could not be kept.
 */
import { lineText, lineWithAmount } from '../../runtime/payments/line.ts';
import { formatMoneyExact } from '../../runtime/payments/money.ts';
import type { Site } from '../../runtime/site.ts';
import { currencyOf } from '../money.tsx';
import { orderNumber, type Order } from './order.ts';

export interface Mail {
  subject: string;
  text: string;
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

function addressLines(order: Order): string[] {
  const a = order.address;
  return [`  ${order.name}`, `  ${a.street}`, `  ${[a.town, [a.region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}`];
}

/** The business's notice of a paid order: what to pack, where it goes, and what is left of each variant. */
export function businessMail(site: Site, order: Order, link: string, left: readonly { name: string; left: number }[], testMode = false): Mail {
  const count = order.lines.reduce((n, l) => n + l.quantity, 0);
  return {
    subject: `New order ${orderNumber(order.order)}: ${items(count)}, ${amount(site, order.total)}`,
    text: [
      `${order.name} (${order.email}) paid for an order on the ${site.data.site.name} website.`,
      '',
      `Order ${orderNumber(order.order)}`,
      ...orderLines(site, order),
      '',
      `${order.delivery.label} to:`,
      ...addressLines(order),
      ...(order.phone ? [`  Phone: ${order.phone}`] : []),
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

/** The buyer's confirmation, with the signed link to their order. */
export function buyerMail(site: Site, order: Order, link: string, testMode = false): Mail {
  return {
    subject: `Your order from ${site.data.site.name}: ${orderNumber(order.order)}`,
    text: [
      `Hello ${order.name},`,
      '',
      // The delivery's label is the author's own words (place names among them): quoted as written.
      `Thank you for your order. We have your payment and are getting it ready. Delivery: ${order.delivery.label}.`,
      '',
      `Order ${orderNumber(order.order)}`,
      ...orderLines(site, order),
      '',
      ...deliveredTo(site, order, link),
      ...(testMode ? ['', TEST_WORDS] : []),
    ].join('\n'),
  };
}

/** The end of a buyer's e-mail: where it goes, the link to the order, and how to ask. */
function deliveredTo(site: Site, order: Order, link: string): string[] {
  const phone = site.data.site.phone ? ` or call us on ${site.data.site.phone}` : '';
  return ['Delivered to:', ...addressLines(order), '', `See your order at any time: ${link}`, `Questions? Reply to this e-mail${phone}.`];
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
      ...deliveredTo(site, order, link),
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
