/**
 * The Vine Trails trip builder in a real Chromium: planned and booked with JavaScript (a stop moved
 * with the keyboard, the day recomputed in the page and announced), and planned, reordered and
 * booked without it, each through the test provider's checkout to a confirmed trip.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupTimeOn } from '../../blocks/trip-builder/plan.ts';
import type { TripBuilderProps } from '../../blocks/trip-builder/schema.ts';
import { addDays, dayOf, localDate, type Day } from '../../runtime/services/time.ts';
import { ensureClient } from '../../runtime/client/build.ts';
import { loadFleet } from '../../runtime/fleet.ts';
import { buildApp } from '../../runtime/server/app.ts';
import { openServices } from '../../runtime/services/index.ts';
import { MIN_FORM_MS } from '../../runtime/services/signing.ts';
import { launchChromium } from '../helpers/browser.ts';
import { testClock } from '../helpers/clock.ts';
import { hydrate, island } from '../helpers/hydrate.ts';
import { violations, withAxe } from '../quality/axe.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
const ZONE = 'America/Los_Angeles';
const clock = testClock();
let app: Awaited<ReturnType<typeof buildApp>>;
let services: Awaited<ReturnType<typeof openServices>>;
let browser: Browser;
let origin: string;
let props: TripBuilderProps;

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sitewright-trips-browser-'));
  const [fleet, clientEntry] = await Promise.all([loadFleet(SITES, BLOCKS, ['vinetrails']), ensureClient(BLOCKS)]);
  services = await openServices(dataDir, () => {}, { signer: { now: clock.now } });
  app = await buildApp({ blocks: BLOCKS, fleet, origin: 'https://sites.example.com', clientEntry, services });
  app.addHook('onClose', () => services.store.close());
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
  const page = fleet.sites.get('vinetrails')?.data.pages.find((p) => p.path === '/trip-builder');
  props = page?.blocks?.find((b) => b.type === 'trip-builder') as unknown as TripBuilderProps;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** The `nth` date from the day after tomorrow on (in Oregon) that falls on one of `days` and that the van runs. */
function dayAhead(days: readonly Day[], nth = 0): string {
  let date = addDays(localDate(Date.now(), ZONE), 2);
  for (let found = -1; ; date = addDays(date, 1)) {
    if (days.includes(dayOf(date)) && pickupTimeOn(props.van, date) && ++found === nth) return date;
  }
}

/** A tab whose waits are for events, each allowed a minute; page errors and console errors are collected. */
async function tab(options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const context = options.javaScriptEnabled === false ? await browser.newContext(options) : await withAxe(await browser.newContext(options));
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('response', (r) => r.status() === 404 && errors.push(`404 ${r.url()}`));
  return { page, errors };
}

/** The names of the planned stops, in order. */
const stops = (page: Page) => page.locator('.trip-stop h4').allTextContents();

/** Chooses the wineries, the date, the group and the pickup point, and asks for the plan. */
async function plan(page: Page, wineries: string[], date: string, party: string) {
  expect((await page.goto(`${origin}/vinetrails/trip-builder`))?.status()).toBe(200);
  const planner = page.locator('form.trip-planner');
  for (const name of wineries) await planner.getByLabel(name, { exact: true }).check();
  await planner.getByLabel('Date (required)').fill(date);
  await planner.getByLabel('Number of guests').selectOption(party);
  await planner.getByLabel('Pickup point').selectOption({ label: 'Vine Trails office, 77 Depot Street, Sauvelle' });
  await Promise.all([page.waitForURL(/date=/), planner.getByRole('button', { name: 'Plan my trip' }).click()]);
  await page.locator('.trip-plan h3').waitFor();
}

/** Books the planned trip and pays the deposit on the test provider's checkout; returns the booking's checkout id. */
async function book(page: Page, name: string, email: string): Promise<string> {
  const form = page.locator('form.trip-book');
  await form.getByLabel('Name for the booking (required)').fill(name);
  await form.getByLabel('E-mail for the confirmation (required)').fill(email);
  clock.advance(MIN_FORM_MS + 200);
  await Promise.all([page.waitForURL(/\/payments\/test\//), form.getByRole('button', { name: 'Book this trip' }).click()]);
  const checkout = page.url().split('/').pop() ?? '';
  await Promise.all([page.waitForURL(/receipt=/), page.getByRole('button', { name: /^Pay \$/ }).click()]);
  await page.getByRole('heading', { name: 'Thank you: payment received' }).waitFor();
  return checkout;
}

async function bookingOf(checkout: string) {
  const tenant = await services.store.tenant('vinetrails');
  const opened = (await tenant.list('ledger', { type: 'checkout-opened' })).find((e) => e.checkout === checkout);
  const bookingId = (opened?.details as { bookingId?: string } | undefined)?.bookingId;
  return { opened, booking: await tenant.find('bookings', { id: bookingId ?? '' }) };
}

describe('the trip builder in a real browser', () => {
  it('with JavaScript: plans, moves a stop with the keyboard, recomputes and announces it, and books the new order', async () => {
    const { page, errors } = await tab();
    await page.goto(`${origin}/vinetrails/trip-builder`);
    expect(await violations(page), 'the empty planner').toEqual([]);
    const date = dayAhead(['friday']);
    await plan(page, ['Hollis Creek Vineyards', 'Silverleaf Cellars', 'Alder Bend Winery'], date, '3');
    await hydrate(island(page, 'trip-builder'));
    expect(await stops(page)).toEqual(['1. Alder Bend Winery', '2. Hollis Creek Vineyards', '3. Silverleaf Cellars']);
    expect(await violations(page), 'the planned day').toEqual([]);
    const firstArrival = await page.locator('.trip-times').first().textContent();

    // Keyboard only: focus the first stop's "Move down" and press Enter.
    const down = page.getByRole('button', { name: 'Move down Alder Bend Winery' });
    await down.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.trip-stop h4')?.textContent === '1. Hollis Creek Vineyards');
    expect(await stops(page)).toEqual(['1. Hollis Creek Vineyards', '2. Alder Bend Winery', '3. Silverleaf Cellars']);
    expect(await page.locator('.trip-plan [role="status"]').textContent()).toMatch(/^Alder Bend Winery is now stop 2 of 3, arriving at \d{1,2}:\d\d [AP]M\./);
    // Focus stays on the button that was pressed, on the stop that moved; the page did not reload.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('trip-valley-van-alder-bend-down');
    expect(page.url()).toContain('order=own');
    expect(page.url()).toContain('wineries=hollis-creek%2Calder-bend%2Csilverleaf');
    expect(await page.locator('.trip-times').first().textContent()).not.toBe(firstArrival);
    expect(await page.locator('form.trip-book input[name="wineries"]').inputValue()).toBe('hollis-creek,alder-bend,silverleaf');
    // Space moves it again, now up: back to first place, and the focus moves to its "Move down", the other stays disabled.
    await page.getByRole('button', { name: 'Move up Alder Bend Winery' }).focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.querySelector('.trip-stop h4')?.textContent === '1. Alder Bend Winery');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('trip-valley-van-alder-bend-down');
    await page.getByRole('button', { name: 'Move down Alder Bend Winery' }).press('Enter');
    await page.waitForFunction(() => document.querySelector('.trip-stop h4')?.textContent === '1. Hollis Creek Vineyards');
    expect(await violations(page), 'the reordered day').toEqual([]);

    const checkout = await book(page, 'Mina Park', 'mina@example.com');
    const { opened, booking } = await bookingOf(checkout);
    expect(opened?.details).toMatchObject({ party: 3, wineries: ['hollis-creek', 'alder-bend', 'silverleaf'] });
    // 30% of ($99 + $25 + $25 + $30) × 3.
    expect(opened?.amount).toBe(16110);
    expect(booking).toMatchObject({ status: 'confirmed', places: 3, slotId: `${date}T10:00` });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('without JavaScript: plans, reorders through the move buttons, and books', async () => {
    const { page } = await tab({ javaScriptEnabled: false });
    const date = dayAhead(['saturday']);
    await plan(page, ['Crestview Estate', 'Ortiz Hill Vineyard'], date, '2');
    // Crestview is nearer, but both open at 11:00: Ortiz Hill first waits less and is back sooner.
    expect(await stops(page)).toEqual(['1. Ortiz Hill Vineyard', '2. Crestview Estate']);

    await Promise.all([page.waitForURL(/order=own/), page.getByRole('button', { name: 'Move down Ortiz Hill Vineyard' }).click()]);
    expect(await stops(page)).toEqual(['1. Crestview Estate', '2. Ortiz Hill Vineyard']);
    expect(await page.locator('.trip-info').first().textContent()).toContain('Crestview Estate opens at 11:00 AM');
    expect(await page.locator('form.trip-book input[name="wineries"]').inputValue()).toBe('crestview,ortiz-hill');

    // A mistake first ("sam@valley" passes the browser's own check, not ours): the page comes back
    // with the message beside the field and the plan kept.
    const form = page.locator('form.trip-book');
    await form.getByLabel('Name for the booking (required)').fill('Sam Ortiz');
    await form.getByLabel('E-mail for the confirmation (required)').fill('sam@valley');
    clock.advance(MIN_FORM_MS + 200);
    await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), form.getByRole('button', { name: 'Book this trip' }).click()]);
    await page.locator('#trip-valley-van-email-error').waitFor();
    expect(await page.locator('#trip-valley-van-email-error').textContent()).toBe('Please enter an e-mail address such as name@example.com.');
    expect(await stops(page)).toEqual(['1. Crestview Estate', '2. Ortiz Hill Vineyard']);
    expect(await page.locator('form.trip-book').getByLabel('Name for the booking (required)').inputValue()).toBe('Sam Ortiz');

    const checkout = await book(page, 'Sam Ortiz', 'sam@example.com');
    const { opened, booking } = await bookingOf(checkout);
    expect(opened?.details).toMatchObject({ party: 2, wineries: ['crestview', 'ortiz-hill'] });
    expect(booking).toMatchObject({ status: 'confirmed', places: 2, slotId: `${date}T10:00` });
    await page.context().close();
  });
});
