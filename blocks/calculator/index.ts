import { choices, closest, yamlValue } from '../../runtime/config/suggest.ts';
import { defineBlock, type BlockIssue } from '../contract.ts';
import { Calculator } from './Calculator.tsx';
import { ExpressionError, parseExpression, variablesOf } from './expression.ts';
import { calculatorProps } from './schema.ts';

export const calculator = defineBlock({
  type: 'calculator',
  title: 'Calculator',
  description: 'Numbers visitors enter and results computed from them by formulas, updated as they type.',
  props: calculatorProps,
  Component: Calculator,
  island: { module: './Calculator.tsx', export: 'Calculator' },
  example: {
    heading: 'Estimate your basement waterproofing',
    intro: 'Enter the size of your basement for a ballpark figure before we visit.',
    inputs: [
      { name: 'length', label: 'Basement length', kind: 'number', default: 40, min: 5, max: 200, step: 1, unit: 'ft' },
      { name: 'width', label: 'Basement width', kind: 'number', default: 30, min: 5, max: 200, step: 1, unit: 'ft' },
      {
        name: 'method',
        label: 'Method',
        kind: 'select',
        default: 42,
        options: [
          { label: 'Interior drain and sump pump', value: 42 },
          { label: 'Exterior excavation and membrane', value: 95 },
        ],
      },
      { name: 'backup', label: 'Add a battery backup pump', kind: 'toggle', default: 0 },
    ],
    results: [
      { name: 'perimeter', label: 'Wall length', formula: '2 * (length + width)', format: 'number', decimals: 0, unit: 'ft' },
      { label: 'Estimated cost', formula: 'round(perimeter * method + backup * 1150, -2)', format: 'currency', decimals: 0 },
    ],
    currency: 'USD',
    note: 'A ballpark estimate from typical jobs; your written quote follows a free inspection.',
  },
  check(props) {
    const issues: BlockIssue[] = [];
    const known = new Set<string>();
    const seen = new Set<string>();
    props.inputs.forEach((input, i) => {
      if (seen.has(input.name)) {
        issues.push({
          path: ['inputs', i, 'name'],
          code: 'SW_DUPLICATE_NAME',
          detail: `Another input is already called "${input.name}".`,
          fix: `give every input and named result its own name, such as name: ${freeName(input.name, seen)}`,
          edit: { value: freeName(input.name, seen) },
        });
      }
      seen.add(input.name);
      known.add(input.name);
      if (input.kind === 'select' && !input.options) {
        issues.push({
          path: ['inputs', i],
          target: 'key',
          code: 'SW_MISSING_KEY',
          detail: `The input "${input.name}" is a select but has no "options".`,
          fix: 'add "options:", a list of choices each with a label and a value.',
          edit: { insert: `options:\n  - label: Choice 1\n    value: ${input.default ?? 1}\n  - label: Choice 2\n    value: ${(input.default ?? 1) + 1}` },
        });
      }
    });
    props.results.forEach((result, i) => {
      try {
        const tree = parseExpression(result.formula);
        for (const v of variablesOf(tree)) {
          if (!known.has(v.name)) {
            issues.push({
              path: ['results', i, 'formula'],
              code: 'SW_FORMULA_UNKNOWN_NAME',

              detail: `"${v.name}" is not an input, nor a result named above this one.`,
              fix: choices(v.name, [...known]),
              offset: v.at,
              span: v.name.length,
              ...(closest(v.name, known) && { edit: { replace: closest(v.name, known) as string } }),
            });
          }
        }
      } catch (error) {
        if (!(error instanceof ExpressionError)) throw error;
        issues.push({
          path: ['results', i, 'formula'],
          code: 'SW_FORMULA_SYNTAX',

          detail: `In "${result.formula}": ${error.message}.`,
          fix:
            error.reason === 'unclosed'
              ? `add ")" where the bracket opened here should end, such as at the end: formula: ${yamlValue(`${result.formula})`)}`
              : 'write it like "2 * (length + width)": numbers, input names, + - * / ^, brackets and min(), max(), round().',
          offset: error.offset,
          ...(error.reason === 'unclosed' && { edit: { value: yamlValue(`${result.formula})`) } }),
        });
      }
      if (result.name) {
        if (seen.has(result.name)) {
          issues.push({
            path: ['results', i, 'name'],
            code: 'SW_DUPLICATE_NAME',
            detail: `Another input or result is already called "${result.name}".`,
            fix: `give every input and named result its own name, such as name: ${freeName(result.name, seen)}`,
            edit: { value: freeName(result.name, seen) },
          });
        }
        seen.add(result.name);
        known.add(result.name);
      }
    });
    return issues;
  },
});

/** "length" → "length2": a name not yet taken. */
function freeName(name: string, taken: Set<string>): string {
  for (let n = 2; ; n++) if (!taken.has(`${name}${n}`)) return `${name}${n}`;
}
