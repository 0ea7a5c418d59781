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
import { sitewright } from './helpers/cli.ts';
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
