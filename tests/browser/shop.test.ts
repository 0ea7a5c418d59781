/**
 * Quick Home Offer's shop in a real Chromium, with JavaScript and without: a product chosen and put
 * in the cart, its quantity changed, delivered locally or shipped, paid on the test checkout, and
 * the order seen through the link in its confirmation. With JavaScript the cart changes in place (no
 * page load) and every page is checked with axe.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MIN_FORM_MS } from '../../runtime/services/signing.ts';
import { testClock } from '../helpers/clock.ts';
import { hydrate, island } from '../helpers/hydrate.ts';
import { outboxOf } from '../helpers/money.ts';
import { servedInChromium } from '../helpers/served.ts';
import { violations, withAxe } from '../quality/axe.ts';

const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
const clock = testClock();
const served = servedInChromium(() => SITES, { signer: { now: clock.now } });

async function tab(javaScriptEnabled: boolean): Promise<Page> {
  const context = await withAxe(await served.browser.newContext({ javaScriptEnabled }));
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return page;
}

/** Marks the document, so a later check tells a change in place from a new page. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { kept?: boolean }).kept = true));
const kept = (page: Page) => page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);

const sold = async (key: string) =>
  (await (await served.ctx.services.store.tenant('quickhomeoffer')).list('stock', { stock: key })).filter((r) => r.status === 'sold');

async function details(page: Page, method: RegExp) {
  const form = page.locator('form.shop-checkout');
  await form.getByLabel(method).check();
  await form.getByLabel('Name (required)').fill('Dana Whitfield');
  await form.getByLabel('E-mail for the confirmation (required)').fill('dana@example.com');
  await form.getByLabel('Street address (required)').fill('418 Ferris Street');
  await form.getByLabel('Town or city (required)').fill('Larkfield');
  await form.getByLabel('State (required)').fill('OH');
  await form.getByLabel('ZIP code (required)').fill('45318');
}

async function payAndReturn(page: Page, js: boolean) {
  clock.advance(MIN_FORM_MS + 200);
  await Promise.all([page.waitForURL(/\/payments\/test\//), page.getByRole('button', { name: 'Continue to payment' }).click()]);
  if (js) expect(await violations(page), 'the checkout page').toEqual([]);
  await Promise.all([page.waitForURL(/receipt=/), page.getByRole('button', { name: /^Pay \$/ }).click()]);
  await page.getByRole('heading', { name: 'Thank you: payment received' }).waitFor();
  if (js) expect(await violations(page), 'the receipt').toEqual([]);
}

describe('buying from the shop in a real browser', () => {
  it('with JavaScript: a box kit put in the cart and changed in place, delivered locally, paid, and the order seen from its link', async () => {
    const page = await tab(true);
    expect((await page.goto(`${served.origin}/quickhomeoffer/shop`))?.status()).toBe(200);
    expect(await violations(page), 'the listing').toEqual([]);
    await Promise.all([page.waitForURL(/moving-box-kit$/), page.getByRole('link', { name: 'Moving box kit' }).click()]);
    await hydrate(island(page, 'product'));
    expect(await violations(page), 'the product page').toEqual([]);
    await mark(page);
    await page.getByLabel(/^Medium: 30 boxes/).check();
    await page.getByLabel('Quantity (required)').fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('status').filter({ hasText: 'Added 2 × Moving box kit: Medium: 30 boxes to your cart. It now holds 2 items.' }).waitFor();
    await page.getByRole('link', { name: 'Your cart (2 items)' }).waitFor();
    expect(await kept(page), 'added in place').toBe(true);
    // The last three large kits, then three more: more than is left is told beside the field, in place.
    await page.getByLabel(/^Large: 50 boxes/).check();
    await page.getByLabel('Quantity (required)').fill('3');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: 'Your cart (5 items)' }).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.locator('#product-quantity-error', { hasText: 'Only 3 left, and 3 are in your cart already.' }).waitFor();
    expect(await violations(page), 'the product page with a message').toEqual([]);

    await page.getByRole('link', { name: 'Your cart (5 items)' }).click();
    await hydrate(island(page, 'shop'));
    expect(await violations(page), 'the cart').toEqual([]);
    await mark(page);
    await page.getByLabel('Quantity of Moving box kit: Medium: 30 boxes').fill('1');
    await page.getByRole('button', { name: 'Update Moving box kit: Medium: 30 boxes' }).click();
    await page.locator('.shop-subtotal', { hasText: 'Items (4)' }).waitFor();
    await page.getByRole('button', { name: 'Remove Moving box kit: Large: 50 boxes' }).click();
    await page.locator('.shop-subtotal', { hasText: 'Items (1)' }).waitFor();
    expect(await kept(page), 'changed in place').toBe(true);
    await expect(page.locator('.shop-subtotal strong').textContent()).resolves.toBe('$69');
    await details(page, /^Local delivery in Brannock and Tessaly counties: \$5 \(total \$74\)/);
    expect(await violations(page), 'the cart, filled in').toEqual([]);
    await payAndReturn(page, true);
    expect(await sold('products/moving-box-kit/medium')).toMatchObject([{ places: 1 }]);

    const mail = (await outboxOf(served.ctx.dataDir))
      .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((m) => m.includes('Your order from Quick Home Offer'));
    const link = /https:\/\/sites\.example\.com(\/quickhomeoffer\/shop\/cart\?order=[^\s]+)/.exec(mail ?? '')?.[1];
    expect(link).toBeDefined();
    await page.goto(`${served.origin}${link as string}`);
    await page.getByText('Paid: we are getting it ready.').waitFor();
    expect(await violations(page), 'the order page').toEqual([]);
    await page.context().close();
  });

  it('without JavaScript: tape put in the cart by plain posts, its quantity changed, shipped and paid', async () => {
    const page = await tab(false);
    await page.goto(`${served.origin}/quickhomeoffer/shop/packing-tape-bundle`);
    await page.getByLabel(/^12 rolls and 2 dispensers/).check();
    await Promise.all([page.waitForURL(/added=twelve-rolls/), page.getByRole('button', { name: 'Add to cart' }).click()]);
    await page.getByText('Added Packing tape bundle: 12 rolls and 2 dispensers to your cart. It now holds 1 item.').waitFor();
    await Promise.all([page.waitForURL(/\/shop\/cart$/), page.getByRole('link', { name: 'View your cart' }).click()]);
    await page.getByLabel('Quantity of Packing tape bundle: 12 rolls and 2 dispensers').fill('0');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Update Packing tape bundle: 12 rolls and 2 dispensers' }).click()]);
    await page.getByText('Your cart is empty.').waitFor();

    await page.goto(`${served.origin}/quickhomeoffer/shop/packing-tape-bundle`);
    await page.getByLabel(/^6 rolls/).check();
    await Promise.all([page.waitForURL(/added=six-rolls/), page.getByRole('button', { name: 'Add to cart' }).click()]);
    await Promise.all([page.waitForURL(/\/shop\/cart$/), page.getByRole('link', { name: 'View your cart' }).click()]);
    await page.getByLabel('Quantity of Packing tape bundle: 6 rolls').fill('2');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Update Packing tape bundle: 6 rolls' }).click()]);
    await page.locator('.shop-subtotal', { hasText: 'Items (2)' }).waitFor();
    // Shipping by weight: 2 × 2.6 lb at $0.45 = $2.34.
    await details(page, /^Shipping by USPS Ground: \$2\.34 \(total \$38\.34\)/);
    await payAndReturn(page, false);
    expect(await sold('products/packing-tape-bundle/six-rolls')).toMatchObject([{ places: 2 }]);
    await page.context().close();
  });
});
