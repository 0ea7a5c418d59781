/**
 * Ordering dinner at /olivetree/order in a real Chromium. With JavaScript: dishes go into the
 * order without a page load, the button's price follows the options and the total changes in
 * place; paid on the test checkout; no axe violation. Without JavaScript: the same order with form
 * posts (add, change a quantity), paid the same way.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderToken } from '../../blocks/order/offer.ts';
import { MIN_FORM_MS } from '../../runtime/services/signing.ts';
import { appWithData } from '../helpers/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { testClock } from '../helpers/clock.ts';
import { hydrate, island } from '../helpers/hydrate.ts';
import { outboxOf } from '../helpers/money.ts';
import { violations, withAxe } from '../quality/axe.ts';

const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
let ctx: Awaited<ReturnType<typeof appWithData>>;
let browser: Browser;
let origin: string;
const clock = testClock();
// Tuesday, June 15, 2027, 10:00 in Bellhaven: the kitchen's times of the day are all ahead.
clock.advance(Date.parse('2027-06-15T17:00:00Z') - Date.now());

beforeAll(async () => {
  ctx = await appWithData(SITES, undefined, undefined, { signer: { now: clock.now } });
  origin = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await ctx?.app.close();
});

/** What went wrong in each tab: page errors, console errors, and any address that answered 404 (a script chunk, a fetch). */
const problems = new WeakMap<Page, string[]>();

async function tab(javaScriptEnabled: boolean): Promise<Page> {
  const context = await withAxe(await browser.newContext({ javaScriptEnabled }));
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const seen: string[] = [];
  problems.set(page, seen);
  page.on('pageerror', (e) => seen.push(e.message));
  page.on('console', (m) => m.type() === 'error' && seen.push(m.text()));
  page.on('response', (r) => r.status() === 404 && seen.push(`404 ${r.url()}`));
  return page;
}

/** Closes the tab once nothing went wrong in it but what the test asked for. */
async function done(page: Page, expected: string[] = []) {
  expect(problems.get(page)).toEqual(expected);
  await page.context().close();
}

/** Marks the document, so a later check tells a change in place from a new page. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { kept?: boolean }).kept = true));
const kept = (page: Page) => page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);

const orders = async () => (await ctx.services.store.tenant('olivetree')).list('orders');

/** Fills in the order form and places it, then pays on the test checkout and comes back to the receipt. */
async function placeAndPay(page: Page, email: string, js: boolean) {
  const checkout = page.locator('#order-checkout');
  const slot = checkout.getByLabel(/^Time \(Pacific Daylight Time\)/);
  const first = (await slot.locator('option:not([disabled]):not([value=""])').first().getAttribute('value')) ?? '';
  await slot.selectOption(first);
  await checkout.getByLabel('Name for the order (required)').fill('Dana Whitfield');
  await checkout.getByLabel('E-mail for the confirmation (required)').fill(email);
  await checkout.getByLabel('Note for the kitchen').fill('Extra napkins, please.');
  await checkout.getByLabel('Pay online now').check();
  if (js) expect(await violations(page), 'the order page, filled in').toEqual([]);
  clock.advance(MIN_FORM_MS + 200);
  await Promise.all([page.waitForURL(/\/payments\/test\//), checkout.getByRole('button', { name: 'Place order' }).click()]);
  if (js) expect(await violations(page), 'the checkout page').toEqual([]);
  await Promise.all([page.waitForURL(/receipt=/), page.getByRole('button', { name: /^Pay \$/ }).click()]);
  await page.getByRole('heading', { name: 'Thank you: payment received' }).waitFor();
  return first;
}

describe('ordering dinner at /olivetree/order in a real browser', () => {
  it('with JavaScript: dishes added in place with a live total, paid, and the kitchen gets its ticket', async () => {
    const page = await tab(true);
    expect((await page.goto(`${origin}/olivetree/order`))?.status()).toBe(200);
    await hydrate(island(page, 'order'));
    expect(await violations(page), 'the order page').toEqual([]);
    await mark(page);

    const hummus = page.locator('#order-dish-hummus');
    await hummus.getByLabel(/^Spiced lamb/).check();
    await hummus.getByRole('button', { name: 'Add to order · $15' }).waitFor();
    await hummus.getByLabel(/^Quantity/).fill('2');
    await hummus.getByRole('button', { name: 'Add to order · $30' }).click();
    const cart = page.locator('#order-cart');
    await cart.locator('.order-news', { hasText: 'Added to your order: 2 × Hummus with warm pita. Total: $30.' }).waitFor();
    expect(await cart.locator('.order-total strong').textContent()).toBe('$30');

    const kofta = page.locator('#order-dish-lamb-kofta');
    await kofta.getByLabel('Rice pilaf').check();
    await kofta.getByRole('button', { name: 'Add to order · $27' }).click();
    await cart.locator('.order-total strong', { hasText: '$57' }).waitFor();
    expect(await page.locator('.order-jump a').textContent()).toBe('Your order: 3 items, $57');
    expect(await cart.locator('.order-line-options').allTextContents()).toEqual(['Spiced lamb', 'Rice pilaf']);

    // A quantity changed in the order, in place too.
    await cart.getByLabel('Quantity of Hummus with warm pita').fill('1');
    await cart.locator('.order-line', { hasText: 'Hummus with warm pita' }).getByRole('button', { name: 'Update' }).click();
    await cart.locator('.order-total strong', { hasText: '$42' }).waitFor();
    // A refusal shows beside its field, in place: three toppings where two are the most.
    await hummus.getByLabel(/^Whole chickpeas/).check();
    await hummus.getByLabel(/^Extra pita/).check();
    await hummus.getByRole('button', { name: /^Add to order/ }).click();
    await page.locator('#order-dish-hummus-option-toppings-error', { hasText: 'Please choose at most 2 for toppings.' }).waitFor();
    expect(await cart.locator('.order-total strong').textContent()).toBe('$42');
    expect(await kept(page), 'every change happened in place').toBe(true);
    expect(await violations(page), 'the order page with a message').toEqual([]);

    const slot = await placeAndPay(page, 'dana@example.com', true);
    const order = (await orders()).find((o) => o.email === 'dana@example.com');
    expect(order).toMatchObject({ status: 'paid', slotId: slot, total: 4200, note: 'Extra napkins, please.' });
    const ticket = (await outboxOf(ctx.dataDir)).find((m) => m.includes(`ORDER ${String(order?.number)}`));
    expect(ticket).toContain('PAID ONLINE');
    expect(ticket).toContain('1 x Hummus with warm pita           $15.00');
    // The order's own page, through the link in the confirmation.
    await page.goto(`${origin}/olivetree/order?order=${encodeURIComponent(orderToken(ctx.services.signer, 'olivetree', String(order?.id)))}`);
    await page.getByRole('heading', { name: `Your order ${String(order?.number)}` }).waitFor();
    expect(await page.locator('.order-details').textContent()).toContain('Paid and received');
    expect(await violations(page), 'the order’s own page').toEqual([]);
    // The one refusal asked for: Chromium reports the 422 it answered.
    await done(page, ['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
  });

  it('without JavaScript: added and changed with form posts, then paid', async () => {
    const page = await tab(false);
    expect((await page.goto(`${origin}/olivetree/order`))?.status()).toBe(200);
    const falafel = page.locator('#order-dish-falafel');
    await falafel.getByLabel(/^Quantity/).fill('2');
    await Promise.all([page.waitForURL(/#order-cart$/), falafel.getByRole('button', { name: 'Add to order · $10' }).click()]);
    const cart = page.locator('#order-cart');
    expect(await cart.locator('.order-total strong').textContent()).toBe('$20');

    const board = page.locator('#order-dish-mezze-board-for-two');
    await board.getByLabel(/^For four/).check();
    await Promise.all([page.waitForLoadState('load'), board.getByRole('button', { name: /^Add to order/ }).click()]);
    expect(await page.locator('#order-cart .order-total strong').textContent()).toBe('$68');

    await page.locator('#order-cart').getByLabel('Quantity of Falafel').fill('3');
    await Promise.all([
      page.waitForLoadState('load'),
      page.locator('#order-cart .order-line', { hasText: 'Falafel' }).getByRole('button', { name: 'Update' }).click(),
    ]);
    expect(await page.locator('#order-cart .order-total strong').textContent()).toBe('$78');

    await placeAndPay(page, 'sam@example.com', false);
    expect((await orders()).find((o) => o.email === 'sam@example.com')).toMatchObject({ status: 'paid', total: 7800 });
    // Paid: the order on the page is empty again.
    await page.goto(`${origin}/olivetree/order`);
    expect(await page.locator('#order-cart').textContent()).toContain('Nothing yet');
    await done(page);
  });
});
