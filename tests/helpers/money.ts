/** What the tests of money share: signed form posts, the test checkout's buttons, the ledger and the outbox. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Signer } from '../../runtime/services/signing.ts';
import type { Store, StoredRecord } from '../../runtime/store/store.ts';

export const ORIGIN = 'https://sites.example.com';

/** A form post as a person sends it: with a time stamp signed ten seconds ago, past the robot trap. */
export const signedPost = (app: FastifyInstance, signer: Signer, url: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams({ _t: signer.timeToken(Date.now() - 10_000), ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** A button of the test provider's checkout page: pay, fail (a declined card) or cancel. */
export const press = (app: FastifyInstance, checkoutPath: string, outcome: string) =>
  app.inject({ method: 'POST', url: checkoutPath, payload: `outcome=${outcome}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** A redirect's address as a path on this server. */
export const pathOf = (location: unknown) => String(location).replace(ORIGIN, '');

export const ledgerOf = async (store: Store, prefix: string): Promise<StoredRecord[]> => (await store.tenant(prefix)).list('ledger');

/** Every message in the outbox (test-mode mail), as its raw .eml text, oldest first. */
export async function outboxOf(dataDir: string): Promise<string[]> {
  const dir = join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
}
