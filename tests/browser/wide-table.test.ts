/**
 * A Markdown table wider than a phone scrolls sideways inside a box of its own, never the page:
 * the box is reached with the Tab key, named for screen readers, scrolled with the arrow keys,
 * shows where focus is, and passes axe-core. A long line of code wraps instead.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFor } from '../helpers/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { violations } from '../quality/axe.ts';

const FIXTURES = fileURLToPath(new URL('../doctor/', import.meta.url));

let app: Awaited<ReturnType<typeof appFor>>;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  app = await appFor(FIXTURES);
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function phone(path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  const response = await page.goto(`${origin}${path}`);
  expect(response?.status()).toBe(200);
  return page;
}

describe('a table wider than a phone', () => {
  it('scrolls in its own focusable, named box, and the page does not scroll sideways', async () => {
    const page = await phone('/widetable/timetable');
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).toEqual([320, 320]);

    const wide = page.getByRole('region', { name: 'Table: Class, Level, Monday, Tuesday, Wednesday, Thursday, Saturday, Teacher, Price' });
    expect(await wide.count()).toBe(1);
    const box = await wide.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, table: el.querySelector('table')?.offsetWidth ?? 0 }));
    expect(box.client).toBeLessThanOrEqual(280);
    expect(box.scroll).toBeGreaterThan(box.client);
    expect(box.table).toBe(box.scroll);

    // The Tab key reaches it (after the skip link, the brand and the menu), and the arrow keys scroll it.
    let reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await wide.evaluate((el) => document.activeElement === el);
    }
    expect(reached).toBe(true);
    expect(await wide.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => (document.querySelector('.table-scroll')?.scrollLeft ?? 0) > 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);

    // A narrow table is in the same kind of box, which has nothing to scroll.
    const narrow = page.getByRole('region', { name: 'Table: Level, Age' });
    expect(await narrow.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });

  it('wraps a code line longer than a phone inside its block, so the page does not scroll sideways', async () => {
    const page = await phone('/widetable/app');
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).toEqual([320, 320]);
    const code = page.locator('pre').first();
    expect(await code.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await code.textContent()).toContain('all-classes-and-teachers.ics?format=ical&reminders=on');
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });
});
