import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BLOCKS } from '../../blocks/registry.ts';
import { circles, importGraph, importsOf } from './imports.ts';
import { longFunctions, oversized } from './sizes.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = ['runtime', 'blocks', 'schema', 'cli', 'tests'];

/** The project's own source files under these folders (tests included), as git knows them. */
const sources = (folders: readonly string[]) =>
  execFileSync('git', ['ls-files', '-co', '--exclude-standard', ...folders], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && existsSync(join(ROOT, f)));

/** The block contract: the one module of blocks/ the kernel may import. */
const isContract = (file: string) => file === 'blocks/contract.ts' || file.startsWith('blocks/contract/');

describe('the house', () => {
  it('names no block type under runtime/: the runtime calls blocks through their contract only', () => {
    const files = sources(['runtime']);
    const types = Object.keys(BLOCKS);
    const quoted = new RegExp(`(['"\`])(${types.map((t) => t.replace(/-/g, '\\-')).join('|')})\\1`, 'g');
    const hits: string[] = [];
    // Stripe's own vocabulary: a Checkout Session's mode is "payment" or "subscription".
    const providerWords = new Set(['runtime/payments/stripe-provider.ts', 'runtime/payments/stripe-provider.test.ts']);
    for (const file of files) {
      if (providerWords.has(file)) continue;
      const source = readFileSync(join(ROOT, file), 'utf8');
      for (const m of source.matchAll(quoted)) hits.push(`${file}:${source.slice(0, m.index).split('\n').length}: ${m[0]}`);
    }
    expect(hits).toEqual([]);
  });

  it('runs one way: runtime/ imports nothing from blocks/ but the contract (type-only imports counted)', () => {
    const graph = importGraph(ROOT, ['runtime', 'blocks']);
    const wrong = [...graph].flatMap(([file, deps]) =>
      file.startsWith('runtime/') ? deps.filter((d) => d.startsWith('blocks/') && !isContract(d)).map((d) => `${file} → ${d}`) : [],
    );
    expect(wrong).toEqual([]);
  });

  it('never reaches the registry from runtime/, not even through schema/: entry points hand it in', () => {
    const graph = importGraph(ROOT, ['runtime', 'blocks', 'schema']);
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const dep of graph.get(file) ?? []) visit(dep);
    };
    for (const file of graph.keys()) if (file.startsWith('runtime/')) visit(file);
    expect(reached.has('blocks/registry.ts')).toBe(false);
  });

  it('keeps the contract free of the kernel: it imports runtime/ for types only', () => {
    const contract = sources(['blocks']).filter(isContract);
    expect(contract.length).toBeGreaterThan(0);
    const valueImports = contract.flatMap((file) =>
      importsOf(readFileSync(join(ROOT, file), 'utf8'))
        .filter((i) => !i.typeOnly && /(^|\/)runtime\//.test(i.from))
        .map((i) => `${file} imports ${i.from}`),
    );
    expect(valueImports).toEqual([]);
  });

  it('has no block that imports another block: what several blocks share is a kit under blocks/kits/', () => {
    const graph = importGraph(ROOT, ['blocks']);
    const folderOf = (file: string) => file.split('/')[1] ?? '';
    const shared = (file: string) => isContract(file) || file.startsWith('blocks/kits/') || file.split('/').length === 2;
    const wrong = [...graph].flatMap(([file, deps]) =>
      shared(file) ? [] : deps.filter((d) => !shared(d) && folderOf(d) !== folderOf(file)).map((d) => `${file} → ${d}`),
    );
    expect(wrong).toEqual([]);
  });

  it('has no import circle of more than two files (type-only imports counted)', () => {
    const groups = circles(importGraph(ROOT, ['runtime', 'blocks', 'schema', 'cli']));
    expect(groups.filter((g) => g.length > 2)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('keeps every source file within 400 lines and every function within 120, tests included', () => {
    expect(oversized(ROOT, sources(FOLDERS))).toEqual({ files: [], functions: [] });
  });

  it('measures a function from its first line to its closing brace', () => {
    const body = Array.from({ length: 118 }, (_, i) => `  const a${i} = ${i};`).join('\n');
    expect(longFunctions('a.ts', `function fits() {\n${body}\n}`)).toEqual([]);
    expect(longFunctions('a.ts', `const long = () => {\n${body}\n  return 1;\n};`)).toEqual(['a.ts:1 long: 121 lines']);
  });
});
