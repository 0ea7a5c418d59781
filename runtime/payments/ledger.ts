/**
 * The ledger: every movement of a site's money is one entry, added and never changed. What a
 * receipt, a certificate's balance or a donor's thank-you shows is worked out from these entries,
 * never from a query string or a posted field. Each entry has an idempotency `key`, so an event
 * delivered many times (webhooks are) is kept once.
 *
 *   checkout-opened  amounts we computed from the YAML, sent to the provider
 *   paid / processing / failed   what became of the checkout
 *   refunded         money given back (amount ≤ what was paid)
 *   donation         a paid checkout that was a gift to the organisation
 *   gift-issued      a certificate's balance (delta +)    gift-redeemed  taken from it (delta −)
 *   gift-restored    given back to it (delta +): what paid for a booking cancelled in time
 *                    (the gift entries are written and read by the gifts kit, blocks/kits/gifts/)
 *   fulfilled        the block that opened the checkout has done what the payment was for
 */
import type { StoredRecord, TenantStore } from '../store/store.ts';

export const ENTRY_TYPES = [
  'checkout-opened',
  'paid',
  'processing',
  'failed',
  'refunded',
  'donation',
  'gift-issued',
  'gift-redeemed',
  'gift-restored',
  'fulfilled',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** When an entry happened: its own moment (the money core's clock), or when the store kept it (entries made before they carried one). */
export const momentOf = (entry: StoredRecord) => (typeof entry.at === 'string' ? entry.at : entry.createdAt);

export interface EntryFields {
  type: EntryType;
  key: string;
  /** Minor units, never negative; `delta` carries the sign for balances. */
  amount: number;
  currency: string;
  checkout?: string;
  provider?: string;
  providerCheckoutId?: string;
  providerPaymentId?: string;
  providerSubscriptionId?: string;
  providerEventId?: string;
  providerRefundId?: string;
  /** A gift certificate's code, for its balance entries. */
  account?: string;
  delta?: number;
  [field: string]: unknown;
}

/** The state of one checkout, as its entries say. */
export type CheckoutStatus = 'open' | 'processing' | 'paid' | 'failed' | 'refunded';

export interface CheckoutView {
  opened: StoredRecord;
  status: CheckoutStatus;
  paid?: StoredRecord;
  /** Later months of a monthly checkout, each paid on its own. */
  renewals: StoredRecord[];
  /** Minor units given back so far. */
  refunded: number;
  entries: StoredRecord[];
}

/** A whole ledger's entries grouped by checkout, in the order they were added: for reading many checkouts (checkoutOf) at once. */
export function byCheckout(entries: readonly StoredRecord[]): Map<string, StoredRecord[]> {
  const groups = new Map<string, StoredRecord[]>();
  for (const e of entries) {
    if (typeof e.checkout !== 'string') continue;
    const group = groups.get(e.checkout);
    if (group) group.push(e);
    else groups.set(e.checkout, [e]);
  }
  return groups;
}

/** A checkout read from the ledger; undefined when no checkout has that id. */
export async function readCheckout(tenant: TenantStore, checkout: string): Promise<CheckoutView | undefined> {
  return checkoutOf(await tenant.list('ledger', { checkout }));
}

/** A checkout from its own entries (a list that reads many checkouts reads the ledger once and groups it); undefined without its opening entry. */
export function checkoutOf(found: readonly StoredRecord[]): CheckoutView | undefined {
  const entries = [...found].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const opened = entries.find((e) => e.type === 'checkout-opened');
  if (!opened) return undefined;
  const paid = entries.find((e) => e.type === 'paid' && !e.renewal);
  const renewals = entries.filter((e) => e.type === 'paid' && e.renewal === true);
  const refunded = entries.filter((e) => e.type === 'refunded').reduce((sum, e) => sum + (Number.isSafeInteger(e.amount) ? (e.amount as number) : 0), 0);
  // Whatever order the events came in: paid outranks processing and failed; a refund of all of it outranks paid.
  const status: CheckoutStatus = paid
    ? refunded > 0 && refunded >= (paid.amount as number)
      ? 'refunded'
      : 'paid'
    : entries.some((e) => e.type === 'failed')
      ? 'failed'
      : entries.some((e) => e.type === 'processing')
        ? 'processing'
        : 'open';
  return { opened, status, paid, renewals, refunded, entries };
}

/** Whether a checkout was opened in test mode (the offline provider, or a provider's test key): no money moved. */
export const isTestCheckout = (opened: StoredRecord | undefined) => opened?.provider === 'test' || opened?.testMode === true;

/** One month's money in one currency, in minor units: taken (paid) and given back. What part of it a block's (donations) is, the block's desk board sums. */
export interface MonthTotals {
  /** 'YYYY-MM' in the site's zone. */
  month: string;
  currency: string;
  /** Test-mode checkouts' totals, kept apart: no money moved. */
  test: boolean;
  paid: number;
  payments: number;
  refunded: number;
  refunds: number;
}

/** The ledger's totals per month (`monthOf` an entry's moment) and currency, newest month first, from its entries alone; test mode's apart, after the rest. */
export function monthlyTotals(entries: readonly StoredRecord[], monthOf: (iso: string) => string): MonthTotals[] {
  const tests = new Set(entries.filter((e) => e.type === 'checkout-opened' && isTestCheckout(e)).map((e) => e.checkout));
  const totals = new Map<string, MonthTotals>();
  for (const e of entries) {
    if (!['paid', 'refunded'].includes(e.type as string) || !Number.isSafeInteger(e.amount) || typeof e.currency !== 'string') continue;
    const month = monthOf(momentOf(e));
    const test = tests.has(e.checkout);
    const key = `${month} ${e.currency} ${test}`;
    const t = totals.get(key) ?? { month, currency: e.currency, test, paid: 0, payments: 0, refunded: 0, refunds: 0 };
    const amount = e.amount as number;
    if (e.type === 'paid') {
      t.paid += amount;
      t.payments++;
    } else {
      t.refunded += amount;
      t.refunds++;
    }
    totals.set(key, t);
  }
  // Real money first, then each month's test-mode totals.
  return [...totals.values()].sort((a, b) => Number(a.test) - Number(b.test) || b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency));
}

/** An amount in minor units as a plain decimal for a spreadsheet ("104.04"), in integers. */
export function decimalOf(minor: number, digits: number): string {
  const whole = Math.trunc(Math.abs(minor) / 10 ** digits);
  const part = String(Math.abs(minor) % 10 ** digits).padStart(digits, '0');
  return `${minor < 0 ? '-' : ''}${whole}${digits ? `.${part}` : ''}`;
}
