/**
 * A certificate as it is printed and mailed, read from its gift-issued entry on the ledger, and
 * the dates it lives by: when it is sent, and until when it can be used. The gift-certificate
 * block issues them from its form; the shop issues them for the gift cards it sells.
 */
import { formatMoneyExact } from '../../../runtime/payments/money.ts';
import type { StoredRecord } from '../../../runtime/store/store.ts';
import { localDate } from '../../../runtime/services/time.ts';

const DAY = 86_400_000;

export interface Certificate {
  /** What sold it: a gift-certificate block's `certificate` name, or `shop:<collection>` for a shop's gift card. */
  certificate: string;
  code: string;
  /** What it was worth when issued, in minor units. */
  value: number;
  currency: string;
  package?: string;
  recipientName: string;
  recipientEmail: string;
  buyerName: string;
  message: string;
  /** YYYY-MM-DD, or empty: sent as soon as it was paid. */
  deliverOn: string;
  /** YYYY-MM-DD, the last day it can be used; none when the site sets no end. */
  validUntil?: string;
  testMode: boolean;
  /** How to redeem it, as written when it was sold (a shop's gift card keeps its product's words). */
  redeem?: string;
  /** Bought by the person it is sent to (a shop's gift card with no one else named): nobody "has given" it to them. */
  forBuyer?: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The certificate a gift-issued entry holds; undefined for a balance issued without one (by hand, for a refund). */
export function certificateOf(entry: StoredRecord): Certificate | undefined {
  const details = (entry.details ?? {}) as Record<string, unknown>;
  if (entry.type !== 'gift-issued' || typeof entry.account !== 'string' || !text(details.recipientEmail)) return undefined;
  return {
    certificate: text(details.certificate),
    code: entry.account,
    value: Number(entry.amount),
    currency: String(entry.currency),
    ...(text(details.package) ? { package: text(details.package) } : {}),
    recipientName: text(details.recipientName),
    recipientEmail: text(details.recipientEmail),
    buyerName: text(details.buyerName),
    message: text(details.message),
    deliverOn: text(details.deliverOn),
    ...(text(details.validUntil) ? { validUntil: text(details.validUntil) } : {}),
    testMode: details.testMode === true,
    ...(text(details.redeem) ? { redeem: text(details.redeem) } : {}),
    ...(details.forBuyer === true ? { forBuyer: true } : {}),
  };
}

export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * When a certificate dated for a day is sent: at noon UTC that day, which is the early morning of
 * that day across the Americas and midday in Europe (at midnight UTC it would reach an American
 * inbox the evening before, spoiling a birthday surprise). Undated ones go at once.
 */
export const sendsAt = (deliverOn: string) => (deliverOn ? Date.parse(`${deliverOn}T12:00:00Z`) : 0);

/**
 * The delivery dates a buyer may choose, as YYYY-MM-DD in UTC: from yesterday (which is still
 * today for a buyer in the Americas in the evening) to a year from today.
 */
export function deliveryWindow(now: number): { earliest: string; latest: string } {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return { earliest: isoDate(now - DAY), latest: isoDate(latest.getTime()) };
}

/**
 * The last day a certificate bought at `now` can be used, when the site sets a number of months:
 * counted from the day of the purchase in the site's time zone (bought at 8:29 PM on the 28th in
 * Burlington is bought on the 28th there, though it is the 29th in UTC).
 */
export function validUntilOf(now: number, months: number | undefined, timeZone = 'UTC'): string | undefined {
  if (!months) return undefined;
  const date = new Date(`${localDate(now, timeZone)}T12:00:00Z`);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  // The same day of the month, or the month's last day (bought on January 31, valid until the end of February).
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return isoDate(date.getTime());
}

/** What it is worth, as printed: "Three lessons ($225.00)" or "$100.00". */
export function valueLine(certificate: Certificate, locale: string): string {
  const amount = formatMoneyExact(certificate.value, certificate.currency, locale);
  return certificate.package ? `${certificate.package} (${amount})` : amount;
}
