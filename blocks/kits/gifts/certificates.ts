/**
 * Gift certificates on the site's ledger: a code's balance is issued when its checkout is paid,
 * taken from in one step (never below zero, once per key) when it pays for something, given back
 * when what it paid for is cancelled in time, and emptied when the checkout that bought it is
 * refunded in full. The gift-certificate block sells them, the gift-balance block reads them, and a
 * booking takes them as payment; the kernel only keeps the entries (see Ledger in blocks/contract.ts).
 */
import type { BalanceResult, StoredRecord } from '../../../runtime/store/store.ts';
import type { Site } from '../../../runtime/site.ts';
import type { ActionServices } from '../../contract.ts';
import { currencyOf } from '../../money.tsx';

/** What the kit needs of a server's services: the ledger, whether a site takes real money now, and the clock. */
export type GiftServices = Pick<ActionServices, 'ledger' | 'checkout' | 'now'>;

/** Why a certificate cannot be spent now. */
export type GiftRefusal = 'unknown' | 'practice' | 'expired';

/**
 * Whether a certificate whose last day is `validUntil` (YYYY-MM-DD) is over at `now`: only once that
 * day is over everywhere (UTC−12), so a holder anywhere gets the whole of it.
 */
export const certificateExpired = (validUntil: string, now: number) => new Date(now - 12 * 3_600_000).toISOString().slice(0, 10) > validUntil;

/** A certificate issued for a test-mode checkout, marked so on its issuing entry. */
const isPractice = (issued: StoredRecord) => (issued.details as { testMode?: unknown } | undefined)?.testMode === true || issued.provider === 'test';

/** The entry that issued a certificate, or undefined when no certificate has the code. */
export const issuedEntry = (services: GiftServices, site: Site, code: string) => services.ledger.find(site, { account: code, type: 'gift-issued' });

/** A certificate's remaining value, in minor units; undefined when no certificate has that code. */
export async function certificateBalance(services: GiftServices, site: Site, code: string): Promise<number | undefined> {
  const entries = await services.ledger.list(site, { account: code });
  if (!entries.some((e) => e.type === 'gift-issued')) return undefined;
  return entries.reduce((sum, e) => sum + (Number.isSafeInteger(e.delta) ? (e.delta as number) : 0), 0);
}

/** Issues a certificate's balance (once per key). */
export async function issueCertificate(
  services: GiftServices,
  site: Site,
  fields: { code: string; amount: number; key: string; checkout?: string; details?: Record<string, unknown> },
): Promise<void> {
  if (!Number.isSafeInteger(fields.amount) || fields.amount <= 0) throw new Error('a certificate is issued for a positive whole number of minor units');
  await services.ledger.append(site, {
    type: 'gift-issued',
    key: fields.key,
    account: fields.code,
    amount: fields.amount,
    delta: fields.amount,
    currency: currencyOf(site),
    ...(fields.checkout ? { checkout: fields.checkout } : {}),
    ...(fields.details ? { details: fields.details } : {}),
  });
}

/**
 * A certificate as it can be spent now: its balance, or why it cannot be used — no certificate has
 * the code; it was bought in test mode and the site now takes real money; its last day
 * (`validUntil`) is over everywhere (UTC−12), so a visitor anywhere gets the whole of that day.
 */
export async function usableCertificate(services: GiftServices, site: Site, code: string): Promise<{ balance: number } | { refused: GiftRefusal }> {
  const issued = await issuedEntry(services, site, code);
  if (!issued) return { refused: 'unknown' };
  const details = (issued.details ?? {}) as { validUntil?: unknown };
  // A certificate bought in test mode was never paid for: once the site takes real money, it is worth nothing.
  if (isPractice(issued) && !services.checkout.testMode(site)) return { refused: 'practice' };
  if (typeof details.validUntil === 'string' && certificateExpired(details.validUntil, services.now())) return { refused: 'expired' };
  return { balance: (await certificateBalance(services, site, code)) ?? 0 };
}

/** Whether a certificate came from a practice payment: what it pays for was not paid for either (said in that booking's e-mails). */
export async function isPracticeCertificate(services: GiftServices, site: Site, code: string): Promise<boolean> {
  const issued = await issuedEntry(services, site, code);
  return issued !== undefined && isPractice(issued);
}

/** Takes an amount from a certificate that can be spent now (see `usableCertificate`): never below zero, and once per key. */
export async function redeemCertificate(
  services: GiftServices,
  site: Site,
  code: string,
  amount: number,
  key: string,
): Promise<BalanceResult | { refused: GiftRefusal }> {
  const usable = await usableCertificate(services, site, code);
  if ('refused' in usable) return usable;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('a redemption is a positive whole number of minor units');
  return services.ledger.appendWithinBalance(site, { type: 'gift-redeemed', key, account: code, amount, delta: -amount, currency: currencyOf(site) });
}

/** Gives an amount back to a certificate (what paid for a booking cancelled in time), once per key. */
export async function restoreCertificate(services: GiftServices, site: Site, code: string, amount: number, key: string): Promise<void> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('a certificate is given back a positive whole number of minor units');
  if (!(await issuedEntry(services, site, code))) throw new Error(`no certificate has the code ${code}`);
  await services.ledger.append(site, { type: 'gift-restored', key, account: code, amount, delta: amount, currency: currencyOf(site) });
}

/** A checkout refunded in full takes back what is left on the certificates it paid for: money given back cannot be spent too. */
export async function voidCertificates(services: GiftServices, site: Site, checkout: string): Promise<void> {
  for (const issued of await services.ledger.list(site, { checkout, type: 'gift-issued' })) {
    const code = String(issued.account);
    const left = (await certificateBalance(services, site, code)) ?? 0;
    if (left <= 0) continue;
    await services.ledger.appendWithinBalance(site, {
      type: 'gift-redeemed',
      key: `voided:${code}`,
      account: code,
      amount: left,
      delta: -left,
      currency: String(issued.currency),
      voided: 'refunded',
    });
  }
}
