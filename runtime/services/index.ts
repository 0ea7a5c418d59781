import { join } from 'node:path';
import type { ActionServices } from './action-services.ts';
import { LowdbStore } from '../store/lowdb-store.ts';
import { createMailer } from './mail.ts';
import { loadSigner, type SignerOptions } from './signing.ts';

export interface ServiceOptions {
  /** The form time-trap's clock and limits (tests move the clock instead of waiting). */
  signer?: SignerOptions;
  /** The clock of bookings, holds and the ledger (tests move it instead of waiting); the signer's, else Date.now. */
  now?: () => number;
}

/**
 * What the forms need, on the embedded defaults: the lowdb store in the data folder, mail to
 * SMTP_URL or else to the outbox folder (test mode), and the signing key.
 */
export async function openServices(
  dataDir: string,
  log: (line: string) => void = () => {},
  options: ServiceOptions = {},
): Promise<Omit<ActionServices, 'contacts' | 'payments'>> {
  const store = await LowdbStore.open(dataDir);
  const mailer = createMailer({
    smtpUrl: process.env.SMTP_URL,
    outboxDir: join(dataDir, 'outbox'),
    from: process.env.MAIL_FROM ?? 'Sitewright <no-reply@sitewright.example.com>',
    log,
  });
  const now = options.now ?? options.signer?.now ?? Date.now;
  return { store, mailer, signer: await loadSigner(dataDir, options.signer), uploadsDir: join(dataDir, 'uploads'), now };
}
