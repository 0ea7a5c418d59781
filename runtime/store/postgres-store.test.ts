/**
 * The PostgreSQL store: the same contract as the embedded store, each test in a schema of its
 * own; then what only a shared server can show: two stores (as two instances would have) taking
 * the same places at once, migrations run once however many start together, and a clear refusal
 * when the server is not there. Skipped, with the reason printed, only when no server answers.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { storeContract } from './contract.ts';
import { MIGRATIONS, PostgresStore } from './postgres-store.ts';
import type { StoreError } from './store.ts';
import { appWithData } from '../../tests/helpers/app.ts';
import { TEST_BLOCKS } from '../../tests/helpers/blocks.ts';
import { contactAnswers, postForm } from '../../tests/helpers/posts.ts';
import { TEST_DATABASE_URL, testDatabase, withEnv } from '../../tests/helpers/postgres.ts';

const URL = TEST_DATABASE_URL;
const { admin, unreachable } = await testDatabase('PostgreSQL store tests');

const made: string[] = [];
const freshSchema = () => {
  const schema = `sw_test_${randomBytes(6).toString('hex')}`;
  made.push(schema);
  return schema;
};
afterAll(async () => {
  for (const schema of made) await admin.unsafe(`drop schema if exists "${schema}" cascade`).catch(() => {});
  await admin.end({ timeout: 1 });
});

if (!unreachable) storeContract('PostgreSQL', () => PostgresStore.open(URL, { schema: freshSchema() }), TEST_BLOCKS);

describe.skipIf(Boolean(unreachable))('PostgreSQL store shared by two instances', () => {
  it('gives 25 places to exactly 25 of 500 asking at once through two stores', async () => {
    const schema = freshSchema();
    const [one, two] = await Promise.all([PostgresStore.open(URL, { schema }), PostgresStore.open(URL, { schema })]);
    const [a, b] = await Promise.all([one.tenant('alpha'), two.tenant('alpha')]);
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        (i % 2 ? a : b).addWithinCapacity('registrations', { event: 'workshop' }, 25, { event: 'workshop', email: `p${i}@example.com` }),
      ),
    );
    expect(results.filter((r) => 'added' in r)).toHaveLength(25);
    expect(await b.count('registrations', { event: 'workshop' })).toBe(25);
    await Promise.all([one.close(), two.close()]);
  });

  it('never takes a balance below zero when two stores take from it at once', async () => {
    const schema = freshSchema();
    const [one, two] = await Promise.all([PostgresStore.open(URL, { schema }), PostgresStore.open(URL, { schema })]);
    const [a, b] = await Promise.all([one.tenant('alpha'), two.tenant('alpha')]);
    await a.add('ledger', { card: 'GIFT-1', amount: 5000 });
    const taken = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).addWithinBalance('ledger', { card: 'GIFT-1' }, 'amount', { card: 'GIFT-1', amount: -700 })),
    );
    expect(taken.filter((t) => 'added' in t)).toHaveLength(7);
    expect((await b.list('ledger', { card: 'GIFT-1' })).reduce((sum, r) => sum + Number(r.amount), 0)).toBe(100);
    await Promise.all([one.close(), two.close()]);
  });

  it('runs each migration once, however many instances start together', async () => {
    const schema = freshSchema();
    const stores = await Promise.all(Array.from({ length: 4 }, () => PostgresStore.open(URL, { schema })));
    const versions = await admin.unsafe<{ version: number }[]>(`select version from "${schema}".migrations order by version`);
    expect(versions.map((v) => v.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    await Promise.all(stores.map((s) => s.close()));
    // Opened again: nothing to run, the data still there.
    const again = await PostgresStore.open(URL, { schema });
    await (await again.tenant('alpha')).add('submissions', { name: 'Ana' });
    expect(await again.sitesWithData()).toEqual(['alpha']);
    await again.close();
  });

  it('lets instances start with the same signing key, and refuses one with another', async () => {
    const schema = freshSchema();
    const first = await PostgresStore.open(URL, { schema });
    await first.agreeOnKey(Buffer.from('k'.repeat(40)));
    const second = await PostgresStore.open(URL, { schema });
    await second.agreeOnKey(Buffer.from('k'.repeat(40)));
    const third = await PostgresStore.open(URL, { schema });
    const refused = await third.agreeOnKey(Buffer.from('x'.repeat(40))).catch((e: unknown) => e);
    expect((refused as StoreError).code).toBe('SW_SECRET_MISMATCH');
    const [row] = await admin.unsafe<{ value: string }[]>(`select value from "${schema}".settings`);
    expect(row?.value).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.value).not.toContain(Buffer.from('k'.repeat(40)).toString('hex').slice(0, 16));
    await Promise.all([first.close(), second.close(), third.close()]);
  });

  it('takes a form post through the server into PostgreSQL when DATABASE_URL is set, and refuses to start without a shared key', async () => {
    const schema = freshSchema();
    await withEnv({ DATABASE_URL: URL, DATABASE_SCHEMA: schema, SITEWRIGHT_SECRET: undefined }, async () => {
      const refused = await appWithData().catch((e: unknown) => e);
      expect((refused as StoreError).code).toBe('SW_SECRET_MISMATCH');
    });
    await withEnv({ DATABASE_URL: URL, DATABASE_SCHEMA: schema, SITEWRIGHT_SECRET: 's'.repeat(40) }, async () => {
      const { app, services } = await appWithData();
      const post = await postForm(
        app,
        '/gamma/contact',
        contactAnswers((at) => services.signer.timeToken(at)),
      );
      expect(post.statusCode).toBe(303);
      await app.close();
    });
    const rows = await admin.unsafe<{ site: string; kind: string; data: { answers: { fullName: string } } }[]>(
      `select site, kind, data from "${schema}".records`,
    );
    expect(rows.map((r) => [r.site, r.kind, r.data.answers.fullName])).toEqual([['gamma', 'submissions', 'Rosa Diaz']]);
  });

  it('refuses to start on a server that is not there, with a message that names it and never its password', async () => {
    const error = await PostgresStore.open('postgres://sitewright:hunter2@127.0.0.1:1/test', { schema: freshSchema() }).catch((e: unknown) => e);
    expect((error as StoreError).code).toBe('SW_DATA_UNREACHABLE');
    expect((error as Error).message).toMatch(/^PostgreSQL at 127\.0\.0\.1:1\/test could not be used: .+ Check DATABASE_URL/);
    expect((error as Error).message).not.toContain('hunter2');
  });
});
