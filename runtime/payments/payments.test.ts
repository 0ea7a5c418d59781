/**
 * The money core on its own: events in any order and any number of times, a block whose
 * fulfilment fails and is tried again, and checkouts that could never be right.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteFrom } from '../../tests/helpers/site.tsx';
import { Signer } from '../services/signing.ts';
import type { Mailer, MailMessage } from '../services/mail.ts';
import { LowdbStore } from '../store/lowdb-store.ts';
import { readCheckout } from './ledger.ts';
import { Payments } from './payments.ts';
import { TestProvider } from './test-provider.ts';

const SITE = siteFrom(`schemaVersion: 1
site:
  name: Lantern House
  kind: charity
  description: A shelter.
theme:
  colors:
    primary: "#0b5f73"
payments:
  currency: USD
navigation: []
pages:
  - path: /
    title: Home
    blocks:
      - type: rich-text
        markdown: Hello.
  - path: /payment-success
    title: Receipt
    blocks:
      - type: receipt
`);

async function core(paid: () => Promise<void>) {
  const store = await LowdbStore.open(await mkdtemp(join(tmpdir(), 'sitewright-core-')));
  const sent: MailMessage[] = [];
  const mailer: Mailer = { describe: 'memory', send: async (m) => void sent.push(m) };
  const payments = new Payments({
    store,
    mailer,
    signer: new Signer(Buffer.alloc(32, 7)),
    origin: 'https://sites.example.com',
    site: async (prefix) => (prefix === SITE.prefix ? SITE : undefined),
    blocks: { thing: { paid } },
    test: new TestProvider(),
    services: () => ({ store, mailer }),
  });
  const { checkout } = await payments.open(SITE, {
    purpose: 'thing',
    page: '/',
    description: 'A gift',
    lines: [{ name: 'Gift', amount: 2500, quantity: 1 }],
    email: 'ana@example.com',
  });
  const event = (type: 'paid' | 'failed' | 'processing', id = `evt_${type}`) => ({ id, type, site: SITE.prefix, checkout, amount: 2500, currency: 'USD' });
  return { store, sent, payments, checkout, event, tenant: await store.tenant(SITE.prefix) };
}

describe('the money core', () => {
  it('reads paid whatever order the events came in, and fulfils once however often they come', async () => {
    let calls = 0;
    const c = await core(async () => void calls++);
    const outcomes = [];
    for (const e of [c.event('failed'), c.event('processing'), c.event('paid'), c.event('failed', 'evt_2'), c.event('paid', 'evt_3')])
      outcomes.push(await c.payments.record(e));
    expect(outcomes).toEqual(['recorded', 'recorded', 'recorded', 'repeat', 'repeat']);
    await Promise.all(Array.from({ length: 20 }, (_, i) => c.payments.record(c.event('paid', `evt_many_${i}`))));
    expect((await readCheckout(c.tenant, c.checkout))?.status).toBe('paid');
    expect(calls).toBe(1);
    expect(c.sent.filter((m) => m.subject === 'Your receipt from Lantern House')).toHaveLength(1);
    await c.store.close();
  });

  it('tries a failed fulfilment again on the next delivery, and marks it done only once it worked', async () => {
    let calls = 0;
    const c = await core(async () => {
      calls++;
      if (calls === 1) throw new Error('the disk is full');
    });
    expect(await c.payments.record(c.event('paid'))).toBe('unfulfilled');
    expect((await c.tenant.list('ledger')).some((e) => e.type === 'fulfilled')).toBe(false);
    expect(c.sent).toHaveLength(0);
    expect(await c.payments.record(c.event('paid', 'evt_again'))).toBe('repeat');
    expect(calls).toBe(2);
    expect((await c.tenant.list('ledger')).filter((e) => e.type === 'fulfilled')).toHaveLength(1);
    expect(c.sent).toHaveLength(1);
    await c.store.close();
  });

  it('never fulfils a payment of another amount than was asked', async () => {
    let calls = 0;
    const c = await core(async () => void calls++);
    await c.payments.record({ ...c.event('paid'), amount: 1 });
    expect(calls).toBe(0);
    await c.store.close();
  });

  it('refuses a checkout that comes to nothing, or to a part of a cent', async () => {
    const c = await core(async () => {});
    for (const lines of [
      [{ name: 'Nothing', amount: 0, quantity: 1 }],
      [{ name: 'Half', amount: 0.5, quantity: 1 }],
      [{ name: 'Minus', amount: -100, quantity: 1 }],
    ])
      await expect(c.payments.open(SITE, { purpose: 'thing', page: '/', description: 'x', lines })).rejects.toThrow();
    await c.store.close();
  });
});
