/**
 * Islands hydrate when a visitor first needs them (`runtime/client/loader.ts`): a test does what
 * the visitor does first, then waits for the island to be taken over by its component.
 */
import type { Locator, Page } from 'playwright-core';

/** The page's island of this type; the one holding `inside` when the page has several. */
export const island = (page: Page, type: string, inside?: string): Locator => page.locator(`[data-island="${type}"]${inside ? `:has(${inside})` : ''}`).first();

/**
 * Waits until the island is hydrated. The script is fetched and compiled now, after the page load
 * a test has already waited for, and on a busy machine that alone can take many seconds: a minute
 * is allowed whatever the tab's own limit.
 */
export async function hydrated(island: Locator): Promise<void> {
  await island.and(island.page().locator('[data-hydrated="true"]')).waitFor({ timeout: 60_000 });
}

/** Points at the island, as a visitor's mouse does on its way to a field or a button, and waits until it is hydrated. */
export async function hydrate(island: Locator): Promise<void> {
  await island.hover();
  await hydrated(island);
}
