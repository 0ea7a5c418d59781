/**
 * Site search in a real Chromium: without JavaScript the header's box and the results page work
 * as plain GET forms; with it the box on the search page offers results as the visitor types, in
 * a listbox the arrow keys move through, with the count read out; axe finds nothing wrong with
 * the header's box, the results or the listbox open.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { hydrate, hydrated, island } from '../helpers/hydrate.ts';
import { servedInChromium } from '../helpers/served.ts';
import { violations, withAxe } from '../quality/axe.ts';

const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
const served = servedInChromium(() => SITES, {});

const problems = new WeakMap<Page, string[]>();

async function tab(javaScriptEnabled: boolean): Promise<Page> {
  const context = await withAxe(await served.browser.newContext({ javaScriptEnabled }));
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const seen: string[] = [];
  problems.set(page, seen);
  page.on('pageerror', (e) => seen.push(e.message));
  page.on('console', (m) => m.type() === 'error' && seen.push(m.text()));
  page.on('response', (r) => r.status() >= 400 && seen.push(`${r.status()} ${r.url()}`));
  return page;
}

async function done(page: Page) {
  expect(problems.get(page)).toEqual([]);
  await page.context().close();
}

describe('search without JavaScript', () => {
  it('goes from the header box to highlighted results, filters them by section and pages through them', async () => {
    const page = await tab(false);
    await page.goto(`${served.origin}/clearpath`);
    await page.getByLabel('Search Clearpath Access').fill('screen reder');
    await Promise.all([page.waitForURL(/\/clearpath\/search\?q=screen\+reder/), page.getByLabel('Search Clearpath Access').press('Enter')]);
    await expect(page.locator('#search-state').textContent()).resolves.toMatch(/\d+ results? for “screen reder”/);
    expect(await page.locator('.search-results mark').count()).toBeGreaterThan(0);
    await Promise.all([page.waitForURL(/section=posts/), page.locator('.search-filters a', { hasText: 'Blog' }).click()]);
    await expect(page.locator('.search-filters a[aria-current="page"]').textContent()).resolves.toContain('Blog');
    await page.goto(`${served.origin}/oakridge/search?q=town`);
    await Promise.all([page.waitForURL(/page=2/), page.locator('a[rel="next"]').click()]);
    await expect(page.locator('.search-pages').textContent()).resolves.toContain('Page 2 of');
    await done(page);
  }, 120_000);

  it('shows a clear state for an empty query and for nothing found', async () => {
    const page = await tab(false);
    await page.goto(`${served.origin}/youthreach/search`);
    await expect(page.locator('#search-state').textContent()).resolves.toContain('Type a word or two');
    await page.goto(`${served.origin}/youthreach/search?q=qqqqzzz`);
    await expect(page.locator('#search-state h2').textContent()).resolves.toContain('No results for “qqqqzzz”');
    await done(page);
  }, 120_000);
});

describe('search with JavaScript', () => {
  it('offers results as the visitor types, moved through with the arrow keys, the count read out, axe clean with the list open', async () => {
    const page = await tab(true);
    // The header's box, and the results with their filters and pages, as axe sees them (axe needs JavaScript to run).
    await page.goto(`${served.origin}/clearpath`);
    expect(await violations(page)).toEqual([]);
    await page.goto(`${served.origin}/oakridge/search?q=town`);
    await hydrate(island(page, 'search'));
    expect(await violations(page)).toEqual([]);
    // Typing is what hydrates the box: the letters typed before the script arrived are searched for too.
    await page.goto(`${served.origin}/clearpath/search`);
    await page.getByLabel('Search this site', { exact: true }).pressSequentially('caption');
    await hydrated(island(page, 'search'));
    const box = page.getByRole('combobox', { name: 'Search this site' });
    const list = page.getByRole('listbox', { name: 'Suggested results' });
    await list.waitFor();
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.getByRole('status').textContent()).resolves.toMatch(/\d+ results? found/);
    await box.press('ArrowDown');
    const first = page.getByRole('option').first();
    await expect(first.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(box.getAttribute('aria-activedescendant')).resolves.toBe(await first.getAttribute('id'));
    expect(await violations(page)).toEqual([]);
    await Promise.all([page.waitForURL(/\/clearpath\/captions-and-transcripts$/), box.press('Enter')]);
    await done(page);
  }, 120_000);
});
