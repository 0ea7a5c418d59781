/**
 * The mail an order sends: the kitchen's ticket (plain text laid out to print on a ticket printer
 * or a sheet of paper: the number, the time in the restaurant's zone, every dish with its options
 * and quantity, the note, whether it is paid, the total) and the guest's confirmation with the
 * signed link to their order's own page.
 */
import { lineWithAmount } from '../../runtime/payments/line.ts';
import { formatMoneyExact } from '../../runtime/payments/money.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import type { ActionServices } from '../contract.ts';
import type { Site } from '../../runtime/site.ts';
import type { PaidInput } from '../contract.ts';
import { orderToken, type OrderRecord } from './offer.ts';
import type { OrderProps } from './schema.ts';
import { whenText } from './view.ts';

const WIDTH = 42;

/** Text and an amount on one line, the amount against the right edge (on a line of its own under text too long to share one). */
const row = (left: string, right: string) =>
  left.length + 1 + right.length > WIDTH ? `${left}\n${right.padStart(WIDTH)}` : `${left}${' '.repeat(WIDTH - left.length - right.length)}${right}`;

/** Words wrapped to the ticket's width, each line indented. */
function wrap(text: string, indent: string): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && indent.length + line.length + 1 + word.length > WIDTH) {
        out.push(indent + line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    out.push(indent + line);
  }
  return out;
}

const how = (order: OrderRecord) => (order.fulfilment === 'delivery' ? 'DELIVERY' : 'PICKUP');

/** Whether it is paid, in capitals for the counter: "PAID ONLINE" or "TO PAY AT PICKUP: $48.00". */
function paidLine(order: OrderRecord, money: (minor: number) => string): string {
  if (order.status === 'paid') return 'PAID ONLINE';
  return order.payment === 'at-pickup' ? `TO PAY AT PICKUP: ${money(order.total)}` : 'NOT PAID';
}

/** The kitchen's ticket, as printed. */
export function ticketText(site: Site, props: OrderProps, order: OrderRecord): string {
  const money = (minor: number) => formatMoneyExact(minor, order.currency, site.data.site.language);
  const when = whenText(order.startUtc, props.timeZone, site.data.site.language);
  const rule = '='.repeat(WIDTH);
  const thin = '-'.repeat(WIDTH);
  return [
    rule,
    `ORDER ${order.number}`,
    `${how(order)}: ${when}`,
    paidLine(order, money),
    rule,
    ...order.lines.flatMap((line) => [row(`${line.quantity} x ${line.name}`, money(line.total)), ...line.options.map((o) => `      + ${o}`)]),
    thin,
    row('Subtotal', money(order.subtotal)),
    ...(order.fee ? [row('Delivery', money(order.fee))] : []),
    row('TOTAL', money(order.total)),
    thin,
    ...(order.note ? ['NOTE FOR THE KITCHEN:', ...wrap(order.note, '  '), thin] : []),
    `Guest: ${order.name}`,
    ...(order.phone ? [`Phone: ${order.phone}`] : []),
    `E-mail: ${order.email}`,
    ...(order.fulfilment === 'delivery' ? [`Deliver to: ${order.address ?? ''}, ${order.postcode ?? ''}`] : []),
    rule,
  ].join('\n');
}

/** The guest's confirmation. */
export function confirmationText(site: Site, props: OrderProps, order: OrderRecord, link: string): string {
  const money = (minor: number) => formatMoneyExact(minor, order.currency, site.data.site.language);
  const when = whenText(order.startUtc, props.timeZone, site.data.site.language);
  const where = [site.data.site.address?.street, site.data.site.address?.locality].filter(Boolean).join(', ');
  return [
    `Hello ${order.name},`,
    '',
    `Thank you: ${site.data.site.name} has your order ${order.number}.`,
    '',
    order.fulfilment === 'delivery'
      ? `Delivery to ${order.address ?? ''}, ${order.postcode ?? ''} at ${when}.`
      : `Ready for pickup at ${when}${where ? `, at ${where}` : ''}.`,
    '',
    ...order.lines.map((line) => lineWithAmount(line, money(line.total))),
    ...(order.fee ? [`Delivery: ${money(order.fee)}`] : []),
    `Total: ${money(order.total)}`,
    order.status === 'paid' ? 'Paid online.' : order.payment === 'at-pickup' ? 'You pay when you collect it.' : '',
    ...(order.note ? ['', `Your note for the kitchen: ${order.note}`] : []),
    '',
    `Your order online: ${link}`,
    ...(site.data.site.phone ? ['', `To change anything, please call us on ${site.data.site.phone}.`] : []),
  ].join('\n');
}

/** Sends the ticket to the restaurant and the confirmation to the guest. */
export async function announceOrder(
  site: Site,
  props: OrderProps,
  services: ActionServices,
  log: PaidInput['log'],
  order: OrderRecord,
  page: string,
): Promise<void> {
  const link = services.siteUrl(site, `${publicPath(site.prefix, page)}?order=${encodeURIComponent(orderToken(services.signer, site.prefix, order.id))}`);
  const when = whenText(order.startUtc, props.timeZone, site.data.site.language);
  const kitchen = site.data.site.notify ?? site.data.site.email;
  if (kitchen)
    await services.mailer.send({
      to: kitchen,
      subject: `Order ${order.number}: ${order.fulfilment} ${when}, ${order.status === 'paid' ? 'paid' : order.payment === 'at-pickup' ? 'to pay at pickup' : 'not paid'}`,
      text: ticketText(site, props, order),
      replyTo: order.email,
    });
  await services.mailer.send({
    to: order.email,
    subject: `Your order ${order.number} at ${site.data.site.name}: ${order.fulfilment} ${when}`,
    text: confirmationText(site, props, order, link),
    ...(site.data.site.email ? { replyTo: site.data.site.email } : {}),
  });
  log.info({ site: site.prefix, order: order.number }, 'order sent to the kitchen');
}
