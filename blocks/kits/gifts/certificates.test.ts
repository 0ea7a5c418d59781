/**
 * Certificates on the ledger through the money core, as a server wires them: taken from once per
 * key and never below zero, refused when bought in practice once the site takes real money, and
 * emptied when the checkout that bought them is refunded in full.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteFrom } from '../../../tests/helpers/site.tsx';
import type { ActionServices, PaidInput } from '../../contract.ts';
import { Payments } from '../../../runtime/payments/payments.ts';
import { TestProvider } from '../../../runtime/payments/test-provider.ts';
import { blockServices } from '../../../runtime/services/index.ts';
import type { Mailer } from '../../../runtime/services/mail.ts';
import { Signer } from '../../../runtime/services/signing.ts';
import { LowdbStore } from '../../../runtime/store/lowdb-store.ts';
import type { Store } from '../../../runtime/store/store.ts';
import { certificateBalance, issueCertificate, redeemCertificate, voidCertificates } from './certificates.ts';

const SITE = siteFrom(`schemaVersion: 1
site:
  name: Lantern House
  kind: charity
  description: A shelter.
theme:
  colors:
    primary: "#0b5f73"
payments:
  currency: USD
navigation: []
pages:
  - path: /
    title: Home
    blocks:
      - type: rich-text
        markdown: Hello.
  - path: /payment-success
    title: Receipt
    blocks:
      - type: receipt
`);

/** A provider whose checkouts take real money: a practice certificate is worth nothing on it. */
class LiveProvider extends TestProvider {
  override readonly testMode = false;
}

/** A server's money core and the services its blocks get, over `store`; the block `gift` empties its certificates when refunded. */
function server(store: Store, test: TestProvider = new TestProvider()) {
  const mailer: Mailer = { describe: 'memory', send: async () => {} };
  const signer = new Signer(Buffer.alloc(32, 7));
  const made: { services?: ActionServices } = {};
  const payments = new Payments<ActionServices>({
    store,
    mailer,
    signer,
    origin: 'https://sites.example.com',
    site: async (prefix) => (prefix === SITE.prefix ? SITE : undefined),
    blocks: { gift: { refunded: async ({ site, opened, services }: PaidInput) => voidCertificates(services, site, String(opened.checkout)) } },
    test,
    services: () => made.services as ActionServices,
  });
  const base = { store, mailer, signer, uploadsDir: '/nowhere' };
  const services = blockServices(base, { payments, origin: 'https://sites.example.com', contacts: { subscribe: async () => {} } });
  made.services = services;
  return { payments, services };
}

const openStore = async () => LowdbStore.open(await mkdtemp(join(tmpdir(), 'sitewright-gifts-')));

describe('gift certificates on the ledger', () => {
  it('takes from a certificate once per key and never below zero, and refuses a practice one once real money is taken', async () => {
    const store = await openStore();
    const { services } = server(store);
    await issueCertificate(services, SITE, { code: 'GIFT-AAAA-BBBB', amount: 5000, key: 'gift:1', details: { testMode: true } });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => redeemCertificate(services, SITE, 'GIFT-AAAA-BBBB', 1500, `r${i % 6}`)));
    expect(results.filter((r) => 'added' in r)).toHaveLength(3);
    expect(await certificateBalance(services, SITE, 'GIFT-AAAA-BBBB')).toBe(500);
    expect(await redeemCertificate(services, SITE, 'GIFT-NOPE-NOPE', 100, 'x')).toEqual({ refused: 'unknown' });
    await expect(issueCertificate(services, SITE, { code: 'GIFT-ZERO-ZERO', amount: 0, key: 'gift:0' })).rejects.toThrow();
    // The same certificate on a site that now takes real money.
    const live = server(store, new LiveProvider());
    expect(await redeemCertificate(live.services, SITE, 'GIFT-AAAA-BBBB', 100, 'live')).toEqual({ refused: 'practice' });
    await store.close();
  });

  it('takes back what is left on a certificate whose checkout is refunded in full', async () => {
    const store = await openStore();
    const { payments, services } = server(store);
    const { checkout } = await payments.open(SITE, { purpose: 'gift', page: '/', description: 'A gift', lines: [{ name: 'Gift', amount: 2500, quantity: 1 }] });
    await payments.record({ id: 'evt_paid', type: 'paid', site: SITE.prefix, checkout, amount: 2500, currency: 'USD' });
    await issueCertificate(services, SITE, { code: 'GIFT-CCCC-DDDD', amount: 2500, key: `gift:${checkout}`, checkout });
    await redeemCertificate(services, SITE, 'GIFT-CCCC-DDDD', 1000, 'used');
    expect(await payments.refund(SITE, checkout, 500)).toEqual({ refunded: 500 });
    expect(await certificateBalance(services, SITE, 'GIFT-CCCC-DDDD')).toBe(1500);
    expect(await payments.refund(SITE, checkout)).toEqual({ refunded: 2000 });
    expect(await certificateBalance(services, SITE, 'GIFT-CCCC-DDDD')).toBe(0);
    await store.close();
  });
});
