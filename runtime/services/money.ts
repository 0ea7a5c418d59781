/**
 * The money services blocks are given (see Checkouts and Ledger in blocks/contract.ts), made from
 * the money core and the store: plain objects with only what blocks call, never the core itself.
 */
import type { Checkouts, Ledger } from '../../blocks/contract.ts';
import type { Payments } from '../payments/payments.ts';
import type { Store } from '../store/store.ts';

/** Checkouts, receipts and refunds, through the server's money core. */
export function checkoutService<S>(payments: Payments<S>): Checkouts {
  return {
    open: (site, input) => payments.open(site, input),
    checkoutOf: (site, token) => payments.checkoutOf(site, token),
    receipt: (site, checkout) => payments.receipt(site, checkout),
    refund: (site, checkout, amount) => payments.refund(site, checkout, amount),
    testMode: (site) => payments.testMode(site),
  };
}

/** A site's ledger in the store: entries added once per key, and a balance that never goes below zero. */
export function ledgerService(store: Store): Ledger {
  const ledger = (prefix: string) => store.tenant(prefix);
  return {
    list: async (site, where) => (await ledger(site.prefix)).list('ledger', where),
    find: async (site, where) => (await ledger(site.prefix)).find('ledger', where),
    append: async (site, entry) => (await ledger(site.prefix)).addOnce('ledger', { key: entry.key }, entry),
    appendWithinBalance: async (site, entry) =>
      (await ledger(site.prefix)).addWithinBalance('ledger', { account: entry.account }, 'delta', entry, { key: entry.key }),
  };
}
