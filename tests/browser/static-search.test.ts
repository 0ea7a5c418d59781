/**
 * Search on a static export, from a plain file server that ignores query strings: the results
 * page finds what the address asks for in the site's Pagefind index, with sections to filter by,
 * items listed on a page found at their place on it, and the box offering results as the visitor
 * types; axe finds nothing wrong with the results and the listbox open.
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFleet, type ExportResult } from '../../runtime/export.ts';
import { loadFleet } from '../../runtime/fleet.ts';
import { launchChromium } from '../helpers/browser.ts';
import { serveFiles } from '../helpers/file-server.ts';
import { hydrated, island } from '../helpers/hydrate.ts';
import { violations } from '../quality/axe.ts';
import { closeClean, watchedPage } from '../helpers/watched.ts';
import { BLOCKS } from '../../blocks/registry.ts';

let out: string;
let result: ExportResult;
let files: Awaited<ReturnType<typeof serveFiles>>;
let browser: Browser;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'sitewright-static-search-'));
  const fleet = await loadFleet('sites', BLOCKS, ['clearpath', 'youthreach', 'brightsmile']);
  result = await exportFleet({ blocks: BLOCKS, fleet, out, origin: 'https://sites.example.com' });
  files = await serveFiles(out);
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await files?.close();
});

const tab = () => watchedPage(browser);
const done = closeClean;

const firstResult = (page: Page) => page.locator('.search-results li h3 a').first().getAttribute('href');

describe('the export', () => {
  it('writes a Pagefind index beside the pages of each site with search, and none for the others', () => {
    expect(result.searchSites).toBe(2);
    expect(existsSync(join(out, 'clearpath', 'pagefind', 'pagefind.js'))).toBe(true);
    expect(existsSync(join(out, 'youthreach', 'pagefind', 'pagefind.js'))).toBe(true);
    expect(existsSync(join(out, 'brightsmile', 'pagefind'))).toBe(false);
  });
});

describe('the results page on a file server', () => {
  it('finds what the address asks for, with the words marked, and filters by section', async () => {
    const page = await tab();
    await page.goto(`${files.origin}/clearpath/search?q=captions`);
    // Untouched: the results page of an export hydrates at load to find the address's query.
    await hydrated(island(page, 'search'));
    await page.locator('#search-state', { hasText: /\d+ results? for “captions”/ }).waitFor();
    expect(await firstResult(page)).toBe('/clearpath/captions-and-transcripts');
    expect(await page.locator('.search-results mark').count()).toBeGreaterThan(0);
    await Promise.all([page.waitForURL(/section=posts/), page.locator('.search-filters a', { hasText: 'Blog' }).click()]);
    await page.locator('.search-filters a[aria-current="page"]', { hasText: 'Blog' }).waitFor();
    const sections = await page.locator('.search-results .search-section').allTextContents();
    expect(sections.length).toBeGreaterThan(0);
    expect(new Set(sections)).toEqual(new Set(['Blog']));
    expect(await violations(page)).toEqual([]);
    await done(page);
  }, 120_000);

  it('finds a person listed on a page at their place on it, and says so when nothing is found', async () => {
    const page = await tab();
    await page.goto(`${files.origin}/youthreach/search?q=mateo%20ruiz`);
    await page.locator('.search-results').waitFor();
    expect(await firstResult(page)).toBe('/youthreach/about#staff-mateo-ruiz');
    await page.goto(`${files.origin}/youthreach/search?q=qqqqzzz`);
    await page.locator('#search-state', { hasText: 'No results for “qqqqzzz”' }).waitFor();
    await done(page);
  }, 120_000);

  it('goes from the header box to the results, and offers results in the box as the visitor types', async () => {
    const page = await tab();
    await page.goto(`${files.origin}/clearpath`);
    await page.getByLabel('Search Clearpath Access').fill('keyboard');
    await Promise.all([page.waitForURL(/\/clearpath\/search\?q=keyboard/), page.getByLabel('Search Clearpath Access').press('Enter')]);
    await page.locator('#search-state', { hasText: /\d+ results? for “keyboard”/ }).waitFor();
    expect(await firstResult(page)).toBe('/clearpath/keyboard-navigation');
    const box = page.getByRole('combobox', { name: 'Search this site' });
    await box.fill('');
    await box.pressSequentially('transcri');
    await page.getByRole('listbox', { name: 'Suggested results' }).waitFor();
    await expect(page.getByRole('status').textContent()).resolves.toMatch(/\d+ results? found/);
    await box.press('ArrowDown');
    await expect(page.getByRole('option').first().getAttribute('aria-selected')).resolves.toBe('true');
    expect(await violations(page)).toEqual([]);
    await Promise.all([page.waitForURL(/\/clearpath\/[a-z-]+/), box.press('Enter')]);
    await done(page);
  }, 120_000);
});
