/**
 * Iron Oak Fitness's week of classes in a real Chromium: one list per day on a phone and seven
 * columns on a wide screen, neither wider than the screen nor failing axe; then a class booked
 * from a session's link through the test provider, with JavaScript and without.
 */
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MIN_FORM_MS } from '../../runtime/services/signing.ts';
import { testClock } from '../helpers/clock.ts';
import { servedInChromium } from '../helpers/served.ts';
import { violations, withAxe } from '../quality/axe.ts';

const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
/** Monday 21 December 2026, 08:10 in Granite Ford: a week with Christmas Eve and Christmas Day in it. */
const MONDAY = Date.parse('2026-12-21T15:10:00Z');
const SLOT = '2026-12-22T17:30';

/** The form time-trap's clock, moved on by a person's pause instead of waiting. */
const clock = testClock();
const started = Date.now();

async function gymOnly(): Promise<string> {
  const sitesDir = await mkdtemp(join(tmpdir(), 'sitewright-timetable-sites-'));
  await cp(join(SITES, 'ironoakfitness'), join(sitesDir, 'ironoakfitness'), { recursive: true });
  return sitesDir;
}
// The bookings' clock starts on that Monday and runs on from there.
const served = servedInChromium(gymOnly, { signer: { now: clock.now }, now: () => MONDAY + (Date.now() - started) });

async function tab(options: BrowserContextOptions = {}): Promise<Page> {
  const context = options.javaScriptEnabled === false ? await served.browser.newContext(options) : await withAxe(await served.browser.newContext(options));
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return page;
}

const openWeek = async (page: Page) => {
  expect((await page.goto(`${served.origin}/ironoakfitness/timetable`))?.status()).toBe(200);
  return page.locator('.timetable');
};
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
/** Where each day's box starts on the page. */
const dayBoxes = async (page: Page) =>
  (await page.locator('.timetable-day').evaluateAll((days) => days.map((d) => d.getBoundingClientRect()))).map((r) => ({
    x: Math.round(r.x),
    y: Math.round(r.y),
  }));
const placesOf = async (page: Page) =>
  (await page.locator(`.timetable-session:has(time[datetime^="${SLOT}"])`).filter({ hasText: 'Barbell' }).locator('.timetable-left').textContent()) ?? '';

describe('the class timetable in a real browser', () => {
  it('is one list per day on a phone, with no sideways scrolling and nothing for axe', async () => {
    const page = await tab({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const week = await openWeek(page);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await week.locator('h3').allTextContents()).toEqual([
      'Monday, December 21 (today)',
      'Tuesday, December 22',
      'Wednesday, December 23',
      'Thursday, December 24',
      'Friday, December 25',
      'Saturday, December 26',
      'Sunday, December 27',
    ]);
    const boxes = await dayBoxes(page);
    expect(new Set(boxes.map((b) => b.x)).size).toBe(1);
    expect(boxes.every((b, i) => i === 0 || b.y > (boxes[i - 1]?.y ?? 0))).toBe(true);
    expect(await week.getByRole('list', { name: 'Tuesday, December 22' }).getByRole('link').count()).toBe(6);
    expect(await week.locator('.timetable-day').nth(4).textContent()).toContain('Closed');
    expect(await violations(page), 'the timetable at 360px').toEqual([]);
    // The focus ring shows on a session's link.
    await week
      .getByRole('link', { name: /5:30 PM Barbell 60 min 12 places left/ })
      .first()
      .focus();
    expect(await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).toBe('solid');
    await page.context().close();
  });

  it('puts the seven days side by side on a wide screen', async () => {
    const page = await tab({ viewport: { width: 1280, height: 900 } });
    await openWeek(page);
    expect(await noSidewaysScroll(page)).toBe(true);
    const boxes = await dayBoxes(page);
    expect(new Set(boxes.map((b) => b.y)).size).toBe(1);
    expect(boxes.every((b, i) => i === 0 || b.x > (boxes[i - 1]?.x ?? 0))).toBe(true);
    expect(await violations(page), 'the timetable at 1280px').toEqual([]);
    await page.context().close();
  });

  it.each([
    ['with JavaScript', true, '11 places left'],
    ['without JavaScript', false, '10 places left'],
  ])('books a class from its link %s, and the week shows one place fewer', async (_, javaScriptEnabled, after) => {
    const page = await tab({ javaScriptEnabled, viewport: { width: 360, height: 740 } });
    const week = await openWeek(page);
    const link = week.getByRole('list', { name: 'Tuesday, December 22' }).getByRole('link', { name: /^5:30 PM Barbell/ });
    await Promise.all([page.waitForURL(/\/ironoakfitness\/timetable\/book\?choice=barbell&slot=2026-12-22T17:30#classes$/), link.click()]);
    const form = page.locator('#classes');
    expect(await form.getByRole('radio', { name: /5:30 PM/ }).isChecked()).toBe(true);
    expect(await form.locator('legend').first().textContent()).toContain('Barbell: time on Tuesday, December 22, 2026');
    if (javaScriptEnabled) expect(await violations(page), 'the booking page with the time chosen').toEqual([]);
    await form.getByLabel(/^Name for the booking/).fill('Carol Wheeler');
    await form.getByLabel(/^E-mail for the confirmation/).fill('carol@example.com');
    clock.advance(MIN_FORM_MS + 200);
    await Promise.all([page.waitForURL(/\/payments\/test\//), form.getByRole('button', { name: 'Continue to payment' }).click()]);
    expect(await page.locator('.test-mode').textContent()).toContain('Test mode.');
    await Promise.all([page.waitForURL(/receipt=/), page.getByRole('button', { name: /^Pay \$20\.00/ }).click()]);
    await page.getByRole('heading', { name: 'Thank you: payment received' }).waitFor();
    await openWeek(page);
    expect(await placesOf(page)).toBe(after);
    const bookings = await (await served.ctx.services.store.tenant('ironoakfitness')).list('bookings', { slot: `barbell@${SLOT}` });
    expect(bookings.filter((b) => b.status === 'confirmed').length).toBe(javaScriptEnabled ? 1 : 2);
    await page.context().close();
  });
});
