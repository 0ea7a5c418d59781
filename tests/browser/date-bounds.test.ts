/**
 * A date question whose first date moves with the day, in Chromium: served, the page's input
 * carries the server's dates and the running form checks against them as the visitor goes; in a
 * static export, made days before it is read, the page names no such date until its script has read
 * today from the visitor's clock in the site's time zone.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFleet } from '../../runtime/export.ts';
import { loadFleet } from '../../runtime/fleet.ts';
import { appWithData } from '../helpers/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { serveFiles } from '../helpers/file-server.ts';
import { hydrate, island } from '../helpers/hydrate.ts';
import { BASE_YAML } from '../helpers/site.tsx';
import { closeClean, watchedPage } from '../helpers/watched.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const SITE = `${BASE_YAML.replace('  phone:', '  language: en-GB\n  timeZone: America/Chicago\n  phone:')}pages:
  - path: /
    title: Home
    blocks:
      - type: form
        form: quote
        heading: Ask for a quote
        fields:
          - { name: fullName, label: Your name, required: true }
          - { name: moveDay, label: Moving day, kind: date, required: true, min: +1d, max: +60d }
`;

/** 23:30 on 24 November 2026 in Chicago (already the 25th in UTC). */
const EVENING = Date.parse('2026-11-25T05:30:00Z');

let browser: Browser;
let served: Awaited<ReturnType<typeof appWithData>>;
let servedOrigin: string;
let files: Awaited<ReturnType<typeof serveFiles>>;

beforeAll(async () => {
  const sites = await mkdtemp(join(tmpdir(), 'sitewright-date-bounds-'));
  await mkdir(join(sites, 'movers'));
  await writeFile(join(sites, 'movers', 'site.yaml'), SITE);
  served = await appWithData(sites, undefined, undefined, { now: () => EVENING });
  servedOrigin = await served.app.listen({ port: 0, host: '127.0.0.1' });
  const out = await mkdtemp(join(tmpdir(), 'sitewright-date-bounds-out-'));
  await exportFleet({
    blocks: BLOCKS,
    fleet: await loadFleet(sites, BLOCKS),
    out,
    origin: 'https://sites.example.com',
    apiOrigin: servedOrigin,
    signer: served.services.signer,
  });
  files = await serveFiles(out);
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await files?.close();
  await served?.app.close();
});

const day = (page: Page) => page.getByLabel('Moving day (required)', { exact: true });

/** Types a date the way a keyboard does in Chromium's date box, then leaves the field. */
async function chooseAndLeave(page: Page, date: string) {
  await day(page).fill(date);
  await page.getByLabel('Your name (required)', { exact: true }).focus();
}

describe('a date question that starts tomorrow', () => {
  it("served: the input's dates are the server's day in the site's zone, and the form checks them as the visitor goes", async () => {
    const page = await watchedPage(browser);
    // The visitor's clock says something else entirely: the served page goes by the server's day.
    await page.clock.setFixedTime(new Date('2027-03-01T12:00:00Z'));
    await page.goto(`${servedOrigin}/movers`);
    expect(await day(page).getAttribute('min')).toBe('2026-11-25');
    expect(await day(page).getAttribute('max')).toBe('2027-01-23');
    await hydrate(island(page, 'form'));
    await chooseAndLeave(page, '2026-11-24');
    await page.locator('#quote-moveDay-error').waitFor();
    expect(await page.locator('#quote-moveDay-error').textContent()).toBe('Please choose a date on or after 25 November 2026.');
    await chooseAndLeave(page, '2026-11-25');
    await page.locator('#quote-moveDay-error').waitFor({ state: 'detached' });
    await closeClean(page);
  });

  it("exported: no first date until the form runs, then the visitor's today in the site's zone", async () => {
    const page = await watchedPage(browser);
    // 01:00 on 25 November in Chicago: tomorrow there is the 26th.
    await page.clock.setFixedTime(new Date('2026-11-25T07:00:00Z'));
    await page.goto(`${files.origin}/movers`);
    expect(await day(page).getAttribute('min')).toBeNull();
    await hydrate(island(page, 'form'));
    await expect.poll(() => day(page).getAttribute('min')).toBe('2026-11-26');
    expect(await day(page).getAttribute('max')).toBe('2027-01-24');
    await chooseAndLeave(page, '2026-11-25');
    await page.locator('#quote-moveDay-error').waitFor();
    expect(await page.locator('#quote-moveDay-error').textContent()).toBe('Please choose a date on or after 26 November 2026.');
    await closeClean(page);
  });
});
