import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clipRuns, sizeProblem } from './budget.ts';
import { loadSite } from './load-site.ts';
import { formatProblem } from './problem.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const BASE = readFileSync(new URL('../../sites/brightsmile/site.yaml', import.meta.url), 'utf8');
const SMALL =
  'schemaVersion: 1\nsite:\n  name: Deep\n  kind: personal\n  description: A site.\ntheme:\n  colors:\n    primary: "#0b5f73"\nnavigation:\n  - label: Home\n    href: /\npages:\n  - path: /\n    title: Home\n    blocks:\n      - type: hero\n        heading: Hi\n';
const load = (source: string) => loadSite({ blocks: BLOCKS, prefix: 'brightsmile', file: 'sites/brightsmile/site.yaml', source, media: new Set() });

/** The hostile documents of the budget, each as the loader must answer it: the code, and never more than a line of the value. */
const HOSTILE: [string, string, string][] = [
  ['a 1 MB block type', BASE.replace('- type: hero', `- type: ${'x'.repeat(1 << 20)}`), 'SW_SITE_TOO_LARGE'],
  ['a 400 KB block type', BASE.replace('- type: hero', `- type: ${'x'.repeat(400_000)}`), 'SW_VALUE_TOO_LONG'],
  ['a 400 KB kind', BASE.replace(/kind: \w+/, `kind: ${'y'.repeat(400_000)}`), 'SW_VALUE_TOO_LONG'],
  ['a 400 KB key', BASE.replace('pages:', `? ${'z'.repeat(400_000)}\n: 1\npages:`), 'SW_KEY_TOO_LONG'],
  ['a 400 KB key written plainly', BASE.replace('pages:', `${'z'.repeat(400_000)}: 1\npages:`), 'SW_YAML_SYNTAX'],
  ['a 400 KB tagline', BASE.replace(/\n {2}tagline: .*\n/, `\n  tagline: ${'t '.repeat(200_000)}\n`), 'SW_OUT_OF_RANGE'],
  ['a 400 KB flow list', BASE.replace('pages:', `extra: [${Array.from({ length: 200_000 }, () => 1).join(',')}]\npages:`), 'SW_SITE_TOO_LARGE'],
  ['a 40 KB flow list', BASE.replace('pages:', `extra: [${Array.from({ length: 20_000 }, () => 1).join(',')}]\npages:`), 'SW_UNKNOWN_KEY'],
  [
    'a 1 KB anchor aliased 1,000 times',
    BASE.replace('pages:', `anchor: &a "${'a'.repeat(1024)}"\nuses: [${Array(1000).fill('*a').join(', ')}]\npages:`),
    'SW_UNKNOWN_KEY',
  ],
  ['1,000-deep block nesting', `${SMALL}deep:\n${Array.from({ length: 1000 }, (_, i) => `${' '.repeat(i + 1)}k:`).join('\n')}\n`, 'SW_TOO_DEEP'],
  ['40-deep block nesting', `${SMALL}deep:\n${Array.from({ length: 40 }, (_, i) => `${' '.repeat(i + 1)}k:`).join('\n')} v\n`, 'SW_TOO_DEEP'],
  ['1,000-deep flow nesting', `${SMALL}deep: ${'['.repeat(1000)}${']'.repeat(1000)}\n`, 'SW_TOO_DEEP'],
  ['a !!binary tag', SMALL.replace('description: A site.', 'description: !!binary aGVsbG8='), 'SW_YAML_TAG'],
  ['a !!python/object/apply tag', SMALL.replace('name: Deep', 'name: !!python/object/apply:os.system ["ls"]'), 'SW_YAML_TAG'],
  ['a local tag', SMALL.replace('name: Deep', 'name: !thing Deep'), 'SW_YAML_TAG'],
];

describe('the budget of a site document', () => {
  it.each(HOSTILE)('refuses %s at its line, quoting at most a line of it', (_name, source, code) => {
    const result = load(source);
    expect(result.site).toBeUndefined();
    expect(result.problems.map((p) => p.code)).toContain(code);
    for (const problem of result.problems) {
      expect(problem.line).toBeGreaterThan(0);
      expect(problem.detail.length + problem.fix.length).toBeLessThan(1000);
      for (const line of formatProblem(problem, source).split('\n')) expect(line.length).toBeLessThan(400);
    }
  });

  it('puts the size problem at the line where the limit is passed, and counts bytes, not characters', () => {
    const source = `a: 1\nb: ${'é'.repeat(20)}\nc: 3\n`;
    const problem = sizeProblem(source, 'f', 20);
    // Line 2 holds "b: " and six two-byte letters within the 20 bytes: the seventh passes the limit.
    expect(problem).toMatchObject({ code: 'SW_SITE_TOO_LARGE', line: 2, col: 10 });
    expect(problem?.detail).toBe('site.yaml is 54 bytes; a site document can be at most 20 bytes, and this line is past that.');
    expect(sizeProblem(source, 'f', 1000)).toBeUndefined();
  });

  it('reads SITE_MAX_BYTES', () => {
    const before = process.env.SITE_MAX_BYTES;
    process.env.SITE_MAX_BYTES = '100';
    try {
      expect(load(BASE).problems.map((p) => p.code)).toEqual(['SW_SITE_TOO_LARGE']);
    } finally {
      if (before === undefined) delete process.env.SITE_MAX_BYTES;
      else process.env.SITE_MAX_BYTES = before;
    }
  });

  it('cuts a run without spaces to its start in any message', () => {
    expect(clipRuns(`called "${'q'.repeat(500)}" here`)).toBe(`called "${'q'.repeat(40)}… (500 characters)" here`);
    expect(clipRuns('short words stay as they are')).toBe('short words stay as they are');
  });

  it('still loads a sound site with anchors, tags of the core schema and ordinary nesting', () => {
    const source = SMALL.replace('name: Deep', 'name: !!str Deep')
      .replace('description: A site.', 'description: &d A site.')
      .replace('heading: Hi', 'heading: *d');
    const result = load(source);
    expect(result.problems).toEqual([]);
    expect(result.site?.data.site.name).toBe('Deep');
  });
});
