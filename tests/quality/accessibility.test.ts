/**
 * Accessibility: axe-core (WCAG 2.2 A and AA) in real Chromium, with every <details> opened so that
 * folded content (FAQ answers, the menu) is checked too.
 *
 * Which pages: every site's home page, at desktop and at phone width (each site's theme, header,
 * menu and footer), and enough further page templates that every class and element name any
 * template's <main> draws is on at least one checked page (every block, in each of its variants).
 * About a fifth of the fleet's thousand templates: axe takes a second or more a page on a busy
 * machine, and what the rest would add is the same markup with other words, which the page checks
 * (tests/quality/pages.test.ts: the HTML checker, headings, titles, image sizes) read on every
 * address. `AXE_EVERY_PAGE=1` checks every template instead.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser.ts';
import { audit } from './axe.ts';
import { allRoutes, coverMarkup, fleetApp, markupOf, pool, templates, type App, type Route } from './fleet.ts';

let app: App;
let browser: Browser;
let origin: string;
let homes: string[];
let checked: string[];
let all: number;

beforeAll(async () => {
  let routes: Route[];
  [routes, app, browser] = await Promise.all([allRoutes(), fleetApp(), launchChromium()]);
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const pages = templates(routes);
  all = pages.length;
  homes = pages.filter((p) => p.path === '/').map((p) => p.url);
  if (process.env.AXE_EVERY_PAGE) {
    checked = pages.map((p) => p.url);
    return;
  }
  const drawn = await pool(pages, 8, async (p) => ({ page: p.url, markup: markupOf((await app.inject(p.url)).body) }));
  checked = [...homes, ...coverMarkup(drawn, homes)];
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('accessibility', () => {
  it('has no axe-core violation on any home page, or on pages that between them draw every block of the fleet', async () => {
    expect(all).toBeGreaterThan(1000);
    expect(homes.length).toBeGreaterThan(90);
    expect(checked.length).toBeGreaterThan(homes.length);
    console.log(`axe over ${checked.length} of ${all} page templates (${homes.length} home pages and ${checked.length - homes.length} more)`);
    const problems = await audit(browser, origin, checked);
    expect(problems.size, `${problems.size} accessibility violation(s):\n${problems.toString()}`).toBe(0);
  }, 1_500_000);

  it('has none on any home page at phone width, with the menu open', async () => {
    const problems = await audit(browser, origin, homes, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    expect(problems.size, `${problems.size} accessibility violation(s) at phone width:\n${problems.toString()}`).toBe(0);
  }, 300_000);
});
