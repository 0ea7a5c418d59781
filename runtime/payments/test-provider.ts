/**
 * The offline provider, and the default when the platform has no Stripe keys: its checkout is a
 * page on our own server (/payments/test/{site}/{checkout}) that shows the amount and lets the
 * visitor pay, have the card declined, or cancel, so every page that takes money can be clicked
 * through end to end with nothing charged. Its outcomes reach the ledger the same way a verified
 * webhook's do. Every page it shows says TEST MODE.
 */
import { createHash } from 'node:crypto';
import { WebhookRefused, type CheckoutRequest, type OpenedCheckout, type PaymentProvider } from './provider.ts';

export class TestProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly testMode: boolean = true;

  /** Its checkout is on this server: the address is a path, so it works at whatever address the server is reached. */
  async open(request: CheckoutRequest): Promise<OpenedCheckout> {
    return { providerId: `test_cs_${request.checkout}`, url: `/payments/test/${request.site}/${request.checkout}` };
  }

  /** Its outcomes are recorded the moment the visitor presses a button, so the ledger is always up to date. */
  async status() {
    return { outcome: 'open' as const };
  }

  async refund(request: { key: string }) {
    return { providerRefundId: `test_re_${createHash('sha256').update(request.key).digest('base64url').slice(0, 20)}` };
  }

  webhook(): never {
    throw new WebhookRefused('the test provider sends no webhooks');
  }
}
