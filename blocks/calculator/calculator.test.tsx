import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { calculator } from './index.ts';
import { computeResults } from './compute.ts';
import { evaluate, parseExpression } from './expression.ts';

const exampleYaml = stringify([{ type: 'calculator', ...calculator.example }]);

describe('formula language', () => {
  const cases: [string, Record<string, number>, number][] = [
    ['1 + 2 * 3', {}, 7],
    ['(1 + 2) * 3', {}, 9],
    ['2 ^ 3 ^ 2', {}, 512],
    ['-2 ^ 2', {}, 4],
    ['10 % 4', {}, 2],
    ['a > 3 ? a * 2 : a', { a: 5 }, 10],
    ['a > 3 ? a * 2 : a', { a: 1 }, 1],
    ['round(2.345, 2)', {}, 2.35],
    ['round(1234, -2)', {}, 1200],
    ['max(a, b, 3)', { a: 1, b: 2 }, 3],
    ['a >= 1 && b == 2', { a: 1, b: 2 }, 1],
    ['!a || 0', { a: 0 }, 1],
  ];
  it.each(cases)('%s = %d', (formula, vars, expected) => {
    expect(evaluate(parseExpression(formula), vars)).toBeCloseTo(expected);
  });

  it('cannot reach anything but its variables', () => {
    expect(evaluate(parseExpression('constructor + toString'), {})).toBeNaN();
    expect(() => parseExpression('process.exit(1)')).toThrow(/cannot be used/);
    expect(() => parseExpression('alert(1)')).toThrow(/no function called "alert"/);
  });

  it('reports where a formula goes wrong', () => {
    expect(() => parseExpression('2 * (3 + 4')).toThrow(/bracket opened here is never closed/);
    expect(() => parseExpression('2 *')).toThrow(/ends too early/);
    expect(() => parseExpression('round()')).toThrow(/takes 1 to 2 values, not 0/);
  });
});

describe('calculator block', () => {
  it('computes results in order, later ones reading earlier named ones', () => {
    const { inputs, results } = calculator.example;
    expect(computeResults(inputs, results, { length: 40, width: 30, method: 42, backup: 0 })).toEqual([140, 5900]);
    expect(computeResults(inputs, results, { length: 40, width: 30, method: 42, backup: 1 })[1]).toBe(7000);
  });

  it('renders the first result on the server, inside a hydratable island', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(exampleYaml)), '/');
    expect(html).toContain('data-island="calculator"');
    expect(html).toContain('<output>$5,900</output>');
    expect(html).toContain('<script data-src="/assets/client/main.js">');
  });

  it('uses submitted values when a visitor without JavaScript presses Calculate', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(exampleYaml)), '/', { length: '50', width: '30', method: '95', backup: '1' });
    expect(html).toContain('<output>$16,400</output>');
  });

  it('points at an unknown name inside a formula', () => {
    const broken = exampleYaml.replace('formula: 2 * (length + width)', 'formula: 2 * (lenght + width)');
    const [problem] = problemsOf(siteWithBlocks(broken));
    expect(problem).toContain('SW_FORMULA_UNKNOWN_NAME');
    expect(problem).toContain('did you mean "length"?');
    expect(problem).toMatch(/\|\s+\^{6}$/m);
  });
});
