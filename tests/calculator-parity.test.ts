/**
 * Every calculator of the fleet gives a visitor without JavaScript the figures the island shows
 * with it. Both run `computeResults` over the inputs; what can differ is how the inputs get there:
 * the island reads its controls, the server reads a query string in which a browser leaves out an
 * unticked box. Generated values (unticked boxes included) are sent as a browser sends the form,
 * and the page must show what the island computes from the same values, with each box as the
 * visitor left it. (tests/browser/calculator-parity.test.ts does the same in Chromium for a few.)
 */
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeResults, formatResult } from '../blocks/calculator/compute.ts';
import type { CalculatorProps } from '../blocks/calculator/schema.ts';
import { ensureClient } from '../runtime/client/build.ts';
import { loadFleet, type Fleet } from '../runtime/fleet.ts';
import { escapeHtml } from '../runtime/render/escape.ts';
import { buildApp } from '../runtime/server/app.ts';
import { calculatorsOf, calculatorsOfFleet, inputValues, queryFor, type FleetCalculator } from './helpers/calculators.ts';
import { BLOCKS } from '../blocks/registry.ts';

const SITES = fileURLToPath(new URL('../sites', import.meta.url));
let fleet: Fleet;
let app: Awaited<ReturnType<typeof buildApp>>;
let calculators: FleetCalculator[];

beforeAll(async () => {
  const found = await calculatorsOf(SITES);
  fleet = await loadFleet(SITES, BLOCKS, found);
  calculators = calculatorsOfFleet(fleet);
  app = await buildApp({ blocks: BLOCKS, fleet, origin: 'https://sites.example.com', clientEntry: await ensureClient(BLOCKS) });
});
afterAll(() => app?.close());

/** The figures of the page's calculator, in order. */
const shown = (html: string) => [...html.matchAll(/<output>([^<]*)<\/output>/g)].map((m) => m[1]);

describe('every calculator of the fleet', () => {
  it('shows without JavaScript what the island computes, for any values, ticked or not', async () => {
    expect(calculators.length).toBeGreaterThanOrEqual(11);
    expect(calculators.some((c) => c.props.inputs.some((i) => i.kind === 'toggle' && i.default === 1))).toBe(true);
    for (const { prefix, path, props } of calculators) {
      const language = fleet.sites.get(prefix)?.data.site.language ?? 'en';
      await fc.assert(
        fc.asyncProperty(inputValues(props), async (values) => {
          const response = await app.inject({ url: `/${prefix}${path === '/' ? '' : path}?${queryFor(props, values)}` });
          expect(response.statusCode).toBe(200);
          const island = computeResults(props.inputs, props.results, values).map((v, i) =>
            escapeHtml(formatResult(v, props.results[i] as CalculatorProps['results'][number], language, props.currency)),
          );
          expect(shown(response.body), `${prefix}${path} ${JSON.stringify(values)}`).toEqual(island);
          for (const input of props.inputs.filter((i) => i.kind === 'toggle')) {
            const box = response.body.match(new RegExp(`<input[^>]*name="${input.name}"[^>]*>`))?.[0] ?? '';
            expect(box.includes('checked'), `${prefix} ${input.name} ticked as left`).toBe(values[input.name] === 1);
          }
        }),
        { numRuns: 25 },
      );
    }
  });

  it('reads a box missing from a sent form as unticked, and one missing from a plain link as its default', async () => {
    const brightwell = calculators.find((c) => c.prefix === 'brightwell');
    expect(brightwell).toBeDefined();
    const { prefix, path, props } = brightwell as FleetCalculator;
    const defaults = Object.fromEntries(props.inputs.map((i) => [i.name, i.default]));
    const sent = await app.inject({ url: `/${prefix}${path}?${queryFor(props, { ...defaults, rebate: 0 })}` });
    expect(shown(sent.body)).toEqual(['38', '78%', '$3,200', '$3,200', '$590', '5.4', '$8,600']);
    expect(sent.body).not.toMatch(/<input[^>]*name="rebate"[^>]*checked/);
    expect(sent.body).toMatch(/<input[^>]*name="airseal"[^>]*checked/);
    const plain = await app.inject({ url: `/${prefix}${path}?area=1000` });
    expect(shown(plain.body)).toEqual(['38', '78%', '$3,200', '$2,240', '$590', '3.8', '$9,560']);
  });
});
