import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFor } from '../helpers/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { hydrated, island } from '../helpers/hydrate.ts';

let app: Awaited<ReturnType<typeof appFor>>;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  app = await appFor();
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('in a real browser', () => {
  it('hydrates the calculator when the visitor types into it, and recomputes as they go', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${origin}/alpha/estimate`);
    /** Waits until the result shows this (it follows each keystroke once hydrated). */
    const shows = (text: string) => page.waitForFunction((want) => document.querySelector('.calculator output')?.textContent === want, text);
    await shows('$3,700');
    // Typing is what hydrates it: the value typed before the script arrived counts too.
    await page.getByLabel('Bathrooms and kitchens').fill('4');
    await hydrated(island(page, 'calculator'));
    await shows('$5,600');
    expect(await page.locator('.calculator button[type="submit"]').count()).toBe(0);
    await page.getByLabel('Bathrooms and kitchens').fill('7');
    await shows('$8,450');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('still computes without JavaScript, through the form', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${origin}/alpha/estimate`);
    await page.getByLabel('Bathrooms and kitchens').fill('4');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.waitForURL(/rooms=4/);
    expect(await page.locator('.calculator output').textContent()).toBe('$5,600');
    await context.close();
  });

  it('loads no script at all on a page without islands', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(`${origin}/alpha/about`);
    expect(await page.evaluate(() => document.querySelectorAll('script:not([type="application/ld+json"])').length)).toBe(0);
    expect(scripts).toEqual([]);
    await context.close();
  });
});
