/**
 * A receipt: what a payer reads of a checkout, on the receipts page and in the e-mail, worked out
 * from the ledger alone — its lines, its total, its status, the words of their own it repeats, and
 * its number once money was taken.
 */
import type { Site } from '../site.ts';
import { momentText } from '../render/site-zone.ts';
import type { StoredRecord } from '../store/store.ts';
import { isTestCheckout, momentOf, type CheckoutStatus, type CheckoutView } from './ledger.ts';
import { lineWithAmount } from './line.ts';
import { formatMoneyExact } from './money.ts';
import type { CheckoutLine } from './provider.ts';
import { receiptNumber, renewalNumber } from './numbers.ts';

/** Words their receipt (page and e-mail) repeats to the payer: their own ("Dedication: In memory of Grandma Rose"), or what is left to pay ("To pay at the visit: $89"). */
export interface Said {
  label: string;
  text: string;
}

/** What a receipt shows: read from the ledger only. */
export interface Receipt {
  checkout: string;
  status: CheckoutStatus;
  amount: number;
  currency: string;
  description: string;
  reference?: string;
  email?: string;
  openedAt: string;
  paidAt?: string;
  refunded: number;
  /** Later months paid so far (a monthly checkout). */
  renewals: number;
  mode: 'once' | 'monthly';
  page: string;
  testMode: boolean;
  lines: CheckoutLine[];
  said: Said[];
}

const STATUS_WORDS: Record<Receipt['status'], string> = {
  open: 'Not paid',
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Not paid (the payment failed)',
  refunded: 'Refunded',
};

export const receiptStatus = (status: Receipt['status']) => STATUS_WORDS[status];

/** Only money taken gets a receipt number: a declined, cancelled or unpaid checkout is no receipt. */
export const hasNumber = (receipt: Pick<Receipt, 'status'>) => receipt.status === 'paid' || receipt.status === 'refunded';

/** The receipt as plain text: the e-mail, and what a receipt page says. */
export function receiptText(site: Site, receipt: Receipt, link: string): string {
  const locale = site.data.site.language;
  const money = (minor: number) => formatMoneyExact(minor, receipt.currency, locale);
  const lines = [
    `Thank you. This is your receipt from ${site.data.site.name}.`,
    '',
    `${receipt.description}${receipt.reference ? `\nReference: ${receipt.reference}` : ''}`,
    ...receipt.said.map((s) => `${s.label}: ${s.text}`),
    ...receipt.lines.map((l) => lineWithAmount(l, money(l.amount * l.quantity))),
    `Total: ${money(receipt.amount)}${receipt.mode === 'monthly' ? ' every month' : ''}`,
    `Status: ${receiptStatus(receipt.status)}`,
    `Date: ${momentText(site, receipt.paidAt ?? receipt.openedAt)}`,
    ...(hasNumber(receipt) ? [`Receipt number: ${receiptNumber(receipt.checkout)}`] : []),
    '',
    `See this receipt online: ${link}`,
  ];
  if (receipt.testMode) lines.push('', 'TEST MODE: no money was taken.');
  return lines.join('\n');
}

/** A checkout's receipt, from its entries alone. */
export function receiptOf(checkout: string, view: CheckoutView): Receipt {
  const { opened } = view;
  return {
    checkout,
    status: view.status,
    amount: Number(opened.amount),
    currency: String(opened.currency),
    description: String(opened.description),
    reference: typeof opened.reference === 'string' ? opened.reference : undefined,
    email: typeof opened.email === 'string' ? opened.email : undefined,
    openedAt: momentOf(opened),
    paidAt: view.paid ? momentOf(view.paid) : undefined,
    refunded: view.refunded,
    renewals: view.renewals.length,
    mode: opened.mode === 'monthly' ? 'monthly' : 'once',
    page: String(opened.page),
    testMode: isTestCheckout(opened),
    lines: (opened.lines as CheckoutLine[]) ?? [],
    said: Array.isArray(opened.said) ? (opened.said as Said[]) : [],
  };
}

/** A later month's receipt of a monthly checkout as plain text, for its e-mail; `link` is the first receipt's page. */
export function renewalText(site: Site, opened: StoredRecord, paid: StoredRecord, link: string): string {
  const money = formatMoneyExact(paid.amount as number, String(opened.currency), site.data.site.language);
  return [
    `Thank you. ${site.data.site.name} received your monthly payment of ${money} on ${momentText(site, momentOf(paid))}.`,
    '',
    `${String(opened.description)}`,
    `Receipt number: ${renewalNumber(String(opened.checkout), paid.id)}`,
    '',
    `Your first receipt, with how to change or stop the monthly payment: ${link}`,
  ].join('\n');
}
