/** Mail signed with DKIM when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are set, and unsigned otherwise. */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer, dkimOptions } from '../runtime/services/mail.ts';
import { withEnv } from './helpers/postgres.ts';

async function sentOnce(): Promise<string> {
  const outboxDir = await mkdtemp(join(tmpdir(), 'sitewright-dkim-'));
  const mailer = createMailer({ outboxDir, from: 'Gamma <news@gamma.example.com>' });
  await mailer.send({ to: 'ann@example.com', subject: 'Hello', text: 'Hi.', headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
  const [file] = await readdir(outboxDir);
  return readFile(join(outboxDir, String(file)), 'utf8');
}

describe('DKIM', () => {
  it('signs every message with the configured domain and selector, the key given with \\n for its line breaks', async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const oneLine = privateKey.replace(/\n/g, '\\n');
    expect(dkimOptions({ DKIM_DOMAIN: 'gamma.example.com', DKIM_SELECTOR: 'mail' })).toBeUndefined();
    const message = await withEnv({ DKIM_DOMAIN: 'gamma.example.com', DKIM_SELECTOR: 'mail', DKIM_PRIVATE_KEY: oneLine }, sentOnce);
    expect(message).toMatch(/^DKIM-Signature: .*d=gamma\.example\.com;/m);
    expect(message).toMatch(/s=mail;/);
    expect(await withEnv({ DKIM_DOMAIN: undefined, DKIM_SELECTOR: undefined, DKIM_PRIVATE_KEY: undefined }, sentOnce)).not.toContain('DKIM-Signature');
  });
});
