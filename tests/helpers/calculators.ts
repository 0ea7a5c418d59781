/** The fleet's calculators, values a visitor could set in them, and the query a browser sends for those values. */
import fc from 'fast-check';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SENT_FIELD } from '../../blocks/calculator/compute.ts';
import type { CalculatorProps } from '../../blocks/calculator/schema.ts';
import type { Fleet } from '../../runtime/fleet.ts';

export interface FleetCalculator {
  prefix: string;
  path: string;
  props: CalculatorProps;
}

/** The sites whose document has a calculator (read as text, so only those need loading). */
export async function calculatorsOf(sitesDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const prefix of (await readdir(sitesDir)).sort()) {
    const text = await readFile(join(sitesDir, prefix, 'site.yaml'), 'utf8').catch(() => '');
    if (/type: calculator\b/.test(text)) found.push(prefix);
  }
  return found;
}

/** Each calculator of the loaded sites, with the address of its page. */
export function calculatorsOfFleet(fleet: Fleet): FleetCalculator[] {
  const found: FleetCalculator[] = [];
  for (const site of fleet.sites.values()) {
    for (const target of site.targets) {
      const blocks = [...(target.page.blocks ?? []), ...(target.item?.kind === 'page' ? (target.item.data.blocks ?? []) : [])];
      for (const block of blocks)
        if (block.type === 'calculator') found.push({ prefix: site.prefix, path: target.path, props: block as unknown as CalculatorProps });
    }
  }
  return found;
}

type Input = CalculatorProps['inputs'][number];

/** A value the input's own control accepts: a number on its step between its limits, one of its choices, ticked or not. */
function valueOf(input: Input): fc.Arbitrary<number> {
  if (input.kind === 'toggle') return fc.constantFrom(0, 1);
  if (input.kind === 'select') return fc.constantFrom(...(input.options ?? []).map((o) => o.value));
  const min = input.min ?? Math.min(0, input.default);
  const max = input.max ?? Math.max(min + 100, input.default * 10);
  const step = input.step ?? 1;
  // A number typed in the box, as the visitor sees it: no binary float tails such as 0.30000000000000004.
  const decimals = (String(step).split('.')[1] ?? '').length + (String(min).split('.')[1] ?? '').length;
  return fc.integer({ min: 0, max: Math.floor((max - min) / step + 1e-9) }).map((k) => Number((min + k * step).toFixed(decimals)));
}

export function inputValues(props: CalculatorProps): fc.Arbitrary<Record<string, number>> {
  return fc.record(Object.fromEntries(props.inputs.map((input) => [input.name, valueOf(input)])));
}

/** The query string the calculator's form sends for these values: an unticked box sends nothing. */
export function queryFor(props: CalculatorProps, values: Record<string, number>): string {
  const query = new URLSearchParams({ [SENT_FIELD]: '1' });
  for (const input of props.inputs) {
    const value = values[input.name] as number;
    if (input.kind !== 'toggle') query.append(input.name, String(value));
    else if (value === 1) query.append(input.name, '1');
  }
  return query.toString();
}
