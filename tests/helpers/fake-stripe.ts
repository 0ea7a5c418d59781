import Fastify from 'fastify';
import Stripe from 'stripe';
import { StripeProvider } from '../../runtime/payments/stripe-provider.ts';
import { answerAsStripe, isFakeSession, token, visible, type FakeRequest, type FakeSession, type FakeState, type Payment } from './fake-stripe-api.ts';

/**
 * A local stand-in for the part of Stripe's API the Stripe provider uses, answering the way Stripe
 * does: form-encoded bodies with bracket keys, Stripe-shaped objects and errors, idempotency keys
 * scoped to an account, and connected-account objects visible only with their `Stripe-Account`.
 * A test moves a checkout on (`complete`, `expire`) and signs webhook events with the same secret
 * the provider checks them with.
 */

export type { FakeRequest, FakeSession, FormObject, FormValue } from './fake-stripe-api.ts';

export interface FakeStripe {
  port: number;
  url: string;
  webhookSecret: string;
  requests: FakeRequest[];
  sessions: Map<string, FakeSession>;
  /** Marks a checkout complete: paid (the default) or with its payment still unpaid (a bank debit under way). */
  complete: (sessionId: string, options?: { paid?: boolean }) => FakeSession;
  expire: (sessionId: string) => FakeSession;
  /** A Stripe event around `object` and its signature header; `timestamp` (seconds) ages it, `secret` signs with another secret. */
  event: (type: string, object: object, account?: string, options?: { timestamp?: number; secret?: string }) => { payload: string; signature: string };
  close: () => Promise<void>;
}

const API_VERSION = Stripe.API_VERSION;

export async function startFakeStripe(options: { webhookSecret: string }): Promise<FakeStripe> {
  const state: FakeState = { requests: [], sessions: new Map(), payments: new Map(), answered: new Map(), base: '' };
  const { requests, sessions, payments } = state;

  const app = Fastify({ logger: false });
  answerAsStripe(app, state);

  function sessionFor(sessionId: string): FakeSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`The fake Stripe has no checkout ${sessionId}.`);
    return session;
  }

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The fake Stripe did not get a port.');
  state.base = `http://127.0.0.1:${address.port}`;

  return {
    port: address.port,
    url: state.base,
    webhookSecret: options.webhookSecret,
    requests,
    sessions,
    complete(sessionId, { paid = true } = {}) {
      const session = sessionFor(sessionId);
      session.status = 'complete';
      session.url = null;
      session.payment_status = paid ? 'paid' : 'unpaid';
      const intent = `pi_${token()}`;
      const payment: Payment = { id: intent, amount: session.amount_total, refunded: 0, currency: session.currency };
      if (session.account) payment.account = session.account;
      if (session.mode === 'subscription') {
        session.invoice = `in_${token()}`;
        session.subscription = `sub_${token()}`;
        payment.invoice = session.invoice;
      } else {
        session.payment_intent = intent;
      }
      if (paid) payments.set(intent, payment);
      return session;
    },
    expire(sessionId) {
      const session = sessionFor(sessionId);
      session.status = 'expired';
      session.url = null;
      return session;
    },
    event(type, object, account, eventOptions = {}) {
      const shown = isFakeSession(object) ? visible(object) : object;
      const body: Record<string, unknown> = {
        id: `evt_${token()}`,
        object: 'event',
        api_version: API_VERSION,
        created: eventOptions.timestamp ?? Math.floor(Date.now() / 1000),
        data: { object: shown },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      if (account) body.account = account;
      const payload = JSON.stringify(body, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: eventOptions.secret ?? options.webhookSecret,
        ...(eventOptions.timestamp === undefined ? {} : { timestamp: eventOptions.timestamp }),
      });
      return { payload, signature };
    },
    close: () => app.close(),
  };
}

/** A Stripe provider talking to the fake; `now` and `webhookSecret` replace the defaults. */
export function providerFor(fake: FakeStripe, options: { now?: () => number; webhookSecret?: string } = {}): StripeProvider {
  return new StripeProvider({
    secretKey: 'sk_test_fake',
    webhookSecret: options.webhookSecret ?? fake.webhookSecret,
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    ...(options.now ? { now: options.now } : {}),
  });
}
