/**
 * A card-payment provider, as the money core sees one: it opens a hosted checkout for amounts we
 * computed, tells us what became of it (by a verified webhook event, or when asked), and refunds.
 * `stripe` (Stripe Checkout, one platform account with Connect) and `test` (a checkout page on
 * our own server, for working offline) are the two; nothing else in the product names either.
 */

/** One line of a checkout, in minor units; amounts are always worked out on our server from the YAML. */
export interface CheckoutLine {
  name: string;
  amount: number;
  quantity: number;
}

export interface CheckoutRequest {
  /** The site it is for and our own id of the checkout (also in the provider's metadata). */
  site: string;
  checkout: string;
  /** The site's connected account (Stripe Connect), when it has one. */
  account?: string;
  currency: string;
  lines: CheckoutLine[];
  /** Paid once, or every month (monthly donations: a subscription at the provider). */
  mode: 'once' | 'monthly';
  email?: string;
  /** Where the provider sends the visitor back: paid (or processing), and gave up. */
  successUrl: string;
  cancelUrl: string;
  /** Shown on the provider's page and the card statement, such as "Oakridge: water bill". */
  description: string;
}

export interface OpenedCheckout {
  /** The provider's id of the checkout (Stripe: cs_…). */
  providerId: string;
  /** Where to send the visitor to pay. */
  url: string;
}

/** What happened to a checkout, as the provider reports it. */
export type CheckoutOutcome = 'paid' | 'processing' | 'failed' | 'cancelled' | 'open';

/** A verified event from the provider, reduced to what the ledger records. */
export interface PaymentEvent {
  /** The provider's event id: the same event delivered again has the same id. */
  id: string;
  type: 'paid' | 'processing' | 'failed' | 'refunded';
  site: string;
  checkout: string;
  providerCheckoutId?: string;
  /** The provider's id of the money taken (Stripe: pi_… or in_… for a subscription), for refunds. */
  providerPaymentId?: string;
  providerSubscriptionId?: string;
  /** What the provider says it took or gave back, in minor units (checked against what we asked). */
  amount?: number;
  currency?: string;
  /** A monthly checkout paid again (a later month of a subscription): its own payment, on top of the first. */
  renewal?: boolean;
}

export interface RefundRequest {
  account?: string;
  providerPaymentId: string;
  amount: number;
  /** Our idempotency key: the provider refunds once however often it is asked. */
  key: string;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** Test mode: no real money moves, and pages say so. */
  readonly testMode: boolean;
  open(request: CheckoutRequest, idempotencyKey: string): Promise<OpenedCheckout>;
  /** What became of a checkout, asked directly (a visitor back on the receipt page before the webhook came). */
  status(providerCheckoutId: string, account?: string): Promise<{ outcome: CheckoutOutcome; event?: PaymentEvent }>;
  refund(request: RefundRequest): Promise<{ providerRefundId: string }>;
  /**
   * A webhook delivery, verified from its raw bytes and signature header in constant time; throws
   * WebhookRefused for a bad or stale signature. Returns undefined for an event we do not need.
   */
  webhook(raw: Buffer, signature: string | undefined): PaymentEvent | undefined;
}

/** A webhook delivery whose signature does not hold: answered 400, nothing recorded. */
export class WebhookRefused extends Error {}
