/** The right to erasure: everything one address sent to a site goes, and nothing of anyone else's. */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { erasePerson } from '../runtime/store/erase.ts';
import { LowdbStore } from '../runtime/store/lowdb-store.ts';
import { declaredRecords } from '../runtime/store/records.ts';
import { appWithData } from './helpers/app.ts';
import { TEST_BLOCKS } from './helpers/blocks.ts';
import { PNG, postMultipart } from './helpers/posts.ts';
import { BASE_YAML } from './helpers/site.tsx';

const run = promisify(execFile);
const CLI = new URL('../cli/sitewright.mjs', import.meta.url).pathname;

const SITE = `${BASE_YAML}pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Welcome
  - path: /quote
    title: Quote
    blocks:
      - type: form
        form: quote
        fields:
          - { name: fullName, label: Your name, required: true }
          - { name: email, label: E-mail, kind: email, required: true }
          - { name: photo, label: A photo, kind: file }
  - path: /news
    title: News
    blocks:
      - type: form
        form: news
        purpose: newsletter
        fields:
          - { name: email, label: E-mail, kind: email, required: true }
`;

async function siteWithData() {
  const sitesDir = await mkdtemp(join(tmpdir(), 'sitewright-erase-'));
  await mkdir(join(sitesDir, 'tidy'));
  await writeFile(join(sitesDir, 'tidy', 'site.yaml'), SITE);
  const ctx = await appWithData(sitesDir);
  const quote = (fullName: string, email: string) =>
    postMultipart(ctx.app, '/tidy/quote', { _t: ctx.services.signer.timeToken(Date.now() - 10_000), _form: 'quote', fullName, email }, [
      { field: 'photo', filename: `${fullName}.png`, type: 'image/png', data: PNG },
    ]);
  const subscribe = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/tidy/news',
      payload: new URLSearchParams({ _t: ctx.services.signer.timeToken(Date.now() - 10_000), _form: 'news', email }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  for (const res of [
    await quote('Ana', 'Ana@Example.com'),
    await quote('Bo', 'bo@example.com'),
    await subscribe('ana@example.com'),
    await subscribe('bo@example.com'),
  ])
    expect(res.statusCode).toBe(303);
  return ctx;
}

describe('erasing a person', () => {
  it('removes their records of every declared kind, their contacts, confirmation links and files, and leaves everyone else', async () => {
    const ctx = await siteWithData();
    await ctx.app.close();
    const store = await LowdbStore.open(ctx.dataDir);
    const tenant = await store.tenant('tidy');
    // Beside what they posted, a record of every kind the kernel and the blocks declare, for each of them.
    const declared = declaredRecords(TEST_BLOCKS);
    for (const { kind, example } of declared) for (const email of ['ana@example.com', 'bo@example.com']) await tenant.add(kind, example(email));
    const erased = await erasePerson(store, join(ctx.dataDir, 'uploads'), 'tidy', ' ANA@example.com ', TEST_BLOCKS);

    const deleted = declared.filter((d) => d.personal && d.personal.onErase === 'delete');
    // Her quote and her subscription as posted, and her example of each kind erasure deletes.
    expect(erased.records).toEqual({ ...Object.fromEntries(deleted.map((d) => [d.kind, 1])), submissions: 2, contacts: 2 });
    // Her payment is a record the business must keep for its accounts: it stays, and is counted.
    expect(erased.kept).toBe(declared.filter((d) => d.personal && d.personal.onErase === 'keep').length);
    expect(await tenant.count('ledger')).toBe(2);
    for (const { kind, personal } of declared) {
      const left = await tenant.list(kind);
      if (personal && personal.onErase === 'delete')
        expect(
          left.filter((r) => personal.emailFields.some((f) => r[f] === 'ana@example.com')),
          kind,
        ).toEqual([]);
      else expect(left, kind).toHaveLength(2);
    }
    expect((await tenant.list('submissions')).map((r) => r.email)).toEqual(['bo@example.com', 'bo@example.com']);
    expect((await tenant.list('contacts')).map((r) => r.email)).toEqual(['bo@example.com', 'bo@example.com']);
    expect(await (await store.tenant('_contacts')).count('contacts')).toBe(1);
    expect(erased.files).toContain('Ana.png');
    expect(await readdir(join(ctx.dataDir, 'uploads', 'tidy'))).toHaveLength(1);
    await store.close();
  });

  it('is a command that says what it removed, and refuses while a server writes to the folder', async () => {
    const ctx = await siteWithData();
    const busy = await run(process.execPath, [CLI, 'erase', 'tidy', '--email', 'ana@example.com', '--data', ctx.dataDir]).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(busy).toMatchObject({ code: 1 });
    expect((busy as { stderr: string }).stderr).toContain('Stop the server, erase, then start it again.');
    await ctx.app.close();
    const { stdout, stderr } = await run(process.execPath, [CLI, 'erase', 'tidy', '--email', 'ana@example.com', '--data', ctx.dataDir]);
    expect(stdout).toBe('1 submissions\n1 contacts\nfile Ana.png\n');
    expect(stderr).toContain('Erased 2 records and 1 file of ana@example.com from tidy.');
  });
});
