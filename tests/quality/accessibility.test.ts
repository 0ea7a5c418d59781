/**
 * Accessibility: axe-core (WCAG 2.2 A and AA) in real Chromium on every page template of every
 * site — one address per page entry — with every <details> opened so that folded content (FAQ
 * answers, the menu) is checked too; and every home page again at phone width. One browser, a
 * few pages at a time.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser.ts';
import { violations, withAxe } from './axe.ts';
import { allRoutes, fleetApp, pool, Problems, templates, type App, type Route } from './fleet.ts';

const PARALLEL = 3;

let app: App;
let browser: Browser;
let origin: string;
let pages: Route[];

beforeAll(async () => {
  let routes: Route[];
  [routes, app, browser] = await Promise.all([allRoutes(), fleetApp(), launchChromium()]);
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  pages = templates(routes);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Runs axe over the addresses, a few tabs at a time, with every <details> opened first. */
async function audit(urls: string[], options: BrowserContextOptions = {}): Promise<Problems> {
  const tabs: Page[] = await Promise.all(Array.from({ length: PARALLEL }, async () => (await withAxe(await browser.newContext(options))).newPage()));
  const problems = new Problems();
  await pool(urls, PARALLEL, async (url) => {
    const tab = tabs.pop() as Page;
    try {
      const res = await tab.goto(origin + url);
      if (res?.status() !== 200) throw new Error(`answers ${res?.status()}`);
      await tab.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
      for (const v of await violations(tab)) problems.add(url, v);
    } catch (e) {
      problems.add(url, `could not be checked: ${(e as Error).message.split('\n')[0]}`);
    } finally {
      tabs.push(tab);
    }
  });
  await Promise.all(tabs.map((t) => t.context().close()));
  return problems;
}

describe('accessibility', () => {
  it('has no axe-core violation on any page template of any site', async () => {
    expect(pages.length).toBeGreaterThan(1000);
    const problems = await audit(pages.map((p) => p.url));
    expect(problems.size, `${problems.size} accessibility violation(s):\n${problems.toString()}`).toBe(0);
    // About a thousand pages through axe: four to five minutes on two idle cores, and as many
    // times that again as other work shares the cores with it.
  }, 1_500_000);

  it('has none on any home page at phone width, with the menu open', async () => {
    const homes = pages.filter((p) => p.path === '/').map((p) => p.url);
    expect(homes.length).toBeGreaterThan(90);
    const problems = await audit(homes, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    expect(problems.size, `${problems.size} accessibility violation(s) at phone width:\n${problems.toString()}`).toBe(0);
  }, 300_000);
});
