import { join } from 'node:path';
import type { ActionServices, ContactList } from '../../blocks/contract.ts';
import type { Payments } from '../payments/payments.ts';
import { siteUrl } from '../render/page-path.ts';
import { LowdbStore } from '../store/lowdb-store.ts';
import { StoreError, type Store } from '../store/store.ts';
import { createMailer } from './mail.ts';
import { checkoutService, ledgerService } from './money.ts';
import { loadSigner, type SignerOptions } from './signing.ts';

export interface ServiceOptions {
  /** The form time-trap's clock and limits (tests move the clock instead of waiting). */
  signer?: SignerOptions;
  /** The clock of bookings, holds and the ledger (tests move it instead of waiting); the signer's, else Date.now. */
  now?: () => number;
}

/**
 * The services a server opens before it serves (the store, mail, the signing key, the uploads
 * folder, the clock); the rest of what blocks are given is made from them once the server is built
 * (see blockServices).
 */
export type KernelServices = Omit<ActionServices, 'contacts' | 'checkout' | 'ledger' | 'siteUrl' | 'now' | 'mayAutoReply'> & {
  /** The clock of bookings, holds and the ledger (tests move it); Date.now when absent. */
  now?: () => number;
};

/**
 * What every block's server half is given: the kernel's services, the contact list, and the narrow
 * money services and links made from the money core and the server's public origin.
 */
export function blockServices<S>(
  base: KernelServices,
  made: { payments: Payments<S>; origin: string; contacts: ContactList; mayAutoReply?: ActionServices['mayAutoReply'] },
): ActionServices {
  const { payments, origin, contacts, mayAutoReply } = made;
  return {
    ...base,
    contacts,
    now: base.now ?? Date.now,
    siteUrl: (site, path) => siteUrl(site, origin, path),
    checkout: checkoutService(payments),
    ledger: ledgerService(base.store),
    ...(mayAutoReply ? { mayAutoReply } : {}),
  };
}

/**
 * The store: PostgreSQL when DATABASE_URL is set (shared by every instance that points at it,
 * which must then all sign with one SITEWRIGHT_SECRET), else the embedded lowdb store in the
 * data folder (one process at a time). The commands that read or erase data open it the same
 * way, without the key (`serving: false`), and may read beside a running server (`readOnly`).
 */
export async function openStore(dataDir: string, options: { serving?: boolean; readOnly?: boolean } = {}): Promise<Store> {
  const { serving = true, readOnly = false } = options;
  const url = process.env.DATABASE_URL;
  if (!url) return LowdbStore.open(dataDir, { readOnly });
  if (!serving) {
    const { PostgresStore } = await import('../store/postgres-store.ts');
    return PostgresStore.open(url, { schema: process.env.DATABASE_SCHEMA || undefined, max: 2 });
  }
  const secret = process.env.SITEWRIGHT_SECRET;
  if (!secret || secret.length < 32)
    throw new StoreError(
      'With DATABASE_URL set, every instance must sign with the same key: set SITEWRIGHT_SECRET (32 characters or more, such as the output of `openssl rand -hex 32`) to the same value on each.',
      'SW_SECRET_MISMATCH',
    );
  const { PostgresStore } = await import('../store/postgres-store.ts');
  const store = await PostgresStore.open(url, { schema: process.env.DATABASE_SCHEMA || undefined });
  try {
    await store.agreeOnKey(Buffer.from(secret));
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/**
 * What the forms need, on the embedded defaults: the lowdb store in the data folder (or
 * PostgreSQL with DATABASE_URL), mail to SMTP_URL or else to the outbox folder (test mode), and
 * the signing key. Uploaded files stay in the data folder either way.
 */
export async function openServices(
  dataDir: string,
  log: (line: string) => void = () => {},
  options: ServiceOptions = {},
): Promise<KernelServices & { now: () => number }> {
  const store = await openStore(dataDir);
  const mailer = createMailer({
    smtpUrl: process.env.SMTP_URL,
    outboxDir: join(dataDir, 'outbox'),
    from: process.env.MAIL_FROM ?? 'Sitewright <no-reply@sitewright.example.com>',
    log,
  });
  const now = options.now ?? options.signer?.now ?? Date.now;
  return { store, mailer, signer: await loadSigner(dataDir, options.signer), uploadsDir: join(dataDir, 'uploads'), now };
}
