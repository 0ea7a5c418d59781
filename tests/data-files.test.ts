/** Visitors' data at rest: readable by the server's user alone (every file the server writes under DATA_DIR), and exported so a spreadsheet cannot run it. */
import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { neutralise } from '../runtime/store/csv.ts';
import { ensureClient } from '../runtime/client/build.ts';
import { loadFleet } from '../runtime/fleet.ts';
import { ImageVariants } from '../runtime/images/maker.ts';
import { buildApp } from '../runtime/server/app.ts';
import { openServices } from '../runtime/services/index.ts';
import { appWithData } from './helpers/app.ts';
import { photo } from './helpers/pictures.ts';
import { PDF, postForm, postMultipart } from './helpers/posts.ts';
import { BASE_YAML } from './helpers/site.tsx';
import { BLOCKS } from '../blocks/registry.ts';

const CONTACT = { _form: 'contact', email: 'ana@example.com', topic: 'Leak', message: 'Damp corner by the stairs.' };

const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe("visitors' data on disk", () => {
  it('is written 0600 in folders of 0700: the data file, the outbox mail and uploads', async () => {
    const ctx = await appWithData();
    const res = await postForm(ctx.app, '/gamma/contact', { ...CONTACT, fullName: 'Ana Ruiz', _t: ctx.services.signer.timeToken(Date.now() - 10_000) });
    expect(res.statusCode).toBe(303);
    await ctx.app.close();
    expect(await mode(ctx.dataDir)).toBe(0o700);
    expect(await mode(join(ctx.dataDir, 'gamma.json'))).toBe(0o600);
    const outbox = join(ctx.dataDir, 'outbox');
    expect(await mode(outbox)).toBe(0o700);
    const mails = await readdir(outbox);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(await mode(join(outbox, mail))).toBe(0o600);
  });
});

/** Every folder and file under a folder, with its permission bits. */
async function walk(dir: string): Promise<{ path: string; folder: boolean; mode: number }[]> {
  const found: { path: string; folder: boolean; mode: number }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    found.push({ path, folder: entry.isDirectory(), mode: await mode(path) });
    if (entry.isDirectory()) found.push(...(await walk(path)));
  }
  return found;
}

const HIRE = `${BASE_YAML}pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Fresh bread every morning
        image: { src: loaves.jpg, alt: Loaves cooling on the rack }
  - path: /apply
    title: Apply
    blocks:
      - type: form
        form: application
        fields:
          - { name: fullName, label: Your name, required: true }
          - { name: email, label: Your e-mail, kind: email, required: true }
          - { name: cv, label: Your CV, kind: file, accept: [application/pdf] }
`;

describe('the data folder after a server has run', () => {
  it('holds nothing another user of the machine can read: every folder 0700, every file 0600 (store, lock, key, uploads, outbox, photo copies)', async () => {
    const sitesDir = await mkdtemp(join(tmpdir(), 'sitewright-data-sites-'));
    await mkdir(join(sitesDir, 'hire', 'media'), { recursive: true });
    await writeFile(join(sitesDir, 'hire', 'site.yaml'), HIRE);
    await writeFile(join(sitesDir, 'hire', 'media', 'loaves.jpg'), await photo(800, 600));
    // Made by the server itself, as `sitewright start` makes it, with the usual umask.
    const dataDir = join(await mkdtemp(join(tmpdir(), 'sitewright-data-parent-')), 'data');
    const previous = process.env.SITEWRIGHT_SECRET;
    delete process.env.SITEWRIGHT_SECRET;
    const services = await openServices(dataDir).finally(() => {
      if (previous !== undefined) process.env.SITEWRIGHT_SECRET = previous;
    });
    const [fleet, clientEntry] = await Promise.all([loadFleet(sitesDir, BLOCKS), ensureClient(BLOCKS)]);
    const app = await buildApp({
      blocks: BLOCKS,
      fleet,
      origin: 'https://sites.example.com',
      clientEntry,
      services,
      images: new ImageVariants(join(dataDir, 'image-variants')),
    });
    app.addHook('onClose', () => services.store.close());
    try {
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      const home = await (await fetch(`${origin}/hire`)).text();
      const copy = /\/hire\/media\/_v\/[0-9a-f]{16}-\d+\.jpg/.exec(home)?.[0];
      expect(copy).toBeDefined();
      expect((await fetch(`${origin}${copy as string}`)).status).toBe(200);
      const posted = await postMultipart(
        app,
        '/hire/apply',
        { _t: services.signer.timeToken(Date.now() - 10_000), _form: 'application', fullName: 'Ann', email: 'ann@example.com' },
        [{ field: 'cv', filename: 'cv.pdf', type: 'application/pdf', data: PDF }],
      );
      expect(posted.statusCode).toBe(303);
      // While it runs (the lock is there), and after (mail still going out is sent as it closes).
      const running = await walk(dataDir);
      await app.close();
      const seen = [...running, ...(await walk(dataDir))];
      const names = seen.map((e) => e.path.slice(dataDir.length + 1));
      for (const kind of ['hire.json', '.sitewright.lock', '.secret', 'uploads/hire/', 'outbox/', 'image-variants/'])
        expect(kind.endsWith('/') ? names.some((n) => n.startsWith(kind)) : names.includes(kind), kind).toBe(true);
      const loose = seen.filter((e) => e.mode !== (e.folder ? 0o700 : 0o600)).map((e) => `${e.path} ${e.mode.toString(8)}`);
      console.log(`data folder: ${seen.length} folders and files checked (running and stopped), ${loose.length} readable by others`);
      expect(loose).toEqual([]);
      expect(await mode(dataDir)).toBe(0o700);
    } finally {
      await app.close();
    }
  });
});

describe('an export', () => {
  it('shows a cell that a spreadsheet would run as a formula as text', () => {
    for (const cell of ['=HYPERLINK("http://evil.example","Click")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=1+1'])
      expect(neutralise(cell)).toBe(`'${cell}`);
    for (const cell of ['Ana Ruiz', 'a=b', '2+2', '555-0142', '']) expect(neutralise(cell)).toBe(cell);
  });
});

describe("a data file changed behind the server's back", () => {
  it('is never overwritten: the site takes no more posts (503) and says why, and the change stays', async () => {
    const ctx = await appWithData();
    const send = (fullName: string) => postForm(ctx.app, '/gamma/contact', { ...CONTACT, fullName, _t: ctx.services.signer.timeToken(Date.now() - 10_000) });
    expect((await send('Ana Ruiz')).statusCode).toBe(303);
    const file = join(ctx.dataDir, 'gamma.json');
    const edited = JSON.parse(await readFile(file, 'utf8')) as { submissions: { answers: { fullName: string } }[] };
    edited.submissions[0]!.answers.fullName = 'Ana Ruiz-Lopez (corrected by hand)';
    await writeFile(file, JSON.stringify(edited, null, 2));
    const refused = await send('Bo Lin');
    expect(refused.statusCode).toBe(503);
    expect(refused.body).toContain('The form cannot be sent right now.');
    expect(refused.body).toContain('value="Bo Lin"');
    expect((await send('Cy Park')).statusCode).toBe(503);
    expect(await readFile(file, 'utf8')).toBe(JSON.stringify(edited, null, 2));
    await ctx.app.close();
  });
});
