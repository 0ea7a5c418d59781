/** A block whose heading says the page's title again leaves it to the page's h1: no page shows one heading twice in a row. */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithData } from './helpers/app.ts';

const SITES = fileURLToPath(new URL('../sites', import.meta.url));
let ctx: Awaited<ReturnType<typeof appWithData>>;

beforeAll(async () => {
  ctx = await appWithData(SITES);
});
afterAll(() => ctx.app.close());

/** The page's headings in order, their text only. */
const headings = (html: string) => [...html.matchAll(/<h([1-3])[^>]*>(.*?)<\/h\1>/g)].map((m) => (m[2] ?? '').replace(/<[^>]+>/g, ''));

describe('headings that repeat the page title', () => {
  it.each([
    ['/apexappliance/payments', 'Pay an invoice'],
    ['/quickhomeoffer/shop/cart', 'Your cart'],
  ])('%s says "%s" once, as its h1, and the block is still named for screen readers', async (path, title) => {
    const page = await ctx.app.inject(path);
    expect(page.statusCode).toBe(200);
    const all = headings(page.body);
    expect(all.filter((h) => h === title)).toEqual([title]);
    expect(page.body).toContain(`<h1>${title}</h1>`);
    expect(page.body).toMatch(/<section class="(payment|shop)-block"[^>]*aria-label="[^"]+"/);
  });
});
