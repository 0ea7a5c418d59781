/**
 * The gift-certificate block's page on the owner's desk: every certificate issued on the site,
 * newest first, with its full code (the desk is signed in), what it was worth and what is left,
 * who it is for and from, until when it is valid, and where it stands: scheduled, sent, used up,
 * expired or voided by a refund, test-mode ones marked. All of it is read from the ledger, in one
 * pass. A sent certificate can be e-mailed to its recipient again (a lost e-mail), through the same
 * mail as its first sending; that changes nothing on the ledger.
 */
import { deskTime } from '../../runtime/desk/ui.ts';
import { byCheckout, checkoutOf, momentOf } from '../../runtime/payments/ledger.ts';
import { certificateExpired } from '../kits/gifts/certificates.ts';
import { formatMoneyExact } from '../../runtime/payments/money.ts';
import type { StoredRecord } from '../../runtime/store/store.ts';
import type { DeskBoard, DeskBoardInput } from '../contract.ts';
import { certificateOf, sendsAt, valueLine, type Certificate } from '../kits/gifts/certificate.ts';
import { propsFor } from './schema.ts';
import { mailCertificate, wasSent } from '../kits/gifts/sending.ts';

/** Where a certificate stands, the first that holds: voided, used up, expired, sent, scheduled, due (the hourly run sends it), or issued by hand without a recipient. */
type Standing = 'voided' | 'used' | 'expired' | 'sent' | 'scheduled' | 'due' | 'by-hand';

interface Issued {
  entry: StoredRecord;
  /** Undefined for a balance issued by hand, with nobody to send it to. */
  certificate?: Certificate;
  code: string;
  currency: string;
  balance: number;
  validUntil?: string;
  testMode: boolean;
  buyerEmail: string;
  standing: Standing;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The site's certificates, newest first, from one reading of its ledger. */
async function issuedCertificates(input: DeskBoardInput): Promise<Issued[]> {
  const now = input.services.now();
  const ledger = await (await input.services.store.tenant(input.site.prefix)).list('ledger');
  const balances = new Map<string, number>();
  const voided = new Set<unknown>();
  const sent = new Set<unknown>();
  for (const e of ledger) {
    if (typeof e.account === 'string' && Number.isSafeInteger(e.delta)) balances.set(e.account, (balances.get(e.account) ?? 0) + (e.delta as number));
    if (e.voided === 'refunded') voided.add(e.account);
    if (e.type === 'fulfilled') sent.add(e.key);
  }
  const checkouts = byCheckout(ledger);
  const found: Issued[] = [];
  for (const entry of ledger) {
    if (entry.type !== 'gift-issued' || typeof entry.account !== 'string') continue;
    const certificate = certificateOf(entry);
    const details = (entry.details ?? {}) as Record<string, unknown>;
    const code = entry.account;
    const balance = balances.get(code) ?? 0;
    const validUntil = text(details.validUntil) || undefined;
    const bought = typeof entry.checkout === 'string' ? checkoutOf(checkouts.get(entry.checkout) ?? []) : undefined;
    const standing: Standing =
      voided.has(code) || bought?.status === 'refunded'
        ? 'voided'
        : balance <= 0
          ? 'used'
          : validUntil && certificateExpired(validUntil, now)
            ? 'expired'
            : !certificate
              ? 'by-hand'
              : wasSent(sent, code)
                ? 'sent'
                : sendsAt(certificate.deliverOn) > now
                  ? 'scheduled'
                  : 'due';
    found.push({
      entry,
      ...(certificate ? { certificate } : {}),
      code,
      currency: String(entry.currency),
      balance,
      ...(validUntil ? { validUntil } : {}),
      testMode: details.testMode === true || entry.provider === 'test',
      buyerEmail: text(bought?.opened.email),
      standing,
    });
  }
  // The ledger is in the order entries were added: the last issued is the newest.
  return found.reverse();
}

function standingText(issued: Issued): string {
  const words: Record<Standing, string> = {
    voided: 'Voided (refunded)',
    used: 'Used up',
    expired: 'Expired',
    sent: 'Sent',
    scheduled: `Scheduled for ${issued.certificate?.deliverOn ?? ''}`,
    due: 'Being sent',
    'by-hand': 'Issued by hand',
  };
  return `${words[issued.standing]}${issued.testMode ? ' (test)' : ''}`;
}

/** Why a certificate that is not simply "sent" is not e-mailed again. */
function notResent(issued: Issued): string {
  const code = issued.code;
  switch (issued.standing) {
    case 'voided':
      return `Certificate ${code} was refunded, so it is void.`;
    case 'used':
      return `Certificate ${code} has nothing left on it.`;
    case 'expired':
      return `Certificate ${code} has expired.`;
    case 'scheduled':
      return `Certificate ${code} is to be sent on ${issued.certificate?.deliverOn ?? ''}: it has not gone yet.`;
    case 'due':
      return `Certificate ${code} is being sent within the hour.`;
    default:
      return `Certificate ${code} was issued by hand, with no one to e-mail it to.`;
  }
}

const person = (name: string, email: string) => (name && email ? `${name} (${email})` : name || email);

export const giftCertificateDesk: DeskBoard = {
  slug: 'gift-certificates',
  kind: 'ledger',
  label: 'Gift certificates',
  intro:
    'Every gift certificate issued on this site, newest first, with what is left on it. A sent one can be e-mailed to its recipient again, with its PDF; certificates bought in test mode are marked (test) and are not valid.',
  columns: ['Code', 'Issued', 'Value', 'Left', 'Recipient', 'Buyer', 'Valid until', 'Status'],
  async rows(input) {
    const { site } = input;
    const locale = site.data.site.language;
    return (await issuedCertificates(input)).map((issued) => {
      const c = issued.certificate;
      return {
        id: issued.entry.id,
        cells: [
          issued.code,
          deskTime(site, momentOf(issued.entry)),
          c ? valueLine(c, locale) : formatMoneyExact(Number(issued.entry.amount), issued.currency, locale),
          formatMoneyExact(issued.balance, issued.currency, locale),
          c ? person(c.recipientName, c.recipientEmail) : '',
          person(c?.buyerName ?? '', issued.buyerEmail),
          issued.validUntil ?? 'No end',
          standingText(issued),
        ],
        actions: issued.standing === 'sent' ? [{ name: 'resend', label: 'Resend' }] : [],
      };
    });
  },
  async act(input, id, action) {
    const { site, services, log } = input;
    const issued = (await issuedCertificates(input)).find((i) => i.entry.id === id);
    if (!issued) return { refused: 404, problem: 'There is no such gift certificate on this site.' };
    if (action !== 'resend') return { refused: 422, problem: 'A gift certificate can only be e-mailed again here.' };
    const certificate = issued.certificate;
    if (issued.standing !== 'sent' || !certificate) return { refused: 422, problem: notResent(issued) };
    try {
      await mailCertificate(site, certificate, propsFor(site, certificate.certificate)?.redeem, services);
    } catch (error) {
      log.error({ site: site.prefix, err: (error as Error).message }, 'a gift certificate could not be e-mailed again');
      return { refused: 422, problem: `Certificate ${certificate.code} could not be e-mailed just now: please try again in a few minutes.` };
    }
    log.info({ site: site.prefix, certificate: certificate.certificate }, 'gift certificate e-mailed again from the desk');
    return { done: `e-mailed gift certificate ${certificate.code} again to ${person(certificate.recipientName, certificate.recipientEmail)}` };
  },
};
