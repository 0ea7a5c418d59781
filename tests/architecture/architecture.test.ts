import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BLOCKS } from '../../blocks/registry.ts';
import { circles, importGraph } from './imports.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the house', () => {
  it('names no block type under runtime/: the runtime calls blocks through their contract only', () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'runtime'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f));
    const types = Object.keys(BLOCKS);
    const quoted = new RegExp(`(['"\`])(${types.map((t) => t.replace(/-/g, '\\-')).join('|')})\\1`, 'g');
    const hits: string[] = [];
    // Stripe's own vocabulary: a Checkout Session's mode is "payment" or "subscription".
    const providerWords = new Set(['runtime/payments/stripe-provider.ts', 'runtime/payments/stripe-provider.test.ts']);
    for (const file of files) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      if (providerWords.has(file)) continue;
      for (const m of source.matchAll(quoted)) hits.push(`${file}:${source.slice(0, m.index).split('\n').length}: ${m[0]}`);
      for (const m of source.matchAll(/from\s+['"](?:\.\.\/)+blocks\/([a-z-]+)\//g)) hits.push(`${file}: imports the ${m[1]} block's own module`);
    }
    expect(hits).toEqual([]);
  });

  it('has no import circle of more than three files (type-only imports counted)', () => {
    const groups = circles(importGraph(ROOT, ['runtime', 'blocks', 'schema', 'cli']));
    expect(groups.filter((g) => g.length > 3)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['d.ts']],
      ['d.ts', ['a.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'd.ts']]);
  });
});
