/**
 * The fleet's booking pages in a real Chromium, with JavaScript and without: choose a room or a
 * coach, a day and a free time, pay on the test checkout, and come back to a receipt; with
 * JavaScript the days and choices change in place (no page load), without it each is a link.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MIN_FORM_MS } from '../../runtime/services/signing.ts';
import { testClock } from '../helpers/clock.ts';
import { hydrate, island } from '../helpers/hydrate.ts';
import { servedInChromium } from '../helpers/served.ts';
import { blockServicesOf } from '../helpers/services.ts';
import { violations, withAxe } from '../quality/axe.ts';
import { fileURLToPath } from 'node:url';
import { certificateBalance, issueCertificate } from '../../blocks/kits/gifts/certificates.ts';
import type { Site } from '../../runtime/site.ts';

const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
const clock = testClock();
const served = servedInChromium(() => SITES, { signer: { now: clock.now } });

/** What went wrong in each tab: page errors, console errors, and any address that answered 404 (a script chunk, a fetch). */
const problems = new WeakMap<Page, string[]>();

async function tab(javaScriptEnabled: boolean): Promise<Page> {
  const context = await withAxe(await served.browser.newContext({ javaScriptEnabled }));
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const seen: string[] = [];
  problems.set(page, seen);
  page.on('pageerror', (e) => seen.push(e.message));
  page.on('console', (m) => m.type() === 'error' && seen.push(m.text()));
  page.on('response', (r) => r.status() === 404 && seen.push(`404 ${r.url()}`));
  return page;
}

/** Closes the tab once nothing went wrong in it. */
async function done(page: Page) {
  expect(problems.get(page)).toEqual([]);
  await page.context().close();
}

const bookings = async (prefix: string) => (await served.ctx.services.store.tenant(prefix)).list('bookings');

/** Marks the document, so a later check tells a change in place from a new page. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { kept?: boolean }).kept = true));
const kept = (page: Page) => page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);

/** Picks a choice, then the second day offered, then its first free time: by the links, in place or by loading the page. */
/** Chooses a day (`dayIndex` days from today: the next day by default) and its first free time. */
async function choose(page: Page, section: string, choice: string | undefined, js: boolean, dayIndex = 1): Promise<string> {
  const block = page.locator(`#${section}`);
  if (js) await hydrate(island(page, 'booking', `#${section}`));
  if (js) await mark(page);
  if (choice) {
    const link = block.locator('.booking-choices a', { hasText: choice });
    await Promise.all([js ? Promise.resolve() : page.waitForLoadState('load'), link.click()]);
    await block.locator('.booking-choices a[aria-current="true"]', { hasText: choice }).waitFor();
    await block.locator('legend', { hasText: choice }).waitFor();
  }
  const day = block.locator('.booking-dates a').nth(dayIndex);
  const date = (await day.getAttribute('href'))?.match(/date=(\d{4}-\d{2}-\d{2})/)?.[1] ?? '';
  await Promise.all([js ? Promise.resolve() : page.waitForURL(new RegExp(`date=${date}`)), day.click()]);
  await block.locator('.booking-dates a[aria-current="date"]', { hasText: (await day.textContent()) ?? '' }).waitFor();
  await block.locator(`input[name="slot"][value^="${date}"]`).first().waitFor();
  if (js) expect(await kept(page), 'the day changed in place').toBe(true);
  const slot = block.locator('input[name="slot"]:not([disabled])').first();
  await slot.check();
  return (await slot.getAttribute('value')) ?? '';
}

async function details(page: Page, section: string, party: string) {
  const block = page.locator(`#${section}`);
  await block.getByLabel(/^Number of (players|people)/).selectOption(party);
  await block.getByLabel('Name for the booking (required)').fill('Dana Whitfield');
  await block.getByLabel('E-mail for the confirmation (required)').fill('dana@example.com');
}

async function payAndReturn(page: Page, section: string, js: boolean) {
  clock.advance(MIN_FORM_MS + 200);
  await Promise.all([page.waitForURL(/\/payments\/test\//), page.locator(`#${section}`).getByRole('button', { name: 'Continue to payment' }).click()]);
  if (js) expect(await violations(page), 'the checkout page').toEqual([]);
  await Promise.all([page.waitForURL(/receipt=/), page.getByRole('button', { name: /^Pay \$/ }).click()]);
  await page.getByRole('heading', { name: 'Thank you: payment received' }).waitFor();
}

describe('booking on the fleet’s pages in a real browser', () => {
  for (const js of [true, false]) {
    const how = js ? 'with JavaScript' : 'without JavaScript';

    it(`/lockedin/book ${how}: a room, a day and a time, paid, confirmed`, async () => {
      const page = await tab(js);
      expect((await page.goto(`${served.origin}/lockedin/book`))?.status()).toBe(200);
      // axe runs as a script: the markup without JavaScript is the same, checked with it.
      if (js) expect(await violations(page), 'the booking page').toEqual([]);
      const room = js ? 'Sub Zero' : 'Lab 9';
      const slot = await choose(page, 'rooms', room, js);
      await details(page, 'rooms', '5');
      expect(await page.locator('#rooms .booking-terms').textContent()).toContain(js ? '$38 per player' : '$34 per player');
      await payAndReturn(page, 'rooms', js);
      const resource = js ? 'sub-zero' : 'lab-9';
      const booking = (await bookings('lockedin')).find((b) => b.slotId === slot && b.resource === resource && b.status === 'confirmed');
      expect(booking).toMatchObject({ players: 5, email: 'dana@example.com' });
      await done(page);
    });

    it(`/cedarlinks/lessons/book ${how}: a lesson with a named coach, paid by a lesson certificate`, async () => {
      const services = blockServicesOf(served.ctx.app, served.ctx.services);
      const site = served.ctx.app.fleetHolder.current.sites.get('cedarlinks') as Site;
      const code = js ? 'GOLF-2345-6789' : 'GOLF-3456-789A';
      await issueCertificate(services, site, { code, amount: 7_500, key: `issue:${code}` });
      const page = await tab(js);
      expect((await page.goto(`${served.origin}/cedarlinks/lessons/book`))?.status()).toBe(200);
      const slot = await choose(page, 'private-lessons', 'A lesson with Meredith Sandoval', js);
      await details(page, 'private-lessons', '1');
      await page.locator('#private-lessons').getByLabel('Gift card code (if you have one)').fill(code.toLowerCase());
      if (js) expect(await violations(page), 'the lesson form, filled in').toEqual([]);
      clock.advance(MIN_FORM_MS + 200);
      // The certificate pays it all: no checkout, straight to the booking.
      await Promise.all([page.waitForURL(/booking=/), page.locator('#private-lessons').getByRole('button', { name: 'Continue to payment' }).click()]);
      await page.getByRole('heading', { name: 'Your booking: A lesson with Meredith Sandoval' }).waitFor();
      expect(await page.locator('.booking-details').textContent()).toContain(`$75 paid from ${code}`);
      if (js) expect(await violations(page), 'the booking’s own page').toEqual([]);
      expect((await bookings('cedarlinks')).find((b) => b.slotId === slot && b.resource === 'lesson-meredith')).toMatchObject({ status: 'confirmed' });
      expect(await certificateBalance(services, site, code)).toBe(0);
      await done(page);
    });
  }

  it('/lockedin/book: a booking is cancelled from its own page, and its time is free again', async () => {
    const page = await tab(true);
    await page.goto(`${served.origin}/lockedin/book`);
    // Three days ahead: well before the room's cancellation deadline (24 hours), whatever the time of day.
    const slot = await choose(page, 'rooms', 'Grandma Ruth', true, 3);
    await details(page, 'rooms', '3');
    await payAndReturn(page, 'rooms', true);
    const booking = (await bookings('lockedin')).find((b) => b.slotId === slot && b.resource === 'attic' && b.status === 'confirmed');
    const token = served.ctx.services.signer.sign(`booking:lockedin:${String(booking?.id)}`);
    await page.goto(`${served.origin}/lockedin/book?booking=${encodeURIComponent(token)}`);
    clock.advance(MIN_FORM_MS + 200);
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Cancel this booking' }).click()]);
    await page.locator('.booking-details strong', { hasText: 'Cancelled, refunded' }).waitFor();
    await page.goto(`${served.origin}/lockedin/book?choice=attic&date=${slot.slice(0, 10)}`);
    expect(await page.locator(`input[name="slot"][value="${slot}"]`).isDisabled()).toBe(false);
    await done(page);
  });
});
