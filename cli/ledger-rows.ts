/**
 * The ledger as rows for a spreadsheet (sitewright ledger): loaded by the command when it runs, so
 * the command line's help loads none of it.
 */
import type { StoredRecord } from '../runtime/store/store.ts';
import { neutralise } from '../runtime/store/csv.ts';
import { asText } from '../runtime/text.ts';

export const COLUMNS = [
  'date',
  'type',
  'amount',
  'amountMinor',
  'currency',
  'checkout',
  'purpose',
  'description',
  'reference',
  'email',
  'code',
  'balanceChange',
  'provider',
  'providerCheckoutId',
  'providerPaymentId',
  'providerRefundId',
  'providerEventId',
  'key',
  'details',
] as const;

/** Fields shown in columns of their own (a column's name, or the field it is made from); everything else an entry holds goes into `details`. */
const SHOWN = new Set<string>([...COLUMNS.filter((c) => c !== 'details'), 'id', 'createdAt', 'account', 'delta']);

/** An amount in minor units as a plain decimal for a spreadsheet ("104.04"), from integers. */
export function decimal(minor: unknown, currency: string): string {
  if (!Number.isSafeInteger(minor)) return '';
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const n = minor as number;
  const whole = Math.trunc(Math.abs(n) / 10 ** digits);
  const part = String(Math.abs(n) % 10 ** digits).padStart(digits, '0');
  return `${n < 0 ? '-' : ''}${whole}${digits ? `.${part}` : ''}`;
}

export function row(entry: StoredRecord): Record<(typeof COLUMNS)[number], string> {
  const text = (v: unknown) => (v === undefined || v === null ? '' : neutralise(asText(v)));
  const currency = typeof entry.currency === 'string' && /^[A-Z]{3}$/.test(entry.currency) ? entry.currency : 'USD';
  return {
    date: entry.createdAt,
    type: text(entry.type),
    amount: decimal(entry.amount, currency),
    amountMinor: Number.isSafeInteger(entry.amount) ? String(entry.amount) : '',
    currency,
    checkout: text(entry.checkout),
    purpose: text(entry.purpose),
    description: text(entry.description),
    reference: text(entry.reference),
    email: text(entry.email),
    code: text(entry.account),
    balanceChange: Number.isSafeInteger(entry.delta) ? decimal(entry.delta, currency) : '',
    provider: text(entry.provider),
    providerCheckoutId: text(entry.providerCheckoutId),
    providerPaymentId: text(entry.providerPaymentId),
    providerRefundId: text(entry.providerRefundId),
    providerEventId: text(entry.providerEventId),
    key: text(entry.key),
    // What the block kept with the entry (a donor's name and dedication, a certificate's recipient, the lines): one JSON cell.
    details: (() => {
      const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => !SHOWN.has(k)));
      return Object.keys(rest).length ? neutralise(JSON.stringify(rest)) : '';
    })(),
  };
}
