/**
 * An amount is never broken across lines on a phone: at 320 px, every amount on the test
 * checkout page and on the receipt (a restaurant's order, an escape room's booking) is on one
 * line, the names beside them wrap instead, and the page does not scroll sideways.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadFleet } from '../../runtime/fleet.ts';
import type { Payments } from '../../runtime/payments/payments.ts';
import type { CheckoutLine } from '../../runtime/payments/provider.ts';
import { servedInChromium } from '../helpers/served.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
const served = servedInChromium(() => SITES, {});

/** The lines of each amount on the page, as Chromium lays them out: one entry per amount, its text and how many lines it takes. */
const amountsOn = (page: Page, selector: string) =>
  page.$$eval(selector, (cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return { text: (cell.textContent ?? '').trim(), lines: tops.size };
    }),
  );

async function phone(path: string): Promise<Page> {
  const context = await served.browser.newContext({ viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  expect((await page.goto(`${served.origin}${path}`))?.status()).toBe(200);
  return page;
}

const CHECKOUTS: [string, string, CheckoutLine[]][] = [
  [
    'olivetree',
    'The Olive Tree: order K7QM-3XPD, pickup Saturday, November 28, 7:00 PM PST',
    [
      { name: 'Hummus with warm pita (Spiced lamb)', amount: 1500, quantity: 2 },
      { name: 'Lamb kofta (Rice pilaf)', amount: 2700, quantity: 1 },
    ],
  ],
  ['lockedin', 'Locked In: Lab 9 on Saturday, November 28, 7:00 PM CST', [{ name: 'Lab 9 (per player)', amount: 3400, quantity: 5 }]],
];

describe('amounts at phone width', () => {
  it.each(CHECKOUTS)(
    '%s: every amount of the checkout page and the receipt is on one line, and the page does not scroll sideways',
    async (prefix, description, lines) => {
      const site = (await loadFleet(SITES, BLOCKS, [prefix])).sites.get(prefix);
      if (!site) throw new Error(`no site ${prefix}`);
      const { redirect } = await (served.ctx.app.payments as Payments).open(site, {
        purpose: 'none',
        page: '/',
        description,
        lines,
        email: 'guest@example.com',
      });
      const page = await phone(new URL(redirect, served.origin).pathname);

      const checkout = await amountsOn(page, '.checkout-lines td');
      console.log(`${prefix} checkout amounts at 320 px:`, checkout);
      expect(checkout.length).toBe(lines.length + 1);
      expect(checkout.filter((a) => a.lines !== 1)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);

      await Promise.all([page.waitForURL(/receipt=/), page.getByRole('button', { name: /^Pay \$/ }).click()]);
      const receipt = await amountsOn(page, '.receipt-lines .amount');
      console.log(`${prefix} receipt amounts at 320 px:`, receipt);
      expect(receipt.length).toBe(lines.length + 1);
      expect(receipt.filter((a) => a.lines !== 1)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
      await page.context().close();
    },
  );
});
