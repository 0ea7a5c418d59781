/**
 * The map block in Chromium: nothing is asked of OpenStreetMap until the visitor presses "Show
 * map", by mouse or by keyboard; then the map is framed (the page's policy lets it) and focus
 * moves to it. Without JavaScript the same button brings the page back with the map in it.
 * OpenStreetMap itself is answered by the test, so nothing leaves the machine.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFor } from '../helpers/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { hydrated, island } from '../helpers/hydrate.ts';

const SITE = `schemaVersion: 1
site:
  name: Spokes and Sprockets
  kind: bicycle-shop
  description: Bicycle repairs in Maple Falls.
  address:
    street: 118 Harbor Lane
    locality: Maple Falls
theme:
  colors: { primary: "#134e4a" }
navigation:
  - { label: Home, href: / }
pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Back on the road tomorrow
  - path: /visit
    title: Visit
    blocks:
      - type: map
        heading: Find the workshop
        lat: 45.5231
        lng: -122.6765
        place: the workshop
`;

let app: Awaited<ReturnType<typeof appFor>>;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  const sites = await mkdtemp(join(tmpdir(), 'sitewright-map-browser-'));
  await mkdir(join(sites, 'spokes'));
  await writeFile(join(sites, 'spokes', 'site.yaml'), SITE);
  app = await appFor(sites);
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A tab whose every request is counted, OpenStreetMap answered with a small page of the test's own, and errors (a refused frame among them) kept. */
async function tab(javaScriptEnabled = true): Promise<{ context: BrowserContext; page: Page; elsewhere: string[]; errors: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled });
  await context.route('https://www.openstreetmap.org/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>OpenStreetMap</title><p>The map</p>' }),
  );
  const page = await context.newPage();
  const elsewhere: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => !r.url().startsWith(origin) && elsewhere.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return { context, page, elsewhere, errors };
}

const frameShown = (page: Page) => page.locator('iframe[title="Map of the workshop"]');

describe('the map block in a browser', () => {
  it('asks nothing of OpenStreetMap until "Show map" is pressed, then frames the map', async () => {
    const { context, page, elsewhere, errors } = await tab();
    await page.goto(`${origin}/spokes/visit`);
    await page.getByRole('button', { name: 'Show map' }).hover();
    await hydrated(island(page, 'map'));
    expect(await page.locator('iframe').count()).toBe(0);
    expect(elsewhere).toEqual([]);
    await page.getByRole('button', { name: 'Show map' }).click();
    await frameShown(page).waitFor();
    // The frame loaded: the page's policy let it (a refused frame is never requested, and says so on the console).
    await expect.poll(() => page.frames().some((f) => f.url().startsWith('https://www.openstreetmap.org/export/embed.html'))).toBe(true);
    expect(elsewhere.every((url) => url.startsWith('https://www.openstreetmap.org/export/embed.html?bbox='))).toBe(true);
    expect(elsewhere).toHaveLength(1);
    expect(page.url()).toBe(`${origin}/spokes/visit`);
    expect(await page.getByRole('button', { name: 'Show map' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is reached and pressed with the keyboard alone, and focus moves to the map it brings', async () => {
    const { context, page, elsewhere, errors } = await tab();
    await page.goto(`${origin}/spokes/visit`);
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    for (let i = 0; i < 20 && (await focusedText()) !== 'Show map'; i++) await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Show map');
    // Focus is what hydrates it; a press before then would still work, as the form without JavaScript.
    await hydrated(island(page, 'map'));
    expect(elsewhere).toEqual([]);
    await page.keyboard.press('Enter');
    await frameShown(page).waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('title'))).toBe('Map of the workshop');
    expect(page.url()).toBe(`${origin}/spokes/visit`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without JavaScript, the button brings the page back with the map in it', async () => {
    const { context, page, elsewhere } = await tab(false);
    await page.goto(`${origin}/spokes/visit`);
    expect(elsewhere).toEqual([]);
    await page.getByRole('button', { name: 'Show map' }).click();
    await page.waitForURL(/\/spokes\/visit\?map=[a-z0-9]+#map-[a-z0-9]+$/);
    await frameShown(page).waitFor();
    await expect.poll(() => elsewhere.length).toBe(1);
    expect(await page.getByRole('link', { name: 'View on OpenStreetMap' }).getAttribute('href')).toContain('https://www.openstreetmap.org/?mlat=45.5231');
    await context.close();
  });
});
