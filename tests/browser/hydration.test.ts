/**
 * Islands hydrate when they are first needed, in a real Chromium: a page with a form or a
 * calculator requests no script until the visitor points at or focuses it; what they type or
 * choose before the script has arrived is still there afterwards and reaches the component; a
 * first click on a button that has not been hydrated is not lost; an island that asks to hydrate
 * at load or when it comes into view does so untouched; and the loader is the one inline script
 * the Content-Security-Policy lets run.
 */
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOADER, loaderScript } from '../../runtime/client/loader.ts';
import { securityHeaders } from '../../runtime/server/security-headers.ts';
import { hydrate, hydrated, island } from '../helpers/hydrate.ts';
import { servedInChromium } from '../helpers/served.ts';

const SITES = fileURLToPath(new URL('../../sites', import.meta.url));

/** An energy adviser with a contact form and a calculator of numbers, choices and switches; a shop. */
async function sites(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitewright-hydration-sites-'));
  for (const prefix of ['brightwell', 'quickhomeoffer']) await cp(join(SITES, prefix), join(dir, prefix), { recursive: true });
  return dir;
}
const served = servedInChromium(sites, {});

interface Tab {
  page: Page;
  /** Every script the page asked for, in order. */
  scripts: string[];
  errors: string[];
}

async function tab(): Promise<Tab> {
  const page = await (await served.browser.newContext()).newPage();
  page.setDefaultTimeout(60_000);
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => (r.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(r.url()).pathname)) && scripts.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return { page, scripts, errors };
}

/**
 * Holds the client entry's response back until `release()`: what the visitor does meanwhile
 * certainly happens before hydration. `requested` settles when the page has asked for it.
 */
async function holdEntry(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  let asked = () => {};
  let release = () => {};
  const requested = new Promise<void>((resolve) => (asked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/client\/main-[^/]+\.js$/, async (route) => {
    asked();
    await released;
    // A click meanwhile may have sent the page elsewhere, and the request with it.
    await route.continue().catch(() => {});
  });
  return { requested, release };
}

/** Two frames on: an observer or a listener that was going to act has had its chance. */
const settled = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

const outputs = (page: Page) => page.locator('.calculator output').allTextContents();

describe('a page with islands', () => {
  it('loads no script with a form until a field is focused, and keeps what was typed before the form was hydrated', async () => {
    const { page, scripts, errors } = await tab();
    const entry = await holdEntry(page);
    await page.goto(`${served.origin}/brightwell/contact`);
    await settled(page);
    expect(scripts).toEqual([]);
    expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(1);
    const form = island(page, 'form');

    const name = page.getByLabel('Your name (required)', { exact: true });
    await name.pressSequentially('Nia Brooks');
    await entry.requested;
    await page.getByLabel('Your message (required)', { exact: true }).fill('The attic hatch lets cold air in all winter.');
    expect(await form.getAttribute('data-hydrated')).toBeNull();
    entry.release();
    await hydrated(form);
    expect(await name.inputValue()).toBe('Nia Brooks');
    expect(await page.getByLabel('Your message (required)', { exact: true }).inputValue()).toBe('The attic hatch lets cold air in all winter.');

    // Hydrated: the form checks a field as the visitor leaves it, and nothing typed is lost in the new render.
    const email = page.getByLabel('E-mail (required)', { exact: true });
    await email.fill('not-an-address');
    await email.blur();
    await page.locator('#contact-email-error').waitFor();
    expect(await name.inputValue()).toBe('Nia Brooks');
    expect(scripts.some((s) => /\/assets\/client\/main-[^/]+\.js$/.test(s))).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('loads no script with a calculator until it is touched, and the values changed before hydration reach the results', async () => {
    // What the results say for these values, changed on a calculator already hydrated.
    const changes = async (page: Page) => {
      await page.getByLabel('Attic floor area').fill('1500');
      await page.getByLabel('Insulation in the attic now').selectOption({ label: 'Almost none (under 2 inches)' });
      await page.getByLabel('Seal air leaks in the attic floor first').uncheck();
    };
    const first = await tab();
    await first.page.goto(`${served.origin}/brightwell/calculator`);
    const server = await outputs(first.page);
    await hydrate(island(first.page, 'calculator'));
    await changes(first.page);
    const wanted = await outputs(first.page);
    expect(wanted).not.toEqual(server);
    await first.page.context().close();

    const { page, scripts, errors } = await tab();
    const entry = await holdEntry(page);
    await page.goto(`${served.origin}/brightwell/calculator`);
    await settled(page);
    expect(scripts).toEqual([]);
    await changes(page);
    await entry.requested;
    expect(await outputs(page)).toEqual(server);
    entry.release();
    await hydrated(island(page, 'calculator'));
    await page.waitForFunction((want) => [...document.querySelectorAll('.calculator output')].map((o) => o.textContent).join('\n') === want, wanted.join('\n'));
    expect(await page.getByLabel('Attic floor area').inputValue()).toBe('1500');
    expect(await page.getByLabel('Insulation in the attic now').inputValue()).toBe('4');
    expect(await page.getByLabel('Seal air leaks in the attic floor first').isChecked()).toBe(false);
    // And on from there, a keystroke at a time.
    await page.getByLabel('Attic floor area').fill('1000');
    await page.waitForFunction((was) => [...document.querySelectorAll('.calculator output')].map((o) => o.textContent).join('\n') !== was, wanted.join('\n'));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('does not lose a first click on a button of an island not yet hydrated: it is done once, in place or by a plain post', async () => {
    for (const held of [false, true]) {
      const { page, errors } = await tab();
      const entry = held ? await holdEntry(page) : undefined;
      await page.goto(`${served.origin}/quickhomeoffer/shop/packing-tape-bundle`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('link', { name: 'Your cart (1 item)' }).waitFor();
      await page.getByText(/It now holds 1 item\./).waitFor();
      entry?.release();
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});

describe('the loader', () => {
  /** A page of our own under the fleet's security headers: the loader, a stand-in entry that marks every island hydrated, and `body`. */
  async function loaderPage(when: Map<string, 'interaction' | 'visible' | 'load'>, body: string, extraHead = ''): Promise<Tab> {
    const t = await tab();
    const headers = { ...securityHeaders(), 'content-type': 'text/html; charset=utf-8' };
    await t.page.route(`${served.origin}/loader-check`, (route) =>
      route.fulfill({ headers, body: `<!doctype html><html><head>${loaderScript('/loader-check.js', when)}${extraHead}</head><body>${body}</body></html>` }),
    );
    await t.page.route(`${served.origin}/loader-check.js`, (route) =>
      route.fulfill({
        headers: { ...securityHeaders(), 'content-type': 'text/javascript' },
        body: 'for (const island of document.querySelectorAll("[data-island]")) island.dataset.hydrated = "true";',
      }),
    );
    await t.page.goto(`${served.origin}/loader-check`);
    await t.page.waitForLoadState('load');
    return t;
  }

  // Tall without a style attribute, which the policy refuses.
  const tall = '<p>Above the fold</p>'.repeat(200);

  it('imports the entry at once for an island that hydrates at load', async () => {
    const { page, scripts } = await loaderPage(new Map([['now', 'load']]), `${tall}<div data-island="now">Far down</div>`);
    await hydrated(island(page, 'now'));
    expect(scripts).toEqual([`${served.origin}/loader-check.js`]);
    await page.context().close();
  });

  it('imports it for an island that hydrates when visible only once it is scrolled near', async () => {
    const { page, scripts } = await loaderPage(new Map([['seen', 'visible']]), `${tall}<div data-island="seen">Far down</div>`);
    await settled(page);
    expect(scripts).toEqual([]);
    await page.locator('[data-island="seen"]').scrollIntoViewIfNeeded();
    await hydrated(island(page, 'seen'));
    expect(scripts).toEqual([`${served.origin}/loader-check.js`]);
    await page.context().close();
  });

  it('runs under the Content-Security-Policy by its hash, while any other inline script is refused', async () => {
    const { page, scripts } = await loaderPage(
      new Map([['touched', 'interaction']]),
      '<p>Text</p><div data-island="touched"><button type="button">Press</button></div>',
      '<script>document.documentElement.dataset.injected = "yes";</script>',
    );
    expect(await page.evaluate(() => document.documentElement.dataset.injected)).toBeUndefined();
    await page.getByText('Text').hover();
    await settled(page);
    expect(scripts).toEqual([]);
    await page.getByRole('button', { name: 'Press' }).focus();
    await hydrated(island(page, 'touched'));
    expect(scripts).toEqual([`${served.origin}/loader-check.js`]);
    expect(LOADER.length).toBeLessThan(1024);
    await page.context().close();
  });
});
