/**
 * Paying a bill end to end over HTTP: the payment form, the checkout (the offline test provider,
 * and Stripe through a local fake that signs its webhooks with the real scheme), the ledger and the
 * receipt, with every bad input a visitor or an attacker could send.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { receiptNumber } from '../runtime/payments/numbers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleet } from '../runtime/fleet.ts';
import { buildApp } from '../runtime/server/app.ts';
import { openServices } from '../runtime/services/index.ts';
import type { StoredRecord } from '../runtime/store/store.ts';
import { providerFor, startFakeStripe, type FakeStripe } from './helpers/fake-stripe.ts';
import { ledgerOf, ORIGIN, outboxOf, pathOf, press, signedPost } from './helpers/money.ts';
import { BLOCKS } from '../blocks/registry.ts';

const MONEY_FLEET = fileURLToPath(new URL('./fixtures/money', import.meta.url));
const WEBHOOK_SECRET = 'whsec_test_local';

type Services = Awaited<ReturnType<typeof openServices>>;
interface Ctx {
  app: Awaited<ReturnType<typeof buildApp>>;
  services: Services;
  dataDir: string;
}

async function moneyApp(fake?: FakeStripe, formLimits = { perVisitorPerMinute: 10_000, perSitePerTenMinutes: 10_000 }): Promise<Ctx> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sitewright-money-'));
  const [fleet, services] = await Promise.all([loadFleet(MONEY_FLEET, BLOCKS), openServices(dataDir)]);
  const app = await buildApp({
    blocks: BLOCKS,
    fleet,
    origin: ORIGIN,
    services,
    formLimits,
    stripe: fake ? providerFor(fake) : undefined,
  });
  app.addHook('onClose', () => services.store.close());
  return { app, services, dataDir };
}

const post = (ctx: Ctx, url: string, fields: Record<string, string>) => signedPost(ctx.app, ctx.services.signer, url, fields);

const water = { _payment: 'water-bill', reference: '104233-01', amount: '101.50', email: 'Ana@Example.com' };
const ledger = (ctx: Ctx, prefix: string): Promise<StoredRecord[]> => ledgerOf(ctx.services.store, prefix);
const types = (entries: StoredRecord[]) => entries.map((e) => e.type).sort();
const mails = (ctx: Ctx) => outboxOf(ctx.dataDir);

describe('paying a bill with the test provider', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await moneyApp();
  });
  afterAll(() => ctx.app.close());

  it('shows the payment forms, each labelled, with the test-mode note', async () => {
    const page = await ctx.app.inject('/town/pay');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<strong>Test mode.</strong>');
    expect(page.body).toMatch(/<label for="pay-water-bill-reference">Account number/);
    expect(page.body).toContain('Expired meter: $25');
    expect(page.body).toContain('Amount: <strong>$45</strong>');
    expect(page.body).toContain('A card processing fee of 2.5% is added');
  });

  it('goes from the form to the checkout to a paid receipt, with every amount worked out on the server', async () => {
    const sent = await post(ctx, '/town/pay', water);
    expect(sent.statusCode).toBe(303);
    const checkoutPath = pathOf(sent.headers.location);
    expect(checkoutPath).toMatch(/^\/payments\/test\/town\/[A-Za-z0-9_-]{22}$/);

    const checkout = await ctx.app.inject(checkoutPath);
    expect(checkout.statusCode).toBe(200);
    expect(checkout.headers['cache-control']).toBe('no-store');
    expect(checkout.body).toContain('Test mode.');
    // 101.50 and 2.5% of it (2.5375, rounded half up to 2.54): 104.04, in integers throughout.
    expect(checkout.body).toContain('$104.04');

    const paid = await press(ctx.app, checkoutPath, 'pay');
    expect(paid.statusCode).toBe(303);
    const receiptPath = pathOf(paid.headers.location);
    expect(receiptPath).toMatch(/^\/town\/payment-success\?receipt=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);

    const receipt = await ctx.app.inject(receiptPath);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['cache-control']).toBe('no-store');
    expect(receipt.body).toContain('<meta name="robots" content="noindex">');
    expect(receipt.body).toContain('Thank you: payment received');
    expect(receipt.body).toContain('104233-01');
    expect(receipt.body).toContain('$104.04');
    expect(receipt.body).toContain('Thank you. Keep this receipt.');

    const entries = (await ledger(ctx, 'town')).filter((e) => e.checkout === checkoutPath.split('/').pop());
    expect(types(entries)).toEqual(['checkout-opened', 'fulfilled', 'paid']);
    const opened = entries.find((e) => e.type === 'checkout-opened');
    expect(opened).toMatchObject({ amount: 10404, currency: 'USD', reference: '104233-01', email: 'ana@example.com', provider: 'test' });
    expect(opened?.lines).toEqual([
      { name: 'Water bill', amount: 10150, quantity: 1 },
      { name: 'Card processing fee', amount: 254, quantity: 1 },
    ]);
    expect(entries.find((e) => e.type === 'paid')).toMatchObject({ amount: 10404, currency: 'USD' });
    expect((await mails(ctx)).filter((m) => m.includes('Your receipt from Town of Elmwood') && m.includes('104.04'))).toHaveLength(1);

    // Pressing pay again (a double click, the back button) changes nothing.
    const again = await press(ctx.app, checkoutPath, 'pay');
    expect(again.statusCode).toBe(303);
    expect(types((await ledger(ctx, 'town')).filter((e) => e.checkout === opened?.checkout))).toEqual(['checkout-opened', 'fulfilled', 'paid']);
  });

  it('charges the price in the YAML for a choice or a fixed fee, whatever amount is posted with it', async () => {
    const before = (await ledger(ctx, 'town')).length;
    const ticket = await post(ctx, '/town/pay', {
      _payment: 'parking-ticket',
      reference: 'P2045871',
      option: 'Fire hydrant',
      amount: '0.01',
      email: 'b@example.com',
    });
    const permit = await post(ctx, '/town/pay', { _payment: 'permit', amount: '1', email: 'c@example.com' });
    expect([ticket.statusCode, permit.statusCode]).toEqual([303, 303]);
    const opened = (await ledger(ctx, 'town')).slice(before).filter((e) => e.type === 'checkout-opened');
    expect(opened.map((e) => e.amount)).toEqual([7500, 4500]);
  });

  it.each([
    ['an amount of 0', { amount: '0' }, 'amount', 'from $1 to $5,000'],
    ['a negative amount', { amount: '-5' }, 'amount', 'cannot be negative'],
    ['an amount of 10^12', { amount: '1000000000000' }, 'amount', 'far too large'],
    ['a comma for the point', { amount: '12,50' }, 'amount', 'with a point before the cents'],
    ['three decimals', { amount: '12.505' }, 'amount', 'at most 2 digits after the point'],
    ['words for an amount', { amount: 'ten dollars' }, 'amount', 'as a number'],
    ['a reference that fails its pattern', { reference: '12345' }, 'reference', 'it looks like 104233-01'],
    ['no e-mail', { email: '' }, 'email', 'e-mail address for the receipt'],
    ['a formula for an e-mail', { email: '=1+2@example.com' }, 'email', 'such as name@example.com'],
  ])('refuses %s beside its field, and puts nothing on the ledger', async (_name, change, field, message) => {
    const before = (await ledger(ctx, 'town')).length;
    const res = await post(ctx, '/town/pay', { ...water, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(`id="pay-water-bill-${field}-error"`);
    expect(res.body).toContain(message);
    expect(res.body).toContain('aria-invalid="true"');
    expect((await ledger(ctx, 'town')).length).toBe(before);
  });

  it('refuses a choice that is not in the YAML, a field the form does not have, and a field sent twice', async () => {
    const before = (await ledger(ctx, 'town')).length;
    const option = await post(ctx, '/town/pay', { _payment: 'parking-ticket', reference: 'P2045871', option: 'Free parking', email: 'b@example.com' });
    expect(option.statusCode).toBe(422);
    expect(option.body).toContain('Please choose one of the options');
    const extra = await post(ctx, '/town/pay', { ...water, price: '1' });
    expect(extra.statusCode).toBe(400);
    const twice = await ctx.app.inject({
      method: 'POST',
      url: '/town/pay',
      payload: `${new URLSearchParams({ _t: ctx.services.signer.timeToken(Date.now() - 10_000), ...water }).toString()}&amount=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(twice.statusCode).toBe(400);
    expect((await ledger(ctx, 'town')).length).toBe(before);
  });

  it('answers JSON with the field messages to a script', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/town/pay',
      payload: new URLSearchParams({ _t: ctx.services.signer.timeToken(Date.now() - 10_000), ...water, amount: '12,50' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    });
    expect(res.statusCode).toBe(422);
    const reply = res.json<{ ok: boolean; errors: Record<string, string> }>();
    expect(reply.ok).toBe(false);
    expect(reply.errors.amount).toContain('point');
  });

  it('says "not paid" on a receipt link visited without paying, and after a cancel or a declined card', async () => {
    const open = async () => pathOf((await post(ctx, '/town/pay', water)).headers.location);
    const button = (path: string, outcome: string) => press(ctx.app, path, outcome);

    const unpaid = await open();
    const declined = await open();
    const cancelled = await open();
    const idOf = (path: string) => path.split('/').pop() as string;
    const [failRes, cancelRes] = await Promise.all([button(declined, 'fail'), button(cancelled, 'cancel')]);
    expect(pathOf(cancelRes.headers.location)).toContain('&cancelled=1');

    const failedReceipt = await ctx.app.inject(pathOf(failRes.headers.location));
    expect(failedReceipt.body).toContain('The payment did not go through');
    expect(failedReceipt.body).toContain('Nothing has been charged.');
    expect(failedReceipt.body).toContain('Try again with another card');
    const cancelledReceipt = await ctx.app.inject(pathOf(cancelRes.headers.location));
    expect(cancelledReceipt.body).toContain('Payment cancelled');
    expect(cancelledReceipt.body).toContain('href="/town/pay">Go back and pay</a>');

    // The success address of a checkout nobody paid: the link is genuine, the ledger says not paid.
    const site = ctx.app.fleetHolder.current.sites.get('town');
    const payments = ctx.app.payments;
    if (!site || !payments) throw new Error('no town');
    const notPaid = await ctx.app.inject(payments.receiptPath(site, idOf(unpaid)));
    expect(notPaid.statusCode).toBe(200);
    expect(notPaid.body).toContain('<h2 id="receipt-heading">Not paid</h2>');
    expect(notPaid.body).not.toContain('Thank you. Keep this receipt.');

    const entries = await ledger(ctx, 'town');
    const of = (path: string) => types(entries.filter((e) => e.checkout === idOf(path)));
    expect([of(unpaid), of(declined), of(cancelled)]).toEqual([['checkout-opened'], ['checkout-opened', 'failed'], ['checkout-opened']]);
  });

  it('shows no receipt for a forged, truncated or other site’s receipt id', async () => {
    const sent = await post(ctx, '/town/pay', water);
    const path = pathOf(sent.headers.location);
    const paid = await press(ctx.app, path, 'pay');
    const good = new URL(pathOf(paid.headers.location), ORIGIN).searchParams.get('receipt') as string;
    const [id, mac] = good.split('.') as [string, string];
    const forged = [`${id}.${'A'.repeat(mac.length)}`, id, `${id}.${mac.slice(0, -2)}`, `${'B'.repeat(22)}.${mac}`, '../../etc/passwd', 'x'.repeat(5000)];
    for (const receipt of forged) {
      const res = await ctx.app.inject({ url: '/town/payment-success', query: { receipt } });
      expect(res.statusCode, receipt.slice(0, 40)).toBe(200);
      expect(res.body).toContain('No receipt to show');
      expect(res.body).not.toContain('104233-01');
    }
  });

  it('refuses unknown checkouts and outcomes on the test checkout page', async () => {
    expect((await ctx.app.inject('/payments/test/town/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await ctx.app.inject('/payments/test/nosuchsite/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    const path = pathOf((await post(ctx, '/town/pay', water)).headers.location);
    const odd = await press(ctx.app, path, 'refund');
    expect(odd.statusCode).toBe(400);
    const extra = await ctx.app.inject({
      method: 'POST',
      url: path,
      payload: 'outcome=pay&amount=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // An amount posted with the button is not read: the checkout is paid at what the ledger says.
    expect(extra.statusCode).toBe(303);
    const paid = (await ledger(ctx, 'town')).filter((e) => e.checkout === path.split('/').pop() && e.type === 'paid');
    expect(paid.map((e) => e.amount)).toEqual([10404]);
  });
});

describe('guessing gift certificate codes', () => {
  it('is slowed by the per-visitor limit: past it, 429 and no answer about any code', async () => {
    const ctx = await moneyApp(undefined, { perVisitorPerMinute: 5, perSitePerTenMinutes: 1000 });
    try {
      const codes = [];
      for (let i = 0; i < 8; i++) codes.push((await post(ctx, '/town/balance', { _balance: 'balance', code: `GIFT-AAAA-${1000 + i}` })).statusCode);
      expect(codes).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
    } finally {
      await ctx.app.close();
    }
  });
});

describe('the webhook address', () => {
  it('refuses a body over half a megabyte with 413 before reading it, and without Stripe set up answers 404', async () => {
    const fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    const ctx = await moneyApp(fake);
    const plain = await moneyApp();
    try {
      const huge = await ctx.app.inject({
        method: 'POST',
        url: '/payments/stripe/webhook',
        payload: `{"pad":"${'x'.repeat(600 * 1024)}"}`,
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      });
      expect(huge.statusCode).toBe(413);
      const none = await plain.app.inject({ method: 'POST', url: '/payments/stripe/webhook', payload: '{}', headers: { 'content-type': 'application/json' } });
      expect(none.statusCode).toBe(404);
    } finally {
      await ctx.app.close();
      await plain.app.close();
      await fake.close();
    }
  });
});

describe('paying through Stripe (a local fake that signs webhooks as Stripe does)', () => {
  let fake: FakeStripe;
  let ctx: Ctx;
  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    ctx = await moneyApp(fake);
  });
  afterAll(async () => {
    await ctx.app.close();
    await fake.close();
  });

  const sessionOf = (id: string) => {
    const found = fake.sessions.get(id);
    if (!found) throw new Error(`no session ${id}`);
    return found;
  };
  const webhook = (payload: string, signature: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/payments/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  async function openAtStripe() {
    const sent = await post(ctx, '/harbor/pay', water);
    expect(sent.statusCode).toBe(303);
    const url = String(sent.headers.location);
    expect(url.startsWith(fake.url)).toBe(true);
    const session = [...fake.sessions.values()].find((s) => url.endsWith(s.id));
    if (!session) throw new Error('no session at the fake');
    return session;
  }

  it('opens the checkout on the site’s connected account with the amounts from the YAML', async () => {
    const session = await openAtStripe();
    const request = fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.method === 'POST' && r.body.client_reference_id === session.client_reference_id,
    );
    expect(request?.account).toBe('acct_1HarborMarine01');
    expect(session.amount_total).toBe(10404);
    expect(session.currency).toBe('usd');
    expect(session.success_url).toMatch(/^https:\/\/sites\.example\.com\/harbor\/payment-success\?receipt=/);
  });

  it('fulfils once when the webhook is delivered three times and out of order', async () => {
    const session = await openAtStripe();
    fake.complete(session.id, { paid: true });
    const completed = fake.event('checkout.session.completed', sessionOf(session.id), 'acct_1HarborMarine01');
    const failedLate = fake.event('checkout.session.async_payment_failed', sessionOf(session.id), 'acct_1HarborMarine01');
    const answers = [];
    for (const delivery of [completed, failedLate, completed, completed]) answers.push((await webhook(delivery.payload, delivery.signature)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200]);
    const entries = (await ledger(ctx, 'harbor')).filter((e) => e.checkout === String(session.metadata.checkout));
    expect(entries.filter((e) => e.type === 'paid')).toHaveLength(1);
    expect(entries.filter((e) => e.type === 'fulfilled')).toHaveLength(1);
    expect((await mails(ctx)).filter((m) => m.includes(receiptNumber(String(session.metadata.checkout))))).toHaveLength(1);
    const receipt = await ctx.app.inject(pathOf(session.success_url ?? ''));
    expect(receipt.body).toContain('Thank you: payment received');
    // Paid with Stripe's test key: no card was charged, and the receipt says so, as the form did.
    expect(receipt.body).toContain('<strong>Test mode.</strong> This was a practice payment');
  });

  it('records nothing for a signed event naming a site or checkout this server does not have', async () => {
    const forged = { id: 'cs_x', object: 'checkout.session', mode: 'payment', status: 'complete', payment_status: 'paid', amount_total: 1, currency: 'usd' };
    for (const metadata of [
      { site: '../../etc', checkout: 'AAAAAAAAAAAAAAAAAAAAAA' },
      { site: 'nosuchsite', checkout: 'AAAAAAAAAAAAAAAAAAAAAA' },
      { site: 'harbor', checkout: 'AAAAAAAAAAAAAAAAAAAAAA' },
    ]) {
      const event = fake.event('checkout.session.completed', { ...forged, metadata });
      expect((await webhook(event.payload, event.signature)).json()).toMatchObject({ received: true, outcome: 'unknown' });
    }
    expect((await ledger(ctx, 'harbor')).some((e) => e.checkout === 'AAAAAAAAAAAAAAAAAAAAAA')).toBe(false);
  });

  it('refuses a webhook with a bad, stale or missing signature with 400, and records nothing', async () => {
    const session = await openAtStripe();
    fake.complete(session.id, { paid: true });
    const good = fake.event('checkout.session.completed', sessionOf(session.id));
    const wrongSecret = fake.event('checkout.session.completed', sessionOf(session.id), undefined, { secret: 'whsec_someone_else' });
    const stale = fake.event('checkout.session.completed', sessionOf(session.id), undefined, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const tampered = good.payload.replace('"paid"', '"unpaid"');
    const codes = [
      (await webhook(wrongSecret.payload, wrongSecret.signature)).statusCode,
      (await webhook(stale.payload, stale.signature)).statusCode,
      (await webhook(tampered, good.signature)).statusCode,
      (await ctx.app.inject({ method: 'POST', url: '/payments/stripe/webhook', payload: good.payload, headers: { 'content-type': 'application/json' } }))
        .statusCode,
    ];
    expect(codes).toEqual([400, 400, 400, 400]);
    expect((await ledger(ctx, 'harbor')).filter((e) => e.checkout === String(session.metadata.checkout)).map((e) => e.type)).toEqual(['checkout-opened']);
  });

  it('asks Stripe when the payer is back before the webhook, and shows the truth either way', async () => {
    const session = await openAtStripe();
    const before = await ctx.app.inject(pathOf(session.success_url ?? ''));
    expect(before.body).toContain('<h2 id="receipt-heading">Not paid</h2>');
    fake.complete(session.id, { paid: true });
    const after = await ctx.app.inject(pathOf(session.success_url ?? ''));
    expect(after.body).toContain('Thank you: payment received');
    const entries = (await ledger(ctx, 'harbor')).filter((e) => e.checkout === String(session.metadata.checkout));
    expect(types(entries)).toEqual(['checkout-opened', 'fulfilled', 'paid']);
    // The webhook arriving afterwards changes nothing.
    const late = fake.event('checkout.session.completed', sessionOf(session.id));
    expect((await webhook(late.payload, late.signature)).json()).toMatchObject({ received: true, outcome: 'repeat' });
  });

  it('shows a payment still being processed, refreshing itself, until Stripe says it is paid', async () => {
    const session = await openAtStripe();
    fake.complete(session.id, { paid: false });
    const processing = await ctx.app.inject(pathOf(session.success_url ?? ''));
    expect(processing.body).toContain('Your payment is being processed');
    expect(processing.body).toContain('<meta http-equiv="refresh" content="5">');
    expect(processing.headers['cache-control']).toBe('no-store');
    fake.complete(session.id, { paid: true });
    const event = fake.event('checkout.session.async_payment_succeeded', sessionOf(session.id));
    expect((await webhook(event.payload, event.signature)).statusCode).toBe(200);
    const paid = await ctx.app.inject(pathOf(session.success_url ?? ''));
    expect(paid.body).toContain('Thank you: payment received');
    expect(paid.body).not.toContain('http-equiv="refresh"');
  });

  it('refunds through Stripe, never more than was paid, and the receipt says so', async () => {
    const session = await openAtStripe();
    fake.complete(session.id, { paid: true });
    await ctx.app.inject(pathOf(session.success_url ?? ''));
    const site = ctx.app.fleetHolder.current.sites.get('harbor');
    const payments = ctx.app.payments;
    if (!site || !payments) throw new Error('no harbor');
    const checkout = String(session.metadata.checkout);

    expect(await payments.refund(site, checkout, 4000)).toEqual({ refunded: 4000 });
    const asked = fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(asked.at(-1)?.body).toMatchObject({ amount: '4000' });
    expect(asked.at(-1)?.account).toBe('acct_1HarborMarine01');
    expect(await payments.refund(site, checkout, 6405)).toEqual({ refused: 'At most $64.04 can be refunded.' });
    expect(await payments.refund(site, checkout)).toEqual({ refunded: 6404 });
    expect(await payments.refund(site, checkout, 1)).toHaveProperty('refused');

    const receipt = await ctx.app.inject(pathOf(session.success_url ?? ''));
    expect(receipt.body).toContain('This payment was refunded');
    expect(receipt.body).toContain('$104.04');
    const refunds = (await ledger(ctx, 'harbor')).filter((e) => e.checkout === checkout && e.type === 'refunded');
    expect(refunds.map((e) => e.amount)).toEqual([4000, 6404]);
    // Stripe's own refund event afterwards is not counted twice.
    const charge = { id: 'ch_1', object: 'charge', amount_refunded: 10404, metadata: { site: 'harbor', checkout }, payment_intent: 'pi_x', currency: 'usd' };
    const event = fake.event('charge.refunded', charge);
    expect((await webhook(event.payload, event.signature)).json()).toMatchObject({ outcome: 'repeat' });
  });
});
