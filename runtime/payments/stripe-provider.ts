import Stripe from 'stripe';
import { WebhookRefused } from './provider.ts';
import type { CheckoutOutcome, CheckoutRequest, OpenedCheckout, PaymentEvent, PaymentProvider, RefundRequest } from './provider.ts';

/**
 * Stripe Checkout, through the official library: one platform account, and direct charges on a
 * site's connected account (Stripe Connect) when the site has one. The secret key and the webhook
 * signing secret come from the environment only, never from a site's YAML.
 */

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API server than Stripe's own (a local one in tests). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** The current time in milliseconds, for the age of a webhook signature. */
  now?: () => number;
}

/** How old a webhook signature may be, in seconds. */
const WEBHOOK_TOLERANCE = 300;

/**
 * The static prefix of a card statement descriptor is at most 10 characters, and prefix, `* ` and
 * suffix together at most 22: a suffix of 10 always fits.
 */
const SUFFIX_LENGTH = 10;

type Session = Stripe.Checkout.Session;

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly testMode: boolean;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly now: () => number;

  constructor(options: StripeProviderOptions) {
    this.testMode = options.secretKey.startsWith('sk_test_');
    this.webhookSecret = options.webhookSecret;
    this.now = options.now ?? Date.now;
    this.stripe = new Stripe(options.secretKey, {
      ...(options.host === undefined ? {} : { host: options.host }),
      ...(options.port === undefined ? {} : { port: options.port }),
      ...(options.protocol === undefined ? {} : { protocol: options.protocol }),
    });
  }

  async open(request: CheckoutRequest, idempotencyKey: string): Promise<OpenedCheckout> {
    const metadata = { site: request.site, checkout: request.checkout };
    const currency = request.currency.toLowerCase();
    const subscription = request.mode === 'monthly';
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: subscription ? 'subscription' : 'payment',
      line_items: request.lines.map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency,
          unit_amount: line.amount,
          product_data: { name: line.name },
          ...(subscription ? { recurring: { interval: 'month' as const } } : {}),
        },
      })),
      client_reference_id: request.checkout,
      metadata,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      ...(request.email ? { customer_email: request.email } : {}),
    };
    if (subscription) {
      params.subscription_data = { metadata };
    } else {
      const suffix = statementSuffix(request.description);
      params.payment_intent_data = { metadata, description: request.description, ...(suffix ? { statement_descriptor_suffix: suffix } : {}) };
    }
    const session = await this.stripe.checkout.sessions.create(params, { idempotencyKey, ...accountOption(request.account) });
    if (!session.url) throw new Error(`Stripe returned checkout ${session.id} without a page to send the visitor to.`);
    return { providerId: session.id, url: session.url };
  }

  async status(providerCheckoutId: string, account?: string): Promise<{ outcome: CheckoutOutcome; event?: PaymentEvent }> {
    const session = await this.stripe.checkout.sessions.retrieve(providerCheckoutId, {}, accountOption(account));
    if (session.status === 'expired') return { outcome: 'cancelled' };
    if (session.status !== 'complete') return { outcome: 'open' };
    if (!settled(session)) return { outcome: 'processing' };
    const event = sessionEvent(`retrieved:${session.id}`, 'paid', session);
    return event ? { outcome: 'paid', event } : { outcome: 'paid' };
  }

  async refund(request: RefundRequest): Promise<{ providerRefundId: string }> {
    const options = { idempotencyKey: request.key, ...accountOption(request.account) };
    // A subscription's payment is recorded by its invoice (in_…): the refund goes to what paid it.
    const target = request.providerPaymentId.startsWith('in_')
      ? await this.invoicePayment(request.providerPaymentId, request.account)
      : { payment_intent: request.providerPaymentId };
    const refund = await this.stripe.refunds.create({ ...target, amount: request.amount }, options);
    return { providerRefundId: refund.id };
  }

  webhook(raw: Buffer, signature: string | undefined): PaymentEvent | undefined {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(raw, signature ?? '', this.webhookSecret, WEBHOOK_TOLERANCE, undefined, this.now());
    } catch (error) {
      throw new WebhookRefused(refusal(error));
    }
    switch (event.type) {
      case 'checkout.session.completed':
        return sessionEvent(event.id, settled(event.data.object) ? 'paid' : 'processing', event.data.object);
      case 'checkout.session.async_payment_succeeded':
        return sessionEvent(event.id, 'paid', event.data.object);
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        return sessionEvent(event.id, 'failed', event.data.object);
      case 'charge.refunded':
        return chargeRefunded(event.id, event.data.object);
      case 'invoice.paid':
        return renewal(event.id, event.data.object);
      default:
        return undefined;
    }
  }

  /** What paid an invoice: its PaymentIntent, or for older invoices the charge. */
  private async invoicePayment(invoice: string, account: string | undefined): Promise<{ payment_intent: string } | { charge: string }> {
    const payments = await this.stripe.invoicePayments.list({ invoice, status: 'paid', limit: 10 }, accountOption(account));
    for (const { payment } of payments.data) {
      if (payment.payment_intent) return { payment_intent: idOf(payment.payment_intent) };
      if (payment.charge) return { charge: idOf(payment.charge) };
    }
    throw new Error(`Stripe has no paid payment for invoice ${invoice}.`);
  }
}

/** A provider when the environment has both Stripe secrets, else none. */
export function stripeFromEnv(env: NodeJS.ProcessEnv = process.env): StripeProvider | undefined {
  const secretKey = env.STRIPE_SECRET_KEY;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret) return undefined;
  return new StripeProvider({ secretKey, webhookSecret });
}

/**
 * A later month of a subscription: its invoice names the checkout through the subscription's
 * metadata. The first invoice is the checkout's own payment (checkout.session.completed).
 */
function renewal(id: string, invoice: Stripe.Invoice): PaymentEvent | undefined {
  if (invoice.billing_reason !== 'subscription_cycle' || !invoice.id) return undefined;
  const details = invoice.parent?.subscription_details;
  const site = details?.metadata?.site;
  const checkout = details?.metadata?.checkout;
  if (!site || !checkout) return undefined;
  return {
    id,
    type: 'paid',
    renewal: true,
    site,
    checkout,
    providerPaymentId: invoice.id,
    ...(details.subscription ? { providerSubscriptionId: idOf(details.subscription) } : {}),
    amount: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
  };
}

function accountOption(account: string | undefined): { stripeAccount?: string } {
  return account ? { stripeAccount: account } : {};
}

function settled(session: Session): boolean {
  return session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
}

function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

function sessionEvent(id: string, type: PaymentEvent['type'], session: Session): PaymentEvent | undefined {
  const site = session.metadata?.site;
  const checkout = session.metadata?.checkout;
  if (!site || !checkout) return undefined;
  const paidBy = session.mode === 'subscription' ? session.invoice : session.payment_intent;
  const event: PaymentEvent = { id, type, site, checkout, providerCheckoutId: session.id };
  if (paidBy) event.providerPaymentId = idOf(paidBy);
  if (session.subscription) event.providerSubscriptionId = idOf(session.subscription);
  if (session.amount_total !== null) event.amount = session.amount_total;
  if (session.currency) event.currency = session.currency.toUpperCase();
  return event;
}

function chargeRefunded(id: string, charge: Stripe.Charge): PaymentEvent | undefined {
  const site = charge.metadata.site;
  const checkout = charge.metadata.checkout;
  if (!site || !checkout) return undefined;
  const event: PaymentEvent = { id, type: 'refunded', site, checkout, amount: charge.amount_refunded, currency: charge.currency.toUpperCase() };
  if (charge.payment_intent) event.providerPaymentId = idOf(charge.payment_intent);
  return event;
}

/** A card statement suffix from a description: Latin letters, digits and spaces, short enough always to fit. */
function statementSuffix(description: string): string | undefined {
  const latin = description
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 .,&-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const suffix = latin.slice(0, SUFFIX_LENGTH).trim();
  return /[A-Za-z]/.test(suffix) ? suffix : undefined;
}

/** The library's reason for refusing a signature, in one short line. */
function refusal(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').trim().slice(0, 120) || 'The webhook signature does not hold.';
}
