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
  // A tick box is ticked or not: "?extra=40" must not multiply what a ticked box adds.
  if (input.kind === 'toggle') return n === 0 ? 0 : 1;
  if (input.kind === 'select' && !input.options?.some((o) => o.value === n)) return input.default;
  return n;
}

/**
 * The field every calculator form sends. A browser sends nothing for an unticked box, so once the
 * form was sent, a tick box missing from the query was unticked, not left at its default. Its
 * name has a hyphen, which no input's name may have.
 */
export const SENT_FIELD = 'sw-calc';

/** The value of each input as the visitor left it in the query (the defaults when nothing was sent). */
export function valuesFromQuery(inputs: readonly Input[], query: Readonly<Record<string, string>> | undefined): Record<string, number> {
  const sent = query?.[SENT_FIELD] !== undefined;
  return Object.fromEntries(inputs.map((input) => [input.name, readValue(input, query?.[input.name] ?? (sent && input.kind === 'toggle' ? '' : undefined))]));
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
