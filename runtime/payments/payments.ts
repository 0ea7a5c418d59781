/**
 * The money core every block that takes money uses: it opens checkouts for amounts the block
 * computed from the YAML, records in the ledger what the provider says became of them (once,
 * whatever order and however often events arrive), hands a paid or fully refunded checkout to
 * the block that opened it, sends the receipt, and reads receipts back from the ledger. Balances a
 * kit keeps on the ledger (gift certificates: blocks/kits/gifts/) are the kit's own.
 */
import { randomBytes } from 'node:crypto';
import type { Mailer } from '../services/mail.ts';
import type { Signer } from '../services/signing.ts';
import type { Site } from '../site.ts';
import { publicPath, siteUrl } from '../render/page-path.ts';
import type { Store, StoredRecord, TenantStore } from '../store/store.ts';
import { readCheckout, type EntryFields } from './ledger.ts';
import { formatMoneyExact } from './money.ts';
import { receiptOf, receiptText, renewalText, type Receipt, type Said } from './receipt.ts';
import type { CheckoutLine, PaymentEvent, PaymentProvider } from './provider.ts';

type Log = { info(o: object, m: string): void; error(o: object, m: string): void };

/** A checkout handed to the block that opened it: its opening entry, the entry that says it was paid, and the services blocks get (`S`). */
interface Handed<S> {
  site: Site;
  opened: StoredRecord;
  paid: StoredRecord;
  services: S;
  log: Log;
}

/**
 * A block that opens checkouts, as the money core sees it: what it does once one is paid, paid
 * again (a later month), or refunded in full (see BlockDefinition.paid, renewed and refunded).
 */
interface Fulfiller<S> {
  paid?(input: Handed<S>): Promise<void>;
  renewed?(input: Handed<S>): Promise<void>;
  refunded?(input: Handed<S>): Promise<void>;
}

export interface PaymentsOptions<S> {
  store: Store;
  mailer: Mailer;
  signer: Signer;
  origin: string;
  /** The sites being served now: a paid checkout is handed to its site's current version. */
  /** The site under a prefix (loaded first if need be), or undefined. */
  site: (prefix: string) => Promise<Site | undefined>;
  blocks: Readonly<Record<string, Fulfiller<S>>>;
  /** Stripe, when the platform has its keys (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET). */
  stripe?: PaymentProvider;
  test: PaymentProvider;
  /** The services handed to a block with its checkout. */
  services: () => S;
  log?: Log;
  now?: () => number;
}

export interface OpenInput {
  /** The block type that opens it: it is handed the checkout once paid. */
  purpose: string;
  /** The page it was opened from, for "try again". */
  page: string;
  description: string;
  lines: CheckoutLine[];
  mode?: 'once' | 'monthly';
  email?: string;
  reference?: string;
  /** What the block needs to fulfil it (a certificate's recipient and message): kept on the opening entry. */
  details?: Record<string, unknown>;
  /** What their receipt repeats to the payer, each with its label: what they wrote (a gift's dedication), or what is left to pay later (a deposit's balance). */
  said?: readonly Said[];
  /** The page payers come back to (it must hold a receipt block); by default the site's receipts page. */
  returnPath?: string;
}

const CHECKOUT_ID = /^[A-Za-z0-9_-]{22}$/;
const silent: Log = { info() {}, error() {} };

/** The money core of a server: one per server, for every site it serves. */
export class Payments<S = unknown> {
  private readonly log: Log;
  private readonly now: () => number;

  constructor(private readonly options: PaymentsOptions<S>) {
    this.log = options.log ?? silent;
    this.now = options.now ?? Date.now;
  }

  /** Stripe when the site asks for it and the platform has its keys; otherwise the test provider (nothing is charged). */
  providerFor(site: Site): PaymentProvider {
    return site.data.payments?.provider === 'stripe' && this.options.stripe ? this.options.stripe : this.options.test;
  }

  private provider(name: unknown): PaymentProvider {
    return name === 'stripe' && this.options.stripe ? this.options.stripe : this.options.test;
  }

  testMode(site: Site): boolean {
    return this.providerFor(site).testMode;
  }

  currency(site: Site): string {
    return site.data.payments?.currency ?? 'USD';
  }

  /** The receipt's id in links: the checkout id and a signature that ties it to its site. */
  receiptToken(site: Site, checkout: string): string {
    return this.options.signer.sign(`${site.prefix}/${checkout}`).slice(site.prefix.length + 1);
  }

  /** The checkout a receipt id names, when its signature is this server's for this site. */
  checkoutOf(site: Site, token: unknown): string | undefined {
    if (typeof token !== 'string' || token.length > 120) return undefined;
    const value = this.options.signer.verify(`${site.prefix}/${token}`);
    const checkout = value?.slice(site.prefix.length + 1);
    return checkout && CHECKOUT_ID.test(checkout) ? checkout : undefined;
  }

  receiptPath(site: Site, checkout: string, extra = '', page = site.data.payments?.receipts ?? '/payment-success'): string {
    return `${publicPath(site.prefix, page)}?receipt=${this.receiptToken(site, checkout)}${extra}`;
  }

  /** Where the payer of this checkout comes back to: the page it was opened for, or the site's receipts page. */
  returnPathOf(site: Site, opened: StoredRecord, extra = ''): string {
    return this.receiptPath(site, String(opened.checkout), extra, typeof opened.returnPath === 'string' ? opened.returnPath : undefined);
  }

  /**
   * Opens a checkout: the amounts go on the ledger first (with the provider's id once it answers),
   * then the visitor is sent to the provider. Amounts are the block's, computed from the YAML.
   */
  async open(site: Site, input: OpenInput): Promise<{ checkout: string; redirect: string }> {
    const currency = this.currency(site);
    for (const line of input.lines)
      if (!Number.isSafeInteger(line.amount) || line.amount < 0 || !Number.isSafeInteger(line.quantity) || line.quantity < 1)
        throw new Error(`a checkout line must be whole minor units: ${JSON.stringify(line)}`);
    const amount = input.lines.reduce((sum, l) => sum + l.amount * l.quantity, 0);
    if (amount <= 0 || !Number.isSafeInteger(amount)) throw new Error(`a checkout must come to a positive whole number of minor units, not ${amount}`);
    const checkout = randomBytes(16).toString('base64url');
    const provider = this.providerFor(site);
    const tenant = await this.options.store.tenant(site.prefix);
    const mode = input.mode ?? 'once';
    const opened = await provider.open(
      {
        site: site.prefix,
        checkout,
        account: site.data.payments?.account,
        currency,
        lines: input.lines,
        mode,
        email: input.email,
        successUrl: siteUrl(site, this.options.origin, this.receiptPath(site, checkout, '', input.returnPath)),
        cancelUrl: siteUrl(site, this.options.origin, this.receiptPath(site, checkout, '&cancelled=1', input.returnPath)),
        description: input.description,
      },
      `open:${checkout}`,
    );
    const entry: EntryFields = {
      type: 'checkout-opened',
      key: `open:${checkout}`,
      checkout,
      amount,
      currency,
      mode,
      purpose: input.purpose,
      page: input.page,
      description: input.description,
      lines: input.lines,
      provider: provider.name,
      // A test key's checkouts (Stripe's sk_test_) take no money either: the desk keeps them out of the takings.
      ...(provider.testMode ? { testMode: true } : {}),
      providerCheckoutId: opened.providerId,
      ...(input.email ? { email: input.email } : {}),
      ...(input.reference ? { reference: input.reference } : {}),
      ...(input.details ? { details: input.details } : {}),
      ...(input.said?.length ? { said: input.said.map(({ label, text }) => ({ label, text })) } : {}),
      ...(input.returnPath ? { returnPath: input.returnPath } : {}),
      at: this.at(),
    };
    await tenant.addOnce('ledger', { key: entry.key }, entry);
    this.log.info({ site: site.prefix, checkout, amount, currency, provider: provider.name }, 'checkout opened');
    return { checkout, redirect: opened.url };
  }

  /**
   * Records what a provider says became of a checkout. Each fact is kept once (its key), so the
   * same event delivered three times, or events out of order, change the ledger once; a paid
   * checkout is fulfilled once. Returns 'unknown' for a checkout this site never opened.
   */
  async record(event: PaymentEvent): Promise<'recorded' | 'repeat' | 'unknown' | 'unfulfilled'> {
    // Only a site that exists names a data file: nothing in an event, however verified, picks a path.
    const site = CHECKOUT_ID.test(event.checkout) ? await this.options.site(event.site) : undefined;
    if (!site) return 'unknown';
    const tenant = await this.options.store.tenant(event.site);
    const view = await readCheckout(tenant, event.checkout);
    if (!view) return 'unknown';
    const { opened } = view;
    if (event.renewal) return this.renew(event, tenant, opened);
    const currency = String(opened.currency);
    const key = event.type === 'refunded' ? `refunded:${event.id}` : `${event.type}:${event.checkout}`;
    // A refund event says how much has been given back in all; what the ledger already holds (our own refunds) is not counted twice.
    const amount = event.type === 'refunded' ? Math.min(event.amount ?? 0, Number(view.paid?.amount ?? opened.amount)) - view.refunded : Number(opened.amount);
    if (event.type === 'refunded' && amount <= 0) return 'repeat';
    if (event.type === 'paid' && event.amount !== undefined && (event.amount !== opened.amount || (event.currency ?? currency) !== currency)) {
      // The provider took something else than we asked: recorded as it is, never fulfilled, and said loudly.
      this.log.error({ site: event.site, checkout: event.checkout, asked: opened.amount, took: event.amount }, 'a paid amount differs from the checkout');
    }
    const entry: EntryFields = {
      type: event.type,
      key,
      checkout: event.checkout,
      amount: event.type === 'paid' && event.amount !== undefined ? event.amount : amount,
      currency,
      provider: String(opened.provider),
      providerEventId: event.id,
      ...(event.providerPaymentId ? { providerPaymentId: event.providerPaymentId } : {}),
      ...(event.providerSubscriptionId ? { providerSubscriptionId: event.providerSubscriptionId } : {}),
      ...(opened.email ? { email: opened.email } : {}),
      at: this.at(),
    };
    const added = await tenant.addOnce('ledger', { key }, entry);
    if (event.type === 'paid' && !(await this.fulfil(event.site, tenant, opened, 'added' in added ? added.added : added.existing))) return 'unfulfilled';
    if (event.type === 'refunded') await this.refundedInFull(site, tenant, event.checkout);
    return 'added' in added ? 'recorded' : 'repeat';
  }

  /**
   * A checkout refunded in full is handed back to the block that opened it, after every refund that
   * leaves it so (its own entries are keyed, so twice changes nothing): money given back cannot be
   * spent too (a certificate it paid for is emptied).
   */
  private async refundedInFull(site: Site, tenant: TenantStore, checkout: string): Promise<void> {
    const view = await readCheckout(tenant, checkout);
    if (view?.status !== 'refunded' || !view.paid) return;
    const handed = { site, opened: view.opened, paid: view.paid, services: this.options.services(), log: this.log };
    await this.options.blocks[String(view.opened.purpose)]?.refunded?.(handed);
  }

  /** A later month of a monthly checkout: its own paid entry (once per invoice), handed to its block, and its own receipt. */
  private async renew(event: PaymentEvent, tenant: TenantStore, opened: StoredRecord): Promise<'recorded' | 'repeat' | 'unknown'> {
    if (event.type !== 'paid' || opened.mode !== 'monthly' || !Number.isSafeInteger(event.amount)) return 'unknown';
    const key = `renewed:${event.providerPaymentId ?? event.id}`;
    const added = await tenant.addOnce('ledger', { key }, {
      type: 'paid',
      key,
      renewal: true,
      checkout: event.checkout,
      amount: event.amount as number,
      currency: String(opened.currency),
      provider: String(opened.provider),
      providerEventId: event.id,
      ...(event.providerPaymentId ? { providerPaymentId: event.providerPaymentId } : {}),
      ...(event.providerSubscriptionId ? { providerSubscriptionId: event.providerSubscriptionId } : {}),
      ...(opened.email ? { email: opened.email } : {}),
      at: this.at(),
    } satisfies EntryFields);
    if (!('added' in added)) return 'repeat';
    const site = await this.options.site(event.site);
    if (!site) return 'recorded';
    try {
      await this.options.blocks[String(opened.purpose)]?.renewed?.({ site, opened, paid: added.added, services: this.options.services(), log: this.log });
    } catch (error) {
      this.log.error(
        { site: event.site, checkout: event.checkout, err: (error as Error).message },
        'a monthly payment is recorded; its block could not finish',
      );
    }
    if (typeof opened.email === 'string') {
      await this.options.mailer
        .send({
          to: opened.email,
          subject: `Your monthly receipt from ${site.data.site.name}`,
          text: renewalText(site, opened, added.added, siteUrl(site, this.options.origin, this.returnPathOf(site, opened))),
        })
        .catch((error: Error) => this.log.error({ site: event.site, err: error.message }, 'a monthly receipt e-mail failed; the payment is recorded'));
    }
    return 'recorded';
  }

  /** Checkouts being fulfilled now: a second delivery of the same event waits for the first instead of doing the work again. */
  private readonly fulfilling = new Map<string, Promise<boolean>>();

  /**
   * Hands a paid checkout to its block and sends the receipt, once: marked on the ledger when done.
   * If the block fails, nothing is marked, so the next delivery of the event (or the payer opening
   * the receipt) tries again; the blocks' own entries are keyed, so a retry never doubles them.
   */
  private fulfil(prefix: string, tenant: TenantStore, opened: StoredRecord, paid: StoredRecord): Promise<boolean> {
    const id = `${prefix}/${String(opened.checkout)}`;
    const running = this.fulfilling.get(id);
    if (running) return running;
    const work = this.fulfilOnce(prefix, tenant, opened, paid).finally(() => this.fulfilling.delete(id));
    this.fulfilling.set(id, work);
    return work;
  }

  private async fulfilOnce(prefix: string, tenant: TenantStore, opened: StoredRecord, paid: StoredRecord): Promise<boolean> {
    // The provider took another amount than we asked: recorded as it is, never fulfilled (logged in record()).
    if (paid.amount !== opened.amount) return true;
    const key = `fulfilled:${String(opened.checkout)}`;
    if (await tenant.find('ledger', { key })) return true;
    const site = await this.options.site(prefix);
    if (!site) return false;
    try {
      await this.options.blocks[String(opened.purpose)]?.paid?.({ site, opened, paid, services: this.options.services(), log: this.log });
    } catch (error) {
      this.log.error(
        { site: prefix, checkout: opened.checkout, err: (error as Error).message },
        'a paid checkout could not be fulfilled yet; it is tried again',
      );
      return false;
    }
    const marked = await tenant.addOnce('ledger', { key }, { type: 'fulfilled', key, checkout: opened.checkout, amount: 0, currency: opened.currency });
    if ('added' in marked && typeof opened.email === 'string') {
      const receipt = await this.receipt(site, String(opened.checkout));
      if (receipt)
        await this.options.mailer
          .send({
            to: opened.email,
            subject: `Your receipt from ${site.data.site.name}`,
            text: receiptText(site, receipt, siteUrl(site, this.options.origin, this.returnPathOf(site, opened))),
          })
          .catch((error: Error) => this.log.error({ site: prefix, err: error.message }, 'receipt e-mail failed; the payment is recorded'));
    }
    return true;
  }

  /**
   * A receipt from the ledger. While the ledger has no outcome yet (the visitor came back before
   * the webhook), the provider is asked, and what it says is recorded like an event.
   */
  async receipt(site: Site, checkout: string): Promise<Receipt | undefined> {
    const tenant = await this.options.store.tenant(site.prefix);
    let view = await readCheckout(tenant, checkout);
    if (!view) return undefined;
    if (view.status === 'open' || view.status === 'processing') {
      const provider = this.provider(view.opened.provider);
      const asked = await provider.status(String(view.opened.providerCheckoutId), site.data.payments?.account).catch((error: Error) => {
        this.log.error({ site: site.prefix, err: error.message }, 'the payment provider could not be asked about a checkout');
        return undefined;
      });
      // What the provider says is recorded like an event: paid (with its ids), still processing, or expired (nothing was taken).
      const providerId = String(view.opened.providerCheckoutId);
      const said =
        asked?.event ??
        (asked?.outcome === 'processing' || asked?.outcome === 'cancelled'
          ? {
              id: `retrieved:${providerId}:${asked.outcome}`,
              type: asked.outcome === 'processing' ? ('processing' as const) : ('failed' as const),
              site: site.prefix,
              checkout,
            }
          : undefined);
      if (said && !(said.type === 'processing' && view.status === 'processing')) {
        await this.record({ ...said, site: site.prefix, checkout });
        view = (await readCheckout(tenant, checkout)) ?? view;
      }
    }
    // Paid, but its block could not finish yet (a failure earlier): the payer's visit tries again.
    if (view.paid && !view.entries.some((e) => e.type === 'fulfilled')) await this.fulfil(site.prefix, tenant, view.opened, view.paid);
    return receiptOf(checkout, view);
  }

  /** Gives money back through the provider that took it, and records it; never more than was paid. */
  async refund(site: Site, checkout: string, amount?: number): Promise<{ refunded: number } | { refused: string }> {
    const tenant = await this.options.store.tenant(site.prefix);
    const view = await readCheckout(tenant, checkout);
    if (!view?.paid) return { refused: 'This checkout was not paid.' };
    const left = Number(view.paid.amount) - view.refunded;
    const wanted = amount ?? left;
    if (!Number.isSafeInteger(wanted) || wanted <= 0 || wanted > left)
      return { refused: `At most ${formatMoneyExact(left, String(view.opened.currency))} can be refunded.` };
    const key = `refund:${checkout}:${view.entries.filter((e) => e.type === 'refunded').length + 1}`;
    const { providerRefundId } = await this.provider(view.opened.provider).refund({
      account: site.data.payments?.account,
      providerPaymentId: typeof view.paid.providerPaymentId === 'string' ? view.paid.providerPaymentId : '',
      amount: wanted,
      key,
    });
    await tenant.addOnce('ledger', { key: `refunded:${providerRefundId}` }, {
      type: 'refunded',
      key: `refunded:${providerRefundId}`,
      checkout,
      amount: wanted,
      currency: String(view.opened.currency),
      provider: String(view.opened.provider),
      providerRefundId,
    } satisfies EntryFields);
    await this.refundedInFull(site, tenant, checkout);
    return { refunded: wanted };
  }

  /** When an entry happens, by the money core's clock (tests move it): what receipts are dated by. */
  private at(): string {
    return new Date(this.now()).toISOString();
  }
}
