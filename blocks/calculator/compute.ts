import { evaluate, parseExpression, type Node } from './expression.ts';
import type { CalculatorProps } from './schema.ts';
import { numberFormat } from '../../runtime/render/intl.ts';

type Input = CalculatorProps['inputs'][number];
type Result = CalculatorProps['results'][number];

const parsed = new Map<string, Node>();
function tree(formula: string): Node {
  let node = parsed.get(formula);
  if (!node) {
    node = parseExpression(formula);
    parsed.set(formula, node);
  }
  return node;
}

/** Reads a visitor's value for an input, falling back to the default when it is unusable. */
export function readValue(input: Input, raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return input.kind === 'toggle' && raw !== undefined ? 0 : input.default;
  const n = Number(raw);
  if (!Number.isFinite(n)) return input.default;
  if (input.kind === 'select' && !input.options?.some((o) => o.value === n)) return input.default;
  return n;
}

/** Computes every result in order; a later formula can read an earlier named result. */
export function computeResults(inputs: readonly Input[], results: readonly Result[], values: Record<string, number>): number[] {
  const vars: Record<string, number> = {};
  for (const input of inputs) vars[input.name] = values[input.name] ?? input.default;
  return results.map((result) => {
    const value = evaluate(tree(result.formula), vars);
    if (result.name) vars[result.name] = value;
    return value;
  });
}

export function formatResult(value: number, result: Result, locale: string, currency: string): string {
  if (!Number.isFinite(value)) return '—';
  const digits = { minimumFractionDigits: result.decimals, maximumFractionDigits: result.decimals };
  const options: Intl.NumberFormatOptions =
    result.format === 'currency' ? { style: 'currency', currency, ...digits } : result.format === 'percent' ? { style: 'percent', ...digits } : digits;
  return numberFormat(locale, options).format(value);
}
