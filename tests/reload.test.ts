import { copyFile, mkdtemp, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './helpers/browser.ts';
import { copyOfFleet, runServer, type Running } from './helpers/cli-process.ts';
import { sitewright } from './helpers/cli.ts';

const page = async (origin: string, path: string) => {
  const res = await fetch(origin + path);
  return { status: res.status, body: await res.text() };
};

type Save = 'in place' | 'renamed over' | 'copied over';

/** A save as editors make it: written in place; written beside it and renamed over it (sed -i, vim, VS Code); or copied over it from elsewhere. */
async function save(file: string, text: string, how: Save): Promise<void> {
  if (how === 'in place') return writeFile(file, text);
  if (how === 'renamed over') {
    const temp = join(dirname(file), `sed${Math.random().toString(36).slice(2, 8)}`);
    await writeFile(temp, text);
    return rename(temp, file);
  }
  const elsewhere = join(await mkdtemp(join(tmpdir(), 'sitewright-save-')), 'site.yaml');
  await writeFile(elsewhere, text);
  await copyFile(elsewhere, file);
}

const TEN_SAVES: Save[] = [
  'renamed over',
  'in place',
  'copied over',
  'renamed over',
  'renamed over',
  'in place',
  'copied over',
  'copied over',
  'in place',
  'renamed over',
];
const RELOADED = (prefix: string) => new RegExp(`^${prefix}: reloaded in \\d+ ms$`, 'm');

/** Saves the file one way, waits until the server says it has read it, and checks what its site answers. */
async function saveAndSee(server: Running, file: string, text: string, how: Save, expected: { said: RegExp; status: number; shows: string }) {
  const since = server.output().length;
  await save(file, text, how);
  await server.waitFor(expected.said, since);
  const answer = await page(server.origin, `/${basename(dirname(file))}`);
  expect(answer.status, `saved ${how}`).toBe(expected.status);
  expect(answer.body, `saved ${how}`).toContain(expected.shows);
}

describe('sitewright dev', () => {
  let server: Running;
  let sites: string;
  let browser: Browser;
  beforeAll(async () => {
    sites = await copyOfFleet();
    server = await runServer('dev', sites);
    await server.waitFor('Every site has been read');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('swaps in a saved site, shows a broken one in the browser and the terminal, and recovers', async () => {
    const file = join(sites, 'beta', 'site.yaml');
    const good = await readFile(file, 'utf8');
    expect((await page(server.origin, '/beta')).status).toBe(200);

    let since = server.output().length;
    await writeFile(file, good.replace('type: hero', 'type: heroo'));
    await server.waitFor(/SW_UNKNOWN_BLOCK[\s\S]*beta: 1 problem\(s\) \(read in \d+ ms\); the site shows them/, since);
    const broken = await page(server.origin, '/beta');
    expect(broken.status).toBe(500);
    expect(broken.body).toContain('beta/site.yaml:18:15  SW_UNKNOWN_BLOCK  Unknown block type');
    expect(broken.body).toContain('Fix: did you mean &quot;hero&quot;?');
    expect(server.output()).toContain('SW_UNKNOWN_BLOCK');
    expect((await page(server.origin, '/alpha')).status).toBe(200);

    since = server.output().length;
    await writeFile(file, good.replace('Bread worth getting up for', 'Bread baked before dawn'));
    await server.waitFor('beta: reloaded in', since);
    const fixed = await page(server.origin, '/beta');
    expect(fixed.status).toBe(200);
    expect(fixed.body).toContain('Bread baked before dawn');
  });

  it('reloads the open page by itself after a save', async () => {
    const file = join(sites, 'alpha', 'site.yaml');
    const good = await readFile(file, 'utf8');
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(`${server.origin}/alpha/about`);
    await tab.waitForSelector('html[data-live-reload="on"]', { state: 'attached' });
    const reloaded = tab.waitForEvent('load');
    const saved = performance.now();
    await writeFile(file, good.replace('Family-run since 2004.', 'Family-run since 2004, now with a second van.'));
    await reloaded;
    const ms = performance.now() - saved;
    // A save can be seen half-written (the file emptied, then written) and shown for a moment as a broken site; the page then reloads again.
    await expect.poll(() => tab.textContent('main').catch(() => ''), { timeout: 30_000 }).toContain('now with a second van');
    console.log(`save to refreshed page: ${ms.toFixed(0)} ms`);
    await context.close();
  });

  it('reloads after every save, however it is saved: ten in a row, written in place, renamed over, copied over', async () => {
    const file = join(sites, 'beta', 'site.yaml');
    const good = await readFile(file, 'utf8');
    for (const [i, how] of TEN_SAVES.entries()) {
      const heading = `Loaves of save ${i + 1}, ${how}`;
      const text = good.replace(/^ {8}heading: .*$/m, `        heading: ${heading}`);
      await saveAndSee(server, file, text, how, { said: RELOADED('beta'), status: 200, shows: heading });
    }
  });

  it('serves a broken site again once it is fixed, whichever way it was broken and fixed, and after validate --fix', async () => {
    const file = join(sites, 'broken', 'site.yaml');
    const mistaken = await readFile(file, 'utf8');
    // Broken since the server started.
    expect((await page(server.origin, '/broken')).status).toBe(500);
    const kinds: Save[] = ['in place', 'renamed over', 'copied over'];
    let round = 0;
    for (const breaking of kinds) {
      for (const fixing of kinds) {
        const words = `Sharp cuts, round ${++round}`;
        if (round > 1) {
          const typo = `her${'o'.repeat(round)}`;
          const said = /SW_UNKNOWN_BLOCK[\s\S]*^broken: 1 problem\(s\) \(read in \d+ ms\); the site shows them/m;
          await saveAndSee(server, file, mistaken.replace('heroo', typo).replace('Sharp cuts', words), breaking, { said, status: 500, shows: `type: ${typo}` });
        }
        await saveAndSee(server, file, mistaken.replace('heroo', 'hero').replace('Sharp cuts', words), fixing, {
          said: RELOADED('broken'),
          status: 200,
          shows: words,
        });
      }
    }

    // As the author did: broken by an editor's save, fixed by validate --fix.
    await saveAndSee(server, file, mistaken, 'renamed over', { said: /^broken: 1 problem\(s\)/m, status: 500, shows: 'type: heroo' });
    const since = server.output().length;
    const { code } = await sitewright('validate', 'broken', '--sites', sites, '--fix');
    expect(code).toBe(0);
    await server.waitFor(RELOADED('broken'), since);
    const served = await page(server.origin, '/broken');
    expect(served.status).toBe(200);
    expect(served.body).toContain('Sharp cuts');
  });
});

describe('sitewright start', () => {
  let server: Running;
  let sites: string;
  beforeAll(async () => {
    sites = await copyOfFleet();
    server = await runServer('start', sites);
    // The server listens before it has read its sites: the edits below are to sites it has read.
    await server.waitFor('Every site has been read');
  });
  afterAll(() => server?.stop());

  it('keeps the last good version after a bad edit and SIGHUP, and takes a good one', async () => {
    const file = join(sites, 'beta', 'site.yaml');
    const good = await readFile(file, 'utf8');
    let since = server.output().length;
    await writeFile(file, good.replace('type: hero', 'type: heroo').replace('Bread worth getting up for', 'Broken bread'));
    server.child.kill('SIGHUP');
    await server.waitFor(/beta: the new version has 1 problem\(s\) \(read in \d+ ms\); still serving the last good version/, since);
    await server.waitFor('SIGHUP: 4 sites read again, 1 changed', since);
    expect(server.output().slice(since)).toContain('SW_UNKNOWN_BLOCK');
    const kept = await page(server.origin, '/beta');
    expect(kept.status).toBe(200);
    expect(kept.body).toContain('Bread worth getting up for');

    since = server.output().length;
    await writeFile(file, good.replace('Bread worth getting up for', 'Fresh loaves at six'));
    server.child.kill('SIGHUP');
    await server.waitFor('SIGHUP: 4 sites read again, 1 changed', since);
    // Only the site that changed is swapped and reported.
    expect(server.output().slice(since)).toMatch(/^beta: reloaded in \d+ ms$/m);
    expect(server.output().slice(since)).not.toContain('alpha:');
    const updated = await page(server.origin, '/beta');
    expect(updated.status).toBe(200);
    expect(updated.body).toContain('Fresh loaves at six');
  });
});
