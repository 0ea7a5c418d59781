/**
 * What a block's server half may use: the store, mail, the signing key, newsletter contacts and
 * the uploads folder. Interfaces only, so blocks depend on no server module.
 */
import type { Payments } from '../payments/payments.ts';
import type { Site } from '../site.ts';
import type { Store, TenantStore } from '../store/store.ts';
import type { Mailer } from './mail.ts';
import type { Signer } from './signing.ts';

/** Double opt-in subscriptions: a pending contact and a confirmation link by e-mail, made after the visitor has been answered. */
export interface ContactList {
  subscribe(site: Site, tenant: TenantStore, contact: { form: string; email: string; answers: Record<string, unknown> }): Promise<void>;
}

export interface ActionServices {
  store: Store;
  mailer: Mailer;
  signer: Signer;
  contacts: ContactList;
  /** Where files sent with posts are kept (one folder per site); never served. */
  uploadsDir: string;
  /** Money: checkouts, the ledger, receipts and gift balances. */
  payments: Payments;
  /**
   * Whether one more automatic reply may go to this address from this site now (one an hour), so a
   * form cannot be used to mail strangers. Left out (services made without the post limits), none is sent.
   */
  mayAutoReply?(prefix: string, email: string): Promise<boolean>;
  /** The clock, in epoch milliseconds (tests move it); Date.now when absent. Blocks read it through `payments.nowMs()`. */
  now?: () => number;
}
