/**
 * The ledger's totals per month as the desk shows them: taken, refunded and net from the money core
 * (runtime/payments/ledger.ts), and beside them the parts of the takings that the site's boards
 * name (of it, donations), summed over the same months, currencies and modes.
 */
import type { DeskBoard, DeskMoneyPart } from '../../blocks/contract.ts';
import { localDate } from '../services/time.ts';
import { decimalOf, isTestCheckout, momentOf, monthlyTotals, type MonthTotals } from '../payments/ledger.ts';
import { minorDigits } from '../payments/money.ts';
import type { StoredRecord } from '../store/store.ts';
import { tableCsv } from '../store/csv.ts';

/** One month's totals in one currency and mode, with each part's amount in the parts' order. */
export interface MoneyMonth extends MonthTotals {
  parts: number[];
}

/** The parts of the takings that a site's boards name, in the menu's order. */
export const moneyParts = (boards: readonly DeskBoard[]) => boards.flatMap((b) => (b.money ? [b.money] : []));

const keyOf = (month: string, currency: string, test: boolean) => `${month} ${currency} ${test}`;

/** The months of a ledger in the site's zone (`siteZone`), each entry's at its own moment, newest first (test mode's after the rest), with the parts the boards name. */
export function moneyMonths(entries: readonly StoredRecord[], zone: string, parts: readonly DeskMoneyPart[]): MoneyMonth[] {
  const monthOf = (iso: string) => localDate(Date.parse(iso), zone).slice(0, 7);
  const tests = new Set(entries.filter((e) => e.type === 'checkout-opened' && isTestCheckout(e)).map((e) => e.checkout));
  const sums = new Map<string, number[]>();
  for (const e of entries) {
    if (typeof e.currency !== 'string') continue;
    const amounts = parts.map((p) => p.amountOf(e)).map((a) => (Number.isSafeInteger(a) ? a : 0));
    if (amounts.every((a) => a === 0)) continue;
    const key = keyOf(monthOf(momentOf(e)), e.currency, tests.has(e.checkout));
    const sum = sums.get(key) ?? parts.map(() => 0);
    sums.set(
      key,
      sum.map((s, i) => s + (amounts[i] ?? 0)),
    );
  }
  return monthlyTotals(entries, monthOf).map((t) => ({ ...t, parts: sums.get(keyOf(t.month, t.currency, t.test)) ?? parts.map(() => 0) }));
}

/** The months as money.csv: plain decimals, a column per part after the payments' count. */
export function moneyCsv(months: readonly MoneyMonth[], parts: readonly DeskMoneyPart[]): string {
  const minor = (n: number, currency: string) => decimalOf(n, minorDigits(currency));
  return tableCsv(
    ['month', 'currency', 'mode', 'taken', 'payments', ...parts.map((p) => p.column), 'refunded', 'refunds', 'net'],
    months.map((t) => [
      t.month,
      t.currency,
      t.test ? 'test' : 'live',
      minor(t.paid, t.currency),
      String(t.payments),
      ...t.parts.map((amount) => minor(amount, t.currency)),
      minor(t.refunded, t.currency),
      String(t.refunds),
      minor(t.paid - t.refunded, t.currency),
    ]),
  );
}
