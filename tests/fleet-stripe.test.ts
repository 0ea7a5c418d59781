/**
 * The fleet's pages that take money, switched to Stripe: each is paid through the local fake
 * (Checkout Sessions on the site's connected account, webhooks signed with the real scheme and
 * delivered twice), and fulfils exactly as with the test provider: a receipt, a donation on the
 * ledger, a certificate's code e-mailed.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleet } from '../runtime/fleet.ts';
import { buildApp } from '../runtime/server/app.ts';
import { openServices } from '../runtime/services/index.ts';
import { providerFor, startFakeStripe, type FakeStripe } from './helpers/fake-stripe.ts';
import { ORIGIN, outboxOf, signedPost } from './helpers/money.ts';
import { BLOCKS } from '../blocks/registry.ts';

const SITES = fileURLToPath(new URL('../sites', import.meta.url));
const MONEY_SITES = ['oakridge', 'apexappliance', 'eastsidecommunity', 'hopekitchen', 'brighterfutures', 'cedarlinks', 'lockedin'];
const ACCOUNT = (prefix: string) => `acct_1${prefix.slice(0, 10)}0000`;

let fake: FakeStripe;
let app: Awaited<ReturnType<typeof buildApp>>;
let services: Awaited<ReturnType<typeof openServices>>;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: 'whsec_fleet' });
  const sitesDir = await mkdtemp(join(tmpdir(), 'sitewright-stripe-sites-'));
  for (const prefix of MONEY_SITES) {
    await cp(join(SITES, prefix), join(sitesDir, prefix), { recursive: true });
    const file = join(sitesDir, prefix, 'site.yaml');
    const source = await readFile(file, 'utf8');
    expect(source).toContain('  provider: test\n');
    await writeFile(file, source.replace('  provider: test\n', `  provider: stripe\n  account: ${ACCOUNT(prefix)}\n`));
  }
  dataDir = await mkdtemp(join(tmpdir(), 'sitewright-stripe-data-'));
  const fleet = await loadFleet(sitesDir, BLOCKS);
  expect(fleet.results.filter((r) => !r.site).map((r) => r.prefix)).toEqual([]);
  services = await openServices(dataDir);
  app = await buildApp({
    blocks: BLOCKS,
    fleet,
    origin: ORIGIN,
    services,
    stripe: providerFor(fake),
    formLimits: { perVisitorPerMinute: 1000, perSitePerTenMinutes: 1000 },
  });
  app.addHook('onClose', () => services.store.close());
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const post = (url: string, fields: Record<string, string>) => signedPost(app, services.signer, url, fields);

/** Sends the form to Stripe, pays there, delivers the signed webhook twice, and returns the receipt page and the checkout's ledger. */
async function payThroughStripe(prefix: string, url: string, fields: Record<string, string>) {
  const sent = await post(url, fields);
  expect(sent.statusCode, sent.body.slice(0, 400)).toBe(303);
  const session = [...fake.sessions.values()].find((s) => String(sent.headers.location).endsWith(s.id));
  if (!session) throw new Error(`no Stripe session for ${String(sent.headers.location)}`);
  expect(session.account).toBe(ACCOUNT(prefix));
  fake.complete(session.id, { paid: true });
  const completed = fake.sessions.get(session.id);
  if (!completed) throw new Error('the session went away');
  const event = fake.event('checkout.session.completed', completed, ACCOUNT(prefix));
  for (let i = 0; i < 2; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/payments/stripe/webhook',
      payload: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const receipt = await app.inject(String(session.success_url).replace(ORIGIN, ''));
  const entries = await (await services.store.tenant(prefix)).list('ledger', { checkout: session.metadata.checkout });
  return { session, receipt, entries };
}

const mails = () => outboxOf(dataDir);

describe('the fleet’s money pages, paid through Stripe', () => {
  it.each([
    ['oakridge', '/oakridge/payments', { _payment: 'water-bill', reference: '104233-01', amount: '80', email: 'resident@example.com' }, 8200],
    ['apexappliance', '/apexappliance/payments', { _payment: 'invoice', reference: 'INV-104871', amount: '212.40', email: 'owner@example.com' }, 21240],
  ])('%s: a bill paid, one receipt, fulfilled once', async (prefix, url, fields, total) => {
    const { session, receipt, entries } = await payThroughStripe(prefix, url, fields);
    expect(session.amount_total).toBe(total);
    expect(receipt.body).toContain('Thank you: payment received');
    // Stripe's test key (sk_test_): a practice payment, and the receipt says so.
    expect(receipt.body).toContain('<strong>Test mode.</strong>');
    expect(entries.map((e) => e.type).sort()).toEqual(['checkout-opened', 'fulfilled', 'paid']);
    expect(entries.find((e) => e.type === 'paid')).toMatchObject({ provider: 'stripe', amount: total });
  });

  it.each([
    ['eastsidecommunity', 'neighbours-fund'],
    ['hopekitchen', 'meals-and-pantry'],
    ['brighterfutures', 'where-needed-most'],
  ])('%s: a monthly gift becomes a Stripe subscription and one donation on the ledger', async (prefix, donation) => {
    const form = await app.inject(`/${prefix}/donate`);
    const gift = /name="gift" value="(\d+)"/.exec(form.body)?.[1] as string;
    const { session, receipt, entries } = await payThroughStripe(prefix, `/${prefix}/donate`, {
      _donation: donation,
      gift,
      frequency: 'monthly',
      name: 'Sam Okafor',
      email: 'sam@example.com',
    });
    expect(session.mode).toBe('subscription');
    expect(receipt.body).toContain('Thank you: your monthly gift is set up');
    expect(entries.filter((e) => e.type === 'donation')).toHaveLength(1);
    const subscription = entries.find((e) => e.type === 'paid')?.providerSubscriptionId;
    expect(subscription).toMatch(/^sub_/);

    // A month later Stripe charges again: its invoice, delivered twice, is one more payment and one more donation.
    const invoice = {
      id: `in_renewal_${prefix}`,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      amount_paid: session.amount_total,
      currency: 'usd',
      parent: { type: 'subscription_details', subscription_details: { subscription, metadata: session.metadata } },
    };
    const renewal = fake.event('invoice.paid', invoice, ACCOUNT(prefix));
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/payments/stripe/webhook',
        payload: renewal.payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': renewal.signature },
      });
      expect(res.json()).toMatchObject({ received: true, outcome: i === 0 ? 'recorded' : 'repeat' });
    }
    const after = await (await services.store.tenant(prefix)).list('ledger', { checkout: session.metadata.checkout });
    expect(after.filter((e) => e.type === 'donation').map((e) => e.amount)).toEqual([session.amount_total, session.amount_total]);
    expect(after.filter((e) => e.type === 'paid')).toHaveLength(2);
    const again = await app.inject(String(session.success_url).replace(ORIGIN, ''));
    expect(again.body).toContain('Thank you: your monthly gift is set up');
    expect(again.body).toMatch(/Months paid since<\/th><td>1<\/td>/);
    expect((await mails()).filter((m) => m.includes(`Your monthly receipt from`) && m.includes('sam@example.com'))).not.toHaveLength(0);
  });

  it.each([
    ['cedarlinks', '/cedarlinks/lessons', { _certificate: 'lessons', package: 'Three lessons' }, 'GOLF', 22500],
    ['lockedin', '/lockedin/gift-cards', { _certificate: 'gift-cards', amount: '100' }, 'ROOM', 10000],
  ])('%s: a gift certificate paid, one code issued and e-mailed to its recipient', async (prefix, url, choice, codePrefix, value) => {
    const recipient = `${prefix}-friend@example.com`;
    const { entries } = await payThroughStripe(prefix, url, {
      ...choice,
      recipientName: 'Dana Friend',
      recipientEmail: recipient,
      message: '',
      deliverOn: '',
      buyerName: 'Sam Giver',
      buyerEmail: 'sam@example.com',
    });
    const issued = (await (await services.store.tenant(prefix)).list('ledger', { type: 'gift-issued' })).filter((e) => e.checkout === entries[0]?.checkout);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ amount: value, delta: value });
    // Bought with Stripe's test key: a practice certificate, never good once real money is taken.
    expect(issued[0]?.details).toMatchObject({ testMode: true });
    expect(String(issued[0]?.account)).toMatch(new RegExp(`^${codePrefix}-[0-9A-Z]{4}-[0-9A-Z]{4}$`));
    expect((await mails()).filter((m) => m.includes(`To: ${recipient}`) && m.includes(String(issued[0]?.account)))).toHaveLength(1);
  });
});
