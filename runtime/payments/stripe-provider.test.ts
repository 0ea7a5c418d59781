import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerFor, startFakeStripe, type FakeStripe } from '../../tests/helpers/fake-stripe.ts';
import { WebhookRefused, type CheckoutRequest } from './provider.ts';
import { StripeProvider, stripeFromEnv } from './stripe-provider.ts';

const SECRET = 'whsec_test_sitewright';

function request(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    site: 'oakridge',
    checkout: `co_${Math.random().toString(36).slice(2)}`,
    currency: 'USD',
    lines: [
      { name: 'Water bill', amount: 4500, quantity: 1 },
      { name: 'Late fee', amount: 250, quantity: 2 },
    ],
    mode: 'once',
    email: 'pat@example.com',
    successUrl: 'https://oakridge.example.com/pay/done',
    cancelUrl: 'https://oakridge.example.com/pay',
    description: 'Oakridge: water bill',
    ...overrides,
  };
}

let fake: FakeStripe;
let stripe: StripeProvider;

beforeAll(async () => {
  fake = await startFakeStripe({ webhookSecret: SECRET });
  stripe = providerFor(fake);
});
afterAll(() => fake.close());

function lastRequest(path: string) {
  const found = fake.requests.filter((r) => r.path === path).at(-1);
  if (!found) throw new Error(`no request to ${path}`);
  return found;
}

describe('the Stripe provider', () => {
  it('knows test keys from live ones', () => {
    expect(stripe.name).toBe('stripe');
    expect(stripe.testMode).toBe(true);
    expect(new StripeProvider({ secretKey: 'sk_live_x', webhookSecret: SECRET }).testMode).toBe(false);
  });

  it('opens a checkout on the connected account with our amounts, metadata and idempotency key', async () => {
    const asked = request({ account: 'acct_oakridge' });
    const opened = await stripe.open(asked, 'open-key-1');

    const sent = lastRequest('/v1/checkout/sessions');
    expect(sent.method).toBe('POST');
    expect(sent.account).toBe('acct_oakridge');
    expect(sent.idempotencyKey).toBe('open-key-1');
    expect(sent.body).toMatchObject({
      mode: 'payment',
      client_reference_id: asked.checkout,
      customer_email: 'pat@example.com',
      success_url: asked.successUrl,
      cancel_url: asked.cancelUrl,
      metadata: { site: 'oakridge', checkout: asked.checkout },
      line_items: [
        { quantity: '1', price_data: { currency: 'usd', unit_amount: '4500', product_data: { name: 'Water bill' } } },
        { quantity: '2', price_data: { currency: 'usd', unit_amount: '250', product_data: { name: 'Late fee' } } },
      ],
      payment_intent_data: { metadata: { site: 'oakridge', checkout: asked.checkout }, description: 'Oakridge: water bill' },
    });
    expect(sent.body).not.toHaveProperty('subscription_data');
    expect(JSON.stringify(sent.body)).not.toContain('recurring');

    const session = fake.sessions.get(opened.providerId);
    expect(opened.providerId).toMatch(/^cs_test_/);
    expect(opened.url).toBe(`${fake.url}/pay/${opened.providerId}`);
    expect(session?.amount_total).toBe(5000);
    expect(session?.account).toBe('acct_oakridge');
  });

  it('opens a monthly subscription with recurring prices and the metadata on the subscription', async () => {
    const asked = request({ mode: 'monthly', lines: [{ name: 'Monthly gift', amount: 1000, quantity: 1 }], email: undefined });
    await stripe.open(asked, 'open-key-sub');

    const sent = lastRequest('/v1/checkout/sessions');
    expect(sent.account).toBeUndefined();
    expect(sent.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price_data: { currency: 'usd', unit_amount: '1000', recurring: { interval: 'month' } } }],
      subscription_data: { metadata: { site: 'oakridge', checkout: asked.checkout } },
    });
    expect(sent.body).not.toHaveProperty('payment_intent_data');
    expect(sent.body).not.toHaveProperty('customer_email');
  });

  it('gets the same checkout back when opened twice with the same key', async () => {
    const asked = request();
    const first = await stripe.open(asked, 'open-key-twice');
    const second = await stripe.open(asked, 'open-key-twice');
    const other = await stripe.open(asked, 'open-key-other');
    expect(second).toEqual(first);
    expect(other.providerId).not.toBe(first.providerId);
  });

  it('tells what became of a checkout: open, paid (with the payment to refund) and expired', async () => {
    const asked = request({ account: 'acct_oakridge' });
    const opened = await stripe.open(asked, 'status-key');
    expect(await stripe.status(opened.providerId, 'acct_oakridge')).toEqual({ outcome: 'open' });
    expect(lastRequest(`/v1/checkout/sessions/${opened.providerId}`)).toMatchObject({ method: 'GET', account: 'acct_oakridge' });

    const session = fake.complete(opened.providerId);
    const status = await stripe.status(opened.providerId, 'acct_oakridge');
    expect(status).toEqual({
      outcome: 'paid',
      event: {
        id: `retrieved:${opened.providerId}`,
        type: 'paid',
        site: 'oakridge',
        checkout: asked.checkout,
        providerCheckoutId: opened.providerId,
        providerPaymentId: session.payment_intent,
        amount: 5000,
        currency: 'USD',
      },
    });
    expect(session.payment_intent).toMatch(/^pi_/);

    const expiring = await stripe.open(request(), 'status-expire');
    fake.expire(expiring.providerId);
    expect(await stripe.status(expiring.providerId)).toEqual({ outcome: 'cancelled' });

    const slow = await stripe.open(request(), 'status-slow');
    fake.complete(slow.providerId, { paid: false });
    expect(await stripe.status(slow.providerId)).toEqual({ outcome: 'processing' });
  });

  it('reports a subscription paid by its invoice and subscription', async () => {
    const opened = await stripe.open(request({ mode: 'monthly', lines: [{ name: 'Monthly gift', amount: 1000, quantity: 1 }] }), 'status-sub');
    const session = fake.complete(opened.providerId);
    const { event } = await stripe.status(opened.providerId);
    expect(event).toMatchObject({ providerPaymentId: session.invoice, providerSubscriptionId: session.subscription, amount: 1000 });
    expect(session.invoice).toMatch(/^in_/);
  });
});

describe('refunds through Stripe', () => {
  it('refunds the payment on the connected account, once per key', async () => {
    const opened = await stripe.open(request({ account: 'acct_oakridge' }), 'refund-open');
    const paymentIntent = fake.complete(opened.providerId).payment_intent ?? '';

    const refund = await stripe.refund({ account: 'acct_oakridge', providerPaymentId: paymentIntent, amount: 1200, key: 'refund-key-1' });
    expect(refund.providerRefundId).toMatch(/^re_/);
    expect(lastRequest('/v1/refunds')).toMatchObject({
      method: 'POST',
      account: 'acct_oakridge',
      idempotencyKey: 'refund-key-1',
      body: { payment_intent: paymentIntent, amount: '1200' },
    });

    const again = await stripe.refund({ account: 'acct_oakridge', providerPaymentId: paymentIntent, amount: 1200, key: 'refund-key-1' });
    expect(again).toEqual(refund);
    // Only 3,800 of the 5,000 is left to refund.
    await expect(stripe.refund({ account: 'acct_oakridge', providerPaymentId: paymentIntent, amount: 4000, key: 'refund-key-2' })).rejects.toThrow(
      /greater than unrefunded/,
    );
  });

  it('refunds a subscription payment through what paid its invoice', async () => {
    const opened = await stripe.open(request({ mode: 'monthly', lines: [{ name: 'Monthly gift', amount: 1000, quantity: 1 }] }), 'refund-sub');
    const invoice = fake.complete(opened.providerId).invoice ?? '';
    const refund = await stripe.refund({ providerPaymentId: invoice, amount: 1000, key: 'refund-sub-key' });
    expect(refund.providerRefundId).toMatch(/^re_/);
    expect(lastRequest('/v1/invoice_payments').body).toMatchObject({ invoice, status: 'paid' });
    expect(lastRequest('/v1/refunds').body).toMatchObject({ payment_intent: expect.stringMatching(/^pi_/) as string, amount: '1000' });
  });
});

describe('Stripe webhooks', () => {
  async function paidSession() {
    const asked = request();
    const opened = await stripe.open(asked, `webhook-${asked.checkout}`);
    return { asked, session: fake.complete(opened.providerId) };
  }

  it('accepts a signed checkout.session.completed and reduces it to a payment event', async () => {
    const { asked, session } = await paidSession();
    const { payload, signature } = fake.event('checkout.session.completed', session, 'acct_oakridge');
    const event = stripe.webhook(Buffer.from(payload), signature);
    expect(event).toEqual({
      id: (JSON.parse(payload) as { id: string }).id,
      type: 'paid',
      site: 'oakridge',
      checkout: asked.checkout,
      providerCheckoutId: session.id,
      providerPaymentId: session.payment_intent,
      amount: 5000,
      currency: 'USD',
    });
    expect(event?.id).toMatch(/^evt_/);
  });

  it('maps a completed but unpaid checkout, late payments, failures and refunds', async () => {
    const asked = request();
    const opened = await stripe.open(asked, 'webhook-unpaid');
    const unpaid = fake.complete(opened.providerId, { paid: false });
    const read = (type: string, object: object) => {
      const { payload, signature } = fake.event(type, object);
      return stripe.webhook(Buffer.from(payload), signature);
    };
    expect(read('checkout.session.completed', unpaid)?.type).toBe('processing');
    expect(read('checkout.session.async_payment_succeeded', unpaid)?.type).toBe('paid');
    expect(read('checkout.session.async_payment_failed', unpaid)?.type).toBe('failed');
    expect(read('checkout.session.expired', unpaid)?.type).toBe('failed');

    const charge = {
      id: 'ch_1',
      object: 'charge',
      amount: 5000,
      amount_refunded: 1200,
      currency: 'usd',
      payment_intent: { id: 'pi_1', object: 'payment_intent' },
      metadata: { site: 'oakridge', checkout: asked.checkout },
    };
    expect(read('charge.refunded', charge)).toMatchObject({
      type: 'refunded',
      providerPaymentId: 'pi_1',
      amount: 1200,
      currency: 'USD',
      checkout: asked.checkout,
    });
    expect(read('charge.refunded', { ...charge, metadata: {} })).toBeUndefined();
    expect(read('checkout.session.completed', { ...unpaid, metadata: { site: 'oakridge' } })).toBeUndefined();
  });

  it('returns nothing for an event it does not need', async () => {
    const { payload, signature } = fake.event('customer.created', { id: 'cus_1', object: 'customer' });
    expect(stripe.webhook(Buffer.from(payload), signature)).toBeUndefined();
  });

  it('refuses a wrong secret, a changed payload, a missing header and a stale signature', async () => {
    const { session } = await paidSession();
    const signed = fake.event('checkout.session.completed', session);
    expect(stripe.webhook(Buffer.from(signed.payload), signed.signature)).toBeDefined();

    const forged = fake.event('checkout.session.completed', session, undefined, { secret: 'whsec_someone_else' });
    expect(() => stripe.webhook(Buffer.from(forged.payload), forged.signature)).toThrow(WebhookRefused);

    const tampered = signed.payload.replace('"amount_total": 5000', '"amount_total": 5');
    expect(tampered).not.toBe(signed.payload);
    expect(() => stripe.webhook(Buffer.from(tampered), signed.signature)).toThrow(WebhookRefused);

    expect(() => stripe.webhook(Buffer.from(signed.payload), undefined)).toThrow(WebhookRefused);
    expect(() => stripe.webhook(Buffer.from(signed.payload), '')).toThrow(WebhookRefused);

    const stale = fake.event('checkout.session.completed', session, undefined, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(() => stripe.webhook(Buffer.from(stale.payload), stale.signature)).toThrow(WebhookRefused);
    const recent = fake.event('checkout.session.completed', session, undefined, { timestamp: Math.floor(Date.now() / 1000) - 290 });
    expect(stripe.webhook(Buffer.from(recent.payload), recent.signature)).toBeDefined();

    // The same signature, read six minutes later by the provider's clock.
    const later = providerFor(fake, { now: () => Date.now() + 360_000 });
    expect(() => later.webhook(Buffer.from(signed.payload), signed.signature)).toThrow(WebhookRefused);
    expect(() => later.webhook(Buffer.from(signed.payload), signed.signature)).toThrow(/tolerance/);
  });
});

describe('stripeFromEnv', () => {
  it('needs both secrets from the environment', () => {
    expect(stripeFromEnv({})).toBeUndefined();
    expect(stripeFromEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toBeUndefined();
    expect(stripeFromEnv({ STRIPE_WEBHOOK_SECRET: SECRET })).toBeUndefined();
    const provider = stripeFromEnv({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: SECRET });
    expect(provider).toBeInstanceOf(StripeProvider);
    expect(provider?.testMode).toBe(false);
  });
});
