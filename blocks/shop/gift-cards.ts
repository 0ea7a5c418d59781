/**
 * The gift cards of a paid shop order, on the site's one gift ledger (the gifts kit), the same
 * balances as the gift-certificate block's: one code for each card bought (two bought, two
 * codes), worth its line's unit price as the YAML priced it at the checkout, each issued once
 * however often the payment is handed over (keyed by the checkout, the line and the card's
 * number), then e-mailed with its PDF to the person the buyer named, or to the buyer. A refund of
 * the order in full empties them (the block's `refunded`), as it does a certificate's; one whose
 * e-mail failed is sent again by the shop's hourly run.
 */
import { isTestCheckout } from '../../runtime/payments/ledger.ts';
import type { StoredRecord } from '../../runtime/store/store.ts';
import type { ActionServices, PaidInput } from '../contract.ts';
import { certificateOf, validUntilOf } from '../kits/gifts/certificate.ts';
import { certificateBalance, issueCertificate, voidCertificates } from '../kits/gifts/certificates.ts';
import { newCode } from '../kits/gifts/code.ts';
import { sendCertificate, sendDue } from '../kits/gifts/sending.ts';
import type { Site } from '../../runtime/site.ts';
import type { IssuedCard } from './emails.ts';
import type { Order, OrderLine } from './order.ts';

type Log = PaidInput['log'];

/** What the gifts kit calls the cards a shop sells, on each card's entry: the desk and the hourly run tell them by it. */
export const cardSeller = (collection: string) => `shop:${collection}`;

/** Issues one card of a line, unless its key issued one already; answers its entry on the ledger. */
async function issueOne(site: Site, order: Order, line: OrderLine, n: number, opened: StoredRecord, services: ActionServices) {
  const checkout = String(opened.checkout);
  const key = `gift:${checkout}:${line.key}:${n}`;
  const found = await services.ledger.find(site, { key });
  if (found || !line.gift) return found;
  const prefix = line.gift.codePrefix;
  let code = newCode(prefix);
  while ((await certificateBalance(services, site, code)) !== undefined) code = newCode(prefix);
  const validUntil = validUntilOf(services.now(), line.gift.validMonths, site.data.site.timeZone);
  const to = order.recipient;
  await issueCertificate(services, site, {
    code,
    amount: line.unit,
    key,
    checkout,
    details: {
      certificate: cardSeller(order.collection),
      recipientName: to?.name ?? order.name,
      recipientEmail: to?.email ?? order.email,
      message: to?.message ?? '',
      deliverOn: '',
      buyerName: to ? order.name : '',
      ...(to ? {} : { forBuyer: true }),
      ...(validUntil ? { validUntil } : {}),
      ...(line.gift.redeem ? { redeem: line.gift.redeem } : {}),
      // A test key's checkout took no money: the card is a practice one, as a certificate bought so.
      testMode: isTestCheckout(opened),
      order: order.order,
      orderLine: line.key,
    },
  });
  // Of two hand-overs at once, the one whose entry was kept is the card.
  return services.ledger.find(site, { key });
}

/**
 * Issues the order's gift cards and e-mails each one; answers their codes and whether every
 * e-mail went ('now') or some are to be sent again within the hour ('soon').
 */
export async function issueCards(
  site: Site,
  order: Order,
  opened: StoredRecord,
  services: ActionServices,
  log: Log,
): Promise<{ cards: IssuedCard[]; mailed: 'now' | 'soon' }> {
  const cards: IssuedCard[] = [];
  let mailed: 'now' | 'soon' = 'now';
  for (const line of order.lines.filter((l) => l.gift))
    for (let n = 1; n <= line.quantity; n++) {
      const entry = await issueOne(site, order, line, n, opened, services);
      const certificate = entry && certificateOf(entry);
      if (!certificate) {
        log.error({ site: site.prefix, order: order.order }, 'a gift card of a paid shop order could not be issued: see the ledger');
        continue;
      }
      cards.push({ code: certificate.code, amount: certificate.value, ...(certificate.validUntil ? { validUntil: certificate.validUntil } : {}) });
      if ((await sendCertificate(site, certificate, undefined, services, log)) === 'failed') mailed = 'soon';
    }
  return { cards, mailed };
}

/** A shop order refunded in full: what is left on its gift cards is taken back, as for a gift certificate. */
export const cardsRefunded = ({ site, opened, services }: PaidInput) => voidCertificates(services, site, String(opened.checkout));

/** The hourly run: a shop's gift cards whose e-mail failed are sent again. */
export const sendCardsDue = (site: Site, collection: string, services: ActionServices, log: Log, now: number) =>
  sendDue(site, cardSeller(collection), undefined, services, log, now);
