import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { pool, Problems } from './fleet.ts';

/** WCAG 2.2 A and AA, as axe-core tags them. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The axe-core that @axe-core/playwright depends on (it injects the same file itself). */
const AXE_SOURCE = readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Loads axe-core into every page of the context as it is created, so that a run over hundreds of
 * pages sends and compiles the 500 kB script once per page instead of twice per run.
 */
export async function withAxe(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(AXE_SOURCE);
  return context;
}

/**
 * axe-core's violations on the page as it is now, one line per rule and element.
 * Legacy mode runs axe once in the page: the default mode finishes every run in a fresh blank
 * page, which doubles the time, and only matters for cross-origin frames (the sites have none).
 * `exclude` leaves parts out, such as a frame whose document is checked on its own.
 */
export async function violations(page: Page, { exclude = [] }: { exclude?: string[] } = {}): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  const builder = new AxeBuilder(loaded ? { page, axeSource: 'void 0' } : { page });
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}): ${n.target.join(' ')}  ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300)}`,
    ),
  );
}

const PARALLEL = 3;

/** Runs axe over the addresses of a server at origin, a few tabs at a time, with every <details> opened first. */
export async function audit(browser: Browser, origin: string, urls: string[], options: BrowserContextOptions = {}): Promise<Problems> {
  const tabs: Page[] = await Promise.all(Array.from({ length: PARALLEL }, async () => (await withAxe(await browser.newContext(options))).newPage()));
  const problems = new Problems();
  await pool(urls, PARALLEL, async (url) => {
    const tab = tabs.pop() as Page;
    try {
      const res = await tab.goto(origin + url);
      if (res?.status() !== 200) throw new Error(`answers ${res?.status()}`);
      await tab.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
      for (const v of await violations(tab)) problems.add(url, v);
    } catch (e) {
      problems.add(url, `could not be checked: ${(e as Error).message.split('\n')[0]}`);
    } finally {
      tabs.push(tab);
    }
  });
  await Promise.all(tabs.map((t) => t.context().close()));
  return problems;
}
