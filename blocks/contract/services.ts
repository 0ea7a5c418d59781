/**
 * The services in the block contract: what a block's server half is given (`ActionServices`), each
 * as narrow as blocks use it — the store, mail, the signing key, the clock, links to a site's pages,
 * money (checkouts, receipts, refunds) and the ledger a kit keeps balances on. The kernel makes
 * them (runtime/services/); a block never sees the money core itself.
 */
import type { EntryFields } from '../../runtime/payments/ledger.ts';
import type { OpenInput } from '../../runtime/payments/payments.ts';
import type { Receipt } from '../../runtime/payments/receipt.ts';
import type { Mailer } from '../../runtime/services/mail.ts';
import type { Signer } from '../../runtime/services/signing.ts';
import type { Site } from '../../runtime/site.ts';
import type { BalanceResult, OnceResult, Store, StoredRecord, TenantStore } from '../../runtime/store/store.ts';

/** Double opt-in subscriptions: a pending contact and a confirmation link by e-mail, made after the visitor has been answered. */
export interface ContactList {
  subscribe(site: Site, tenant: TenantStore, contact: { form: string; email: string; answers: Record<string, unknown> }): Promise<void>;
}

/**
 * Money, as a block moves it: it opens a checkout for amounts it worked out from the YAML (the
 * kernel keeps the ledger and hands the checkout back to the block once paid), reads a checkout
 * back as its receipt, and gives money back.
 */
export interface Checkouts {
  /** Opens a checkout on the site's provider: its amounts go on the ledger, and `redirect` is where the visitor pays. */
  open(site: Site, input: OpenInput): Promise<{ checkout: string; redirect: string }>;
  /** The checkout a receipt link's signed id (`?receipt=`) names, when it is this server's for this site. */
  checkoutOf(site: Site, token: unknown): string | undefined;
  /** A checkout's receipt from the ledger (the provider is asked while the ledger has no outcome yet). */
  receipt(site: Site, checkout: string): Promise<Receipt | undefined>;
  /** Gives money back through the provider that took it, and records it: all that is left, or `amount`; never more than was paid. */
  refund(site: Site, checkout: string, amount?: number): Promise<{ refunded: number } | { refused: string }>;
  /** Whether the site's checkouts take no money now (the test provider, or a provider's test keys). */
  testMode(site: Site): boolean;
}

/**
 * A site's ledger, for a kit that keeps balances on it (gift certificates): entries are added and
 * never changed, each at most once per `key`, and read back by their fields.
 */
export interface Ledger {
  /** The site's entries whose fields equal all of `where`'s, in the order they were added. */
  list(site: Site, where?: Record<string, unknown>): Promise<StoredRecord[]>;
  /** The first entry whose fields equal all of `where`'s. */
  find(site: Site, where: Record<string, unknown>): Promise<StoredRecord | undefined>;
  /** Adds an entry unless one with its key is there already (then that one is answered). */
  append(site: Site, entry: EntryFields): Promise<OnceResult>;
  /**
   * Adds an entry that moves its `account`'s balance by its `delta`, unless that would take the
   * balance below zero or an entry with its key is there already: checked and written in one step.
   */
  appendWithinBalance(site: Site, entry: EntryFields & { account: string; delta: number }): Promise<BalanceResult>;
}

/** What a block's server half is given: the kernel's services, each as narrow as blocks use it. */
export interface ActionServices {
  store: Store;
  mailer: Mailer;
  signer: Signer;
  contacts: ContactList;
  /** Where files sent with posts are kept (one folder per site); never served. */
  uploadsDir: string;
  /** The clock, in epoch milliseconds: what "now" is for every block (tests move it). */
  now(): number;
  /** The absolute address of a site's page (`path` as publicPath gives it), for links in e-mails and calendar files: on the site's own domain when it has one. */
  siteUrl(site: Site, path: string): string;
  /** Money: checkouts, receipts and refunds. */
  checkout: Checkouts;
  /** The ledger, for balances a kit keeps on it. */
  ledger: Ledger;
  /**
   * Whether one more automatic reply may go to this address from this site now (one an hour), so a
   * form cannot be used to mail strangers. Left out (services made without the post limits), none is sent.
   */
  mayAutoReply?(prefix: string, email: string): Promise<boolean>;
}
