/** A browser page that notes every script error, console error and failed response, checked when its test is done. */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { withAxe } from '../quality/axe.ts';

const problems = new WeakMap<Page, string[]>();

/** A page in a context of its own, with axe loaded for `violations`, noting what goes wrong. */
export async function watchedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await (await withAxe(await browser.newContext(options))).newPage();
  page.setDefaultTimeout(15_000);
  const seen: string[] = [];
  problems.set(page, seen);
  page.on('pageerror', (e) => seen.push(e.message));
  page.on('console', (m) => m.type() === 'error' && seen.push(m.text()));
  page.on('response', (r) => r.status() >= 400 && seen.push(`${r.status()} ${r.url()}`));
  return page;
}

/** Fails on anything the page noted, then closes its context. */
export async function closeClean(page: Page): Promise<void> {
  expect(problems.get(page)).toEqual([]);
  await page.context().close();
}
