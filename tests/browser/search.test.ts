/**
 * Site search in a real Chromium: without JavaScript the header's box and the results page work
 * as plain GET forms; with it the box on the search page offers results as the visitor types, in
 * a listbox the arrow keys move through, with the count read out; axe finds nothing wrong with
 * the header's box, the results or the listbox open.
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { hydrate, hydrated, island } from '../helpers/hydrate.ts';
import { servedInChromium } from '../helpers/served.ts';
import { violations } from '../quality/axe.ts';
import { closeClean, watchedPage } from '../helpers/watched.ts';

const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
const served = servedInChromium(() => SITES, {});

const tab = (javaScriptEnabled: boolean) => watchedPage(served.browser, { javaScriptEnabled });
const done = closeClean;

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
