/**
 * `sitewright store copy`: every site's data from the data folder into PostgreSQL, ids, times
 * and order kept, checked by counts and checksums, safe to run again, and a difference found
 * there refused. Skipped, with the reason printed, only when no PostgreSQL server answers.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LowdbStore } from '../runtime/store/lowdb-store.ts';
import { PostgresStore } from '../runtime/store/postgres-store.ts';
import { sitewright, sitewrightWith } from './helpers/cli.ts';
import { FORMS_FLEET } from './helpers/app.ts';
import { TEST_DATABASE_URL, testDatabase } from './helpers/postgres.ts';

const URL = TEST_DATABASE_URL;
const { admin, unreachable } = await testDatabase('store copy tests');
const schema = `sw_test_${randomBytes(6).toString('hex')}`;
afterAll(async () => {
  await admin.unsafe(`drop schema if exists "${schema}" cascade`).catch(() => {});
  await admin.end({ timeout: 1 });
});

describe.skipIf(Boolean(unreachable))('sitewright store copy', () => {
  it('copies every record of every site, checks them, copies nothing twice, and refuses when what is there differs', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sitewright-copy-'));
    const lowdb = await LowdbStore.open(dataDir);
    const alpha = await lowdb.tenant('alpha');
    for (const name of ['Ana', 'Bo', 'Cy']) await alpha.add('submissions', { form: 'contact', answers: { name, note: 'Ünïcode “quotes” & <tags>' } });
    await alpha.add('ledger', { type: 'paid', amount: 4500, currency: 'USD' });
    await (await lowdb.tenant('beta')).add('contacts', { email: 'x@example.com', status: 'confirmed' });
    await (await lowdb.tenant('_contacts')).add('contacts', { key: 'k1', prefix: 'beta' });
    const here = await alpha.list('submissions');
    await lowdb.close();

    const first = await sitewright('store', 'copy', '--data', dataDir, '--to', URL, '--schema', schema);
    expect(first.stderr).toContain('Copied 6 records of 3 data file(s) into schema');
    expect(first.stderr).toContain('(6 new, 0 there already); counts and checksums match');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('alpha: 4 records (4 new)');

    const pg = await PostgresStore.open(URL, { schema });
    expect(await (await pg.tenant('alpha')).list('submissions')).toEqual(here);
    expect(await pg.sitesWithData()).toEqual(['alpha', 'beta']);
    expect(await (await pg.tenant('_contacts')).find('contacts', { key: 'k1' })).toMatchObject({ prefix: 'beta' });
    await pg.close();

    const again = await sitewright('store', 'copy', '--data', dataDir, '--to', URL, '--schema', schema);
    expect([again.code, /\(0 new, 6 there already\)/.test(again.stderr)]).toEqual([0, true]);

    // A record changed there since: found, named, and left as it is.
    await admin.unsafe(`update "${schema}".records set data = jsonb_set(data, '{amount}', '1') where kind = 'ledger'`);
    const changed = await sitewright('store', 'copy', '--data', dataDir, '--to', URL, '--schema', schema);
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain('alpha ledger: the records there differ from the ones here');
  });

  it('says what to give it when there is no database or no data folder', async () => {
    const none = await sitewright('store', 'copy', '--data', '/nonexistent-sitewright', '--to', URL, '--schema', schema);
    expect([none.code, none.stderr]).toEqual([1, 'sitewright store copy: there is no data folder /nonexistent-sitewright.\n']);
    const noUrl = await sitewright('store', 'copy', '--to', 'mysql://x');
    expect(noUrl.code).toBe(1);
    expect(noUrl.stderr).toContain('give the database as --to postgres://');
  });
});

describe('sitewright start with a shared store or Redis it cannot reach', () => {
  const start = (env: Record<string, string>) =>
    sitewrightWith(
      { HOST: '127.0.0.1', DATA_DIR: join(tmpdir(), `sitewright-unreached-${process.pid}`), SITEWRIGHT_SECRET: 'u'.repeat(40), ...env },
      'start',
      '--sites',
      FORMS_FLEET,
      '--port',
      '0',
    );

  it('stops with a clear message when PostgreSQL does not answer', async () => {
    const { code, stderr } = await start({ DATABASE_URL: 'postgres://sitewright:hunter2@127.0.0.1:1/sitewright' });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^SW_DATA_UNREACHABLE: PostgreSQL at 127\.0\.0\.1:1\/sitewright could not be used: .+ Check DATABASE_URL and that the server is running\.$/m,
    );
    expect(stderr).not.toContain('hunter2');
  });

  it('stops with a clear message when Redis does not answer', async () => {
    const { code, stderr } = await start({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(code).toBe(1);
    expect(stderr).toContain('Redis at 127.0.0.1:1 (REDIS_URL) does not answer. Start it, or unset REDIS_URL to run a single instance.');
  });
});
