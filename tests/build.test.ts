import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFleet } from '../runtime/export.ts';
import { loadFleet } from '../runtime/fleet.ts';
import { FIXTURE_FLEET } from './helpers/app.ts';
import { fileServer } from './helpers/file-server.ts';
import { BLOCKS } from '../blocks/registry.ts';

const run = promisify(execFile);
const CLI = new URL('../cli/sitewright.mjs', import.meta.url).pathname;
let out: string;
let server: Server;
let origin: string;
let stdout: string;
/** The day the CLI's export ran: pages and sitemaps carry the date. */
let builtOn: string;
const day = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'sitewright-build-'));
  builtOn = day();
  ({ stdout } = await run(process.execPath, [CLI, 'build', '--out', out, '--sites', FIXTURE_FLEET, '--origin', 'https://sites.example.com']).catch(
    (e) => e as { stdout: string },
  ));
  server = fileServer(out);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('sitewright build', () => {
  it('says how many pages it wrote and how fast', () => {
    expect(stdout).toMatch(/Exported 7 pages of 2 sites to .* \(\d+ pages per second\)/);
  });

  it('writes every page, served as it is by a plain file server, with its stylesheet and scripts', async () => {
    const fleet = await loadFleet(FIXTURE_FLEET, BLOCKS);
    for (const site of fleet.sites.values()) {
      for (const target of site.targets) {
        const url = `/${site.prefix}${target.path === '/' ? '' : target.path}`;
        const res = await fetch(origin + url);
        expect(res.status, url).toBe(200);
        const html = await res.text();
        expect(html).toContain(`<link rel="canonical" href="https://sites.example.com${url}">`);
        for (const [, asset] of html.matchAll(/(?:href|src)="(\/(?:assets|alpha\/media|beta\/media)\/[^"]+)"/g)) {
          expect((await fetch(origin + asset)).status, asset).toBe(200);
        }
      }
    }
    expect((await fetch(`${origin}/alpha/404.html`)).status).toBe(200);
    expect(await (await fetch(`${origin}/alpha/sitemap.xml`)).text()).toContain('<loc>https://sites.example.com/alpha/about</loc>');
    expect((await fetch(`${origin}/alpha/feed.xml`)).status).toBe(200);
  });

  it('leaves invalid sites out', async () => {
    expect((await fetch(`${origin}/broken`)).status).toBe(404);
  });

  it('writes from its threads the same files, byte for byte, as an export rendered in this process', async (ctx) => {
    const here = await mkdtemp(join(tmpdir(), 'sitewright-build-here-'));
    await exportFleet({ blocks: BLOCKS, fleet: await loadFleet(FIXTURE_FLEET, BLOCKS), out: here, origin: 'https://sites.example.com' });
    // Exports made either side of midnight (UTC) differ in their dates, rightly.
    if (day() !== builtOn) ctx.skip();
    const files = async (dir: string) =>
      (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(dir.length))
        .sort();
    const written = await files(out);
    expect(written).toEqual(await files(here));
    for (const file of written) expect(Buffer.compare(await readFile(join(out, file)), await readFile(join(here, file))), file).toBe(0);
  });
});

describe('sitewright build --api-origin', () => {
  it('exports forms that post to the running server, which takes them', async () => {
    const { appWithData, FORMS_FLEET } = await import('./helpers/app.ts');
    process.env.SITEWRIGHT_SECRET = 'b'.repeat(48);
    try {
      const { app, dataDir } = await appWithData();
      const api = await app.listen({ port: 0, host: '127.0.0.1' });
      const dir = await mkdtemp(join(tmpdir(), 'sitewright-build-forms-'));
      const built = await run(process.execPath, [CLI, 'build', '--out', dir, '--sites', FORMS_FLEET, '--api-origin', api], { env: { ...process.env } });
      expect(built.stdout).toMatch(/\d+ pages with forms post to http:\/\/127\.0\.0\.1:\d+/);
      const html = await readFile(join(dir, 'gamma', 'contact', 'index.html'), 'utf8');
      expect(html).toContain(`<form action="${api}/gamma/contact" method="post">`);
      const token = /name="_t" value="([^"]+)"/.exec(html)?.[1] as string;
      expect(token).toMatch(/^s\d+\./);
      const res = await fetch(`${api}/gamma/contact`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _form: 'contact', _t: token, fullName: 'Static Visitor', email: 's@example.com', message: 'Sent from an exported page.' }),
      });
      expect(res.status).toBe(303);
      const stored = JSON.parse(await readFile(join(dataDir, 'gamma.json'), 'utf8')) as { submissions: { answers: { fullName: string } }[] };
      expect(stored.submissions.map((s) => s.answers.fullName)).toContain('Static Visitor');
      await app.close();
    } finally {
      delete process.env.SITEWRIGHT_SECRET;
    }
  });
});
