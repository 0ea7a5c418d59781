/**
 * Paying a bill through Stripe over HTTP, with a local fake that signs its webhooks with the real
 * scheme: the checkout on the site's connected account, webhooks delivered again, out of order,
 * forged or stale, the payer back before the webhook, a payment still processing, and refunds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptNumber } from '../runtime/payments/numbers.ts';
import { startFakeStripe, type FakeStripe } from './helpers/fake-stripe.ts';
import { pathOf } from './helpers/money.ts';
import { ledger, mails, moneyApp, post, types, water, WEBHOOK_SECRET, type MoneyCtx } from './helpers/money-fleet.ts';

let fake: FakeStripe;
let ctx: MoneyCtx;

/** Starts a fake Stripe and the money fleet paying through it before a describe's tests, and stops both after. */
function startStripe() {
  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    ctx = await moneyApp(fake);
  });
  afterAll(async () => {
    await ctx.app.close();
    await fake.close();
  });
}

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

describe('paying through Stripe (a local fake that signs webhooks as Stripe does)', () => {
  startStripe();

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
});

describe('paying through Stripe: the payer back, a payment processing, and refunds', () => {
  startStripe();

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
