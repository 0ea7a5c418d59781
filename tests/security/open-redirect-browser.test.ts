/**
 * The open redirects as a browser meets them: Chromium, asked for the site's prefixed address on
 * its own domain with a payload after it (`/alpha/%2fevil.example`), follows the forward and must
 * end on the domain, never asking any other host. The domain and evil.example both resolve to the
 * test server, so following a forward off the site would show as a request to evil.example.
 */
import { chromium, type Browser } from 'playwright-core';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM_FLAGS } from '../../runtime/doctor/layout/chromium.ts';
import { appWithData, DESK_FLEET } from '../helpers/app.ts';
import { CHROMIUM } from '../helpers/browser.ts';

const DOMAIN = 'www.alpha-plumbing.example';
const PAYLOADS = [
  '%2fevil.example',
  '%5Cevil.example',
  '%2F%2Fevil.example',
  '%09/evil.example',
  '%5c%5cevil.example',
  '%2f%09%2fevil.example',
  '/\\evil.example',
];

let ctx: Awaited<ReturnType<typeof appWithData>>;
let browser: Browser;
let port: number;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sitewright-open-redirect-browser-'));
  await cp(join(DESK_FLEET, 'alpha'), join(dir, 'alpha'), { recursive: true });
  const file = join(dir, 'alpha', 'site.yaml');
  await writeFile(file, (await readFile(file, 'utf8')).replace('schemaVersion: 1\n', `schemaVersion: 1\ndomains: [${DOMAIN}]\n`));
  ctx = await appWithData(dir);
  port = Number(new URL(await ctx.app.listen({ port: 0, host: '127.0.0.1' })).port);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1, MAP evil.example 127.0.0.1, MAP * ~NOTFOUND`],
  });
});
afterAll(async () => {
  await browser?.close();
  await ctx?.app.close();
});

it('follows every forward of a payload on the domain to the domain itself, query kept', async () => {
  const page = await browser.newPage();
  const hosts = new Set<string>();
  page.on('request', (request) => void hosts.add(new URL(request.url()).hostname));
  const landed: string[] = [];
  for (const payload of PAYLOADS) {
    await page.goto(`http://${DOMAIN}:${port}/alpha/${payload}?q=1`).catch(() => undefined);
    landed.push(page.url());
  }
  console.log(`Chromium followed ${PAYLOADS.length} payloads; hosts asked: ${[...hosts].join(', ')}`);
  expect([...hosts]).toEqual([DOMAIN]);
  for (const url of landed) {
    expect(new URL(url).host).toBe(`${DOMAIN}:${port}`);
    expect(new URL(url).search).toBe('?q=1');
  }
  await page.close();
});
