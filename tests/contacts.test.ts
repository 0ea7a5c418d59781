import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithData } from './helpers/app.ts';

let ctx: Awaited<ReturnType<typeof appWithData>>;
beforeAll(async () => {
  ctx = await appWithData();
});
afterAll(() => ctx.app.close());

/** A subscription, answered; its record and mail are made after the answer, and waited for here. */
const subscribe = async (email: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/gamma/newsletter',
    payload: new URLSearchParams({ _form: 'newsletter', email, _t: ctx.services.signer.timeToken(Date.now() - 10_000) }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  await ctx.app.afterReply.idle();
  return res;
};

const contacts = async () => (JSON.parse(await readFile(join(ctx.dataDir, 'gamma.json'), 'utf8')) as { contacts: Record<string, string>[] }).contacts;

/** The link in the newest confirmation e-mail to this address. */
async function linkFor(email: string): Promise<string> {
  const dir = join(ctx.dataDir, 'outbox');
  for (const file of (await readdir(dir)).sort().reverse()) {
    const text = (await readFile(join(dir, file), 'utf8')).replace(/=\r?\n/g, '');
    if (text.includes(`To: ${email}`)) return new URL(/https:\/\/sites\.example\.com\/contacts\/\S+/.exec(text)?.[0] ?? '').pathname;
  }
  throw new Error(`no mail to ${email}`);
}

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const act = (url: string, action: string) =>
  ctx.app.inject({ method: 'POST', url, payload: `action=${action}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('double opt-in through /contacts/{key}/{hash}', () => {
  it('stores a pending contact with only a digest of the hash, and e-mails the link', async () => {
    expect((await subscribe('kim@example.com')).statusCode).toBe(303);
    const [contact] = await contacts();
    const link = await linkFor('kim@example.com');
    expect(contact).toMatchObject({ email: 'kim@example.com', status: 'pending', form: 'newsletter' });
    const [, , key, hash] = link.split('/');
    expect(contact?.key).toBe(key);
    expect(JSON.stringify(contact)).not.toContain(hash as string);
  });

  it('opening the link changes nothing; the button confirms; repeating is harmless; unsubscribing works', async () => {
    await subscribe('lee@example.com');
    const link = await linkFor('lee@example.com');
    const page = await get(link);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body).toContain('Gamma Basements');
    expect(page.body).toContain('Confirm my subscription');
    expect((await contacts()).find((c) => c.email === 'lee@example.com')?.status).toBe('pending');

    expect((await act(link, 'confirm')).body).toContain('will now receive news from Gamma Basements');
    expect((await act(link, 'confirm')).statusCode).toBe(200);
    const confirmed = (await contacts()).filter((c) => c.email === 'lee@example.com');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]?.status).toBe('confirmed');

    expect((await act(link, 'unsubscribe')).body).toContain('has been unsubscribed');
    expect((await contacts()).find((c) => c.email === 'lee@example.com')?.status).toBe('unsubscribed');
  });

  it('answers every bad link with the same 404, and changes nothing', async () => {
    await subscribe('max@example.com');
    const link = await linkFor('max@example.com');
    const [, , key, hash] = link.split('/') as [string, string, string, string];
    const flipped = `${hash.slice(0, -1)}${hash.endsWith('A') ? 'B' : 'A'}`;
    const other = await linkFor('kim@example.com');
    const bad = [
      `/contacts/${key}/${flipped}`,
      `/contacts/${key}/short`,
      `/contacts/${'A'.repeat(22)}/${hash}`,
      `/contacts/${key}/${other.split('/')[3]}`,
      '/contacts/not-a-key/not-a-hash',
    ];
    const bodies = new Set<string>();
    for (const url of bad) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      bodies.add(res.body);
      expect((await act(url, 'confirm')).statusCode, url).toBe(404);
    }
    expect(bodies.size).toBe(1);
    expect((await contacts()).find((c) => c.email === 'max@example.com')?.status).toBe('pending');
  });

  it('lets a pending link expire', async () => {
    await subscribe('old@example.com');
    const link = await linkFor('old@example.com');
    const tenant = await ctx.services.store.tenant('gamma');
    const contact = await tenant.find('contacts', { email: 'old@example.com' });
    await tenant.update('contacts', contact?.id as string, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await get(link)).statusCode).toBe(404);
    expect((await act(link, 'confirm')).statusCode).toBe(404);
  });
});
