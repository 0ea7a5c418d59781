/**
 * Every calculator of the fleet in a real Chromium: the same values set in its controls show the
 * same figures whether the island computes them as the visitor goes (JavaScript on) or the server
 * does after "Calculate" (JavaScript off). Two samples per calculator: every box unticked with
 * the other values at their defaults, and a generated one. (tests/calculator-parity.test.ts
 * tries many more through app.inject.)
 */
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClient } from '../../runtime/client/build.ts';
import { loadFleet } from '../../runtime/fleet.ts';
import { buildApp } from '../../runtime/server/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { calculatorsOf, calculatorsOfFleet, inputValues, type FleetCalculator } from '../helpers/calculators.ts';
import { hydrate, island } from '../helpers/hydrate.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let origin: string;
let calculators: FleetCalculator[];

beforeAll(async () => {
  const fleet = await loadFleet(SITES, BLOCKS, await calculatorsOf(SITES));
  calculators = calculatorsOfFleet(fleet);
  app = await buildApp({ blocks: BLOCKS, fleet, origin: 'https://sites.example.com', clientEntry: await ensureClient(BLOCKS) });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Sets every control of the page's calculator as a visitor would. */
async function setControls(page: Page, { props }: FleetCalculator, values: Record<string, number>) {
  const form = page.locator('.calculator form');
  for (const input of props.inputs) {
    const value = values[input.name] as number;
    if (input.kind === 'toggle') await form.locator(`input[name="${input.name}"]`).setChecked(value === 1);
    else if (input.kind === 'select') await form.locator(`select[name="${input.name}"]`).selectOption(String(value));
    else await form.locator(`input[name="${input.name}"]`).fill(String(value));
  }
}

const figures = (page: Page) => page.locator('.calculator output').allTextContents();

async function withJavaScript(calc: FleetCalculator, values: Record<string, number>): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(`${origin}/${calc.prefix}${calc.path}`);
  await hydrate(island(page, 'calculator'));
  await setControls(page, calc, values);
  // React renders a change within the event that made it; a frame later the page shows it.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
  const shown = await figures(page);
  expect(page.url(), 'computed in place').not.toContain('?');
  await context.close();
  return shown;
}

async function withoutJavaScript(calc: FleetCalculator, values: Record<string, number>): Promise<string[]> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(`${origin}/${calc.prefix}${calc.path}`);
  await setControls(page, calc, values);
  await Promise.all([page.waitForURL(/\?/), page.locator('.calculator').getByRole('button', { name: 'Calculate' }).click()]);
  const shown = await figures(page);
  // The page comes back with each box as the visitor left it.
  for (const input of calc.props.inputs.filter((i) => i.kind === 'toggle'))
    expect(await page.locator(`.calculator input[name="${input.name}"]`).isChecked(), input.name).toBe(values[input.name] === 1);
  await context.close();
  return shown;
}

describe('every calculator of the fleet, with and without JavaScript', () => {
  // Forty-four page visits and a hydration each: minutes on two busy cores.
  it('shows the same figures for the same values', { timeout: 600_000 }, async () => {
    expect(calculators.length).toBeGreaterThanOrEqual(11);
    const differences: string[] = [];
    for (const calc of calculators) {
      const unticked = Object.fromEntries(calc.props.inputs.map((i) => [i.name, i.kind === 'toggle' ? 0 : i.default]));
      for (const values of [unticked, ...fc.sample(inputValues(calc.props), { numRuns: 1, seed: 7 })]) {
        const [js, server] = await Promise.all([withJavaScript(calc, values), withoutJavaScript(calc, values)]);
        if (JSON.stringify(js) !== JSON.stringify(server))
          differences.push(`${calc.prefix}${calc.path} ${JSON.stringify(values)}: with JS ${js.join(' | ')}, without ${server.join(' | ')}`);
      }
    }
    console.log(
      `calculator parity: ${calculators.length} calculators, ${calculators.length * 2} samples, each with and without JavaScript, ${differences.length} differences`,
    );
    expect(differences).toEqual([]);
  });
});
