/**
 * Forms and tables read well on a phone, at 390 px and 320 px: a table's headings keep their words
 * whole ("Price", not "Pric" above "e"); every checkbox and radio sits on its label's first line,
 * centred on it (a restaurant's delivery choice, a charity's declaration, the amount chips, the
 * calculator's boxes); a select's long choice is shown whole, wrapped inside it ("Insulate to");
 * the page does not scroll sideways, and axe-core finds nothing.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClient } from '../../runtime/client/build.ts';
import { loadFleet } from '../../runtime/fleet.ts';
import { buildApp } from '../../runtime/server/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { violations } from '../quality/axe.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
const PAGES = [
  '/quickhomeoffer/shop/moving-box-kit',
  '/olivetree/order',
  '/brighterfutures/donate',
  '/eastsidecommunity/donate',
  '/hopekitchen/donate',
  '/brightwell/calculator',
];
const WIDTHS = [390, 320];
// A box this far from its line's centre looks centred; the amount chips' radios sat 4 px high, on the text's baseline.
const CENTRED = 3;

let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  // Only the sites these pages belong to: the whole fleet takes a minute to load beside other runs.
  const prefixes = PAGES.map((p) => p.split('/')[1] ?? '');
  const [fleet, clientEntry] = await Promise.all([loadFleet(SITES, BLOCKS, prefixes), ensureClient(BLOCKS)]);
  app = await buildApp({ blocks: BLOCKS, fleet, origin: 'https://sites.example.com', clientEntry });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function phone(path: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  // networkidle: the calculator is hydrated before it is measured.
  expect((await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' }))?.status()).toBe(200);
  return page;
}

/** Each word of each table heading that Chromium lays out on more than one line: "Price" as "Pric" and "e". */
const brokenHeadingWords = (page: Page) =>
  page.$$eval('th', (cells) =>
    cells.flatMap((cell) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size !== 1) broken.push(`${(cell.textContent ?? '').trim()}: "${word[0]}" on ${lines.size} lines`);
        }
      }
      return broken;
    }),
  );

/** Where each visible checkbox and radio sits against its label's first line: the gap between their centres, and how far above that line its top is. */
const boxesBesideLabels = (page: Page) =>
  page.$$eval('input[type=checkbox], input[type=radio]', (inputs) =>
    (inputs as HTMLInputElement[])
      .filter((input) => input.getClientRects().length > 0)
      .map((input) => {
        const label = input.labels?.[0];
        const box = input.getBoundingClientRect();
        if (!label) return { id: input.id, label: '', centreGap: Infinity, above: Infinity, beside: false };
        const range = document.createRange();
        range.selectNodeContents(label);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const top = Math.min(...rects.map((r) => r.top));
        // The first line: every piece of the label's text whose top is on the highest line.
        const first = rects.filter((r) => r.top < top + 4);
        const line = { top, bottom: Math.max(...first.map((r) => r.bottom)), left: Math.min(...first.map((r) => r.left)) };
        return {
          id: input.id,
          label: (label.textContent ?? '').trim(),
          centreGap: Math.abs((box.top + box.bottom) / 2 - (line.top + line.bottom) / 2),
          above: line.top - box.top,
          beside: box.right <= line.left,
        };
      }),
  );

/**
 * Each select whose chosen option is not shown whole: wider than the select (or scrolled inside it),
 * or longer than one line of the select and not wrapped onto more.
 */
const cutSelects = (page: Page) =>
  page.$$eval('select', (selects) =>
    selects.flatMap((select) => {
      const style = getComputedStyle(select);
      const probe = document.createElement('span');
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${style.font};letter-spacing:${style.letterSpacing}`;
      probe.textContent = select.selectedOptions[0]?.textContent ?? '';
      document.body.append(probe);
      const textWidth = probe.getBoundingClientRect().width;
      probe.remove();
      const inner = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const innerHeight = select.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      const lines = Math.floor((innerHeight + 1) / parseFloat(style.lineHeight));
      const whole = select.scrollWidth <= select.clientWidth && select.scrollHeight <= select.clientHeight && (textWidth <= inner || lines >= 2);
      return whole ? [] : [{ name: select.name, text: probe.textContent, textWidth, inner, lines, scroll: [select.scrollWidth, select.clientWidth] }];
    }),
  );

describe('forms and tables at phone width', () => {
  for (const width of WIDTHS) {
    it.each(PAGES)(`%s at ${width} px: headings whole, boxes on their labels' first lines, selects whole, no sideways scroll, axe clean`, async (path) => {
      const page = await phone(path, width);

      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(await brokenHeadingWords(page)).toEqual([]);

      const boxes = await boxesBesideLabels(page);
      const worst = boxes.reduce((m, b) => Math.max(m, b.centreGap), 0);
      const selects = await page.locator('select').count();
      const headings = await page.locator('th').count();
      console.log(
        `${path} at ${width} px: ${headings} table headings, ${boxes.length} boxes (widest gap between a box's centre and its label's first line ${worst.toFixed(1)} px, limit ${CENTRED} px), ${selects} selects`,
      );
      expect(boxes.filter((b) => !(b.centreGap <= CENTRED && b.above <= 4 && b.beside))).toEqual([]);
      expect(await cutSelects(page)).toEqual([]);

      expect(await violations(page)).toEqual([]);
      await page.context().close();
    });
  }
});
