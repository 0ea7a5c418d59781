/**
 * Seeded mutations of site files, of the kinds a person (or an attacker) makes: lines deleted,
 * swapped or re-indented, tabs, odd characters, truncation, huge values, deep nesting, alias
 * bombs, merge keys, tags, lists and maps swapped, keys of Object's prototype.
 */
export type Random = () => number;

/** Mulberry32: a small seeded generator, so a failing case can be run again by its seed. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const ODD = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e',
  '\ufeff',
  '\u0085',
  '\u2028',
  '😀',
  'é',
  '\u0007',
  '\r',
  '"',
  "'",
  ':',
  '#',
  '&',
  '*',
  '!',
  '%',
  '@',
  '`',
  '{',
  '[',
  ']',
  '}',
  '|',
  '>',
  '-',
  '? ',
];
const PROTO = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'];

const MUTATIONS: Record<string, (lines: string[], random: Random) => string[]> = {
  deleteLine: (lines, r) => lines.filter((_, i) => i !== Math.floor(r() * lines.length)),
  swapLines: (lines, r) => {
    const out = [...lines];
    const i = Math.floor(r() * out.length);
    const j = Math.min(out.length - 1, i + 1 + Math.floor(r() * 3));
    [out[i], out[j]] = [out[j] as string, out[i] as string];
    return out;
  },
  reindent: (lines, r) => lines.map((l, i) => (i === Math.floor(r() * lines.length) ? (r() < 0.5 ? `  ${l}` : l.replace(/^ {1,2}/, '')) : l)),
  tab: (lines, r) => lines.map((l, i) => (i === Math.floor(r() * lines.length) ? l.replace(/^ {2}/, '\t') : l)),
  oddCharacter: (lines, r) => {
    const i = Math.floor(r() * lines.length);
    const line = lines[i] ?? '';
    const at = Math.floor(r() * (line.length + 1));
    return lines.map((l, k) => (k === i ? `${line.slice(0, at)}${pick(r, ODD)}${line.slice(at)}` : l));
  },
  truncate: (lines, r) =>
    lines
      .join('\n')
      .slice(0, Math.floor(r() * lines.join('\n').length))
      .split('\n'),
  hugeValue: (lines, r) => {
    const i = lines.findIndex((l, k) => k >= Math.floor(r() * lines.length) && /: \S/.test(l));
    return i < 0
      ? lines
      : lines.map((l, k) => (k === i ? l.replace(/: .*/, `: ${pick(r, ['a', 'ab ', '{', '"', 'ä', '- ']).repeat(20_000 + Math.floor(r() * 200_000))}`) : l));
  },
  deepFlow: (lines, r) => [...lines, `deep: ${'['.repeat(200 + Math.floor(r() * 5000))}${r() < 0.5 ? ']'.repeat(100) : ''}`],
  deepBlock: (lines, r) => [...lines, ...Array.from({ length: 50 + Math.floor(r() * 400) }, (_, d) => `${' '.repeat(d * 2)}k${d}:`)],
  aliasBomb: (lines) => [
    ...lines,
    'a: &a [x, x, x, x, x, x, x, x, x]',
    'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
    'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
    'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
    'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
    'f: [*e, *e, *e, *e, *e, *e, *e, *e, *e]',
  ],
  mergeKey: (lines, r) => {
    const i = lines.findIndex((l, k) => k >= Math.floor(r() * lines.length) && /^\s+- \w+:/.test(l));
    if (i < 0) return lines;
    const indent = (/^(\s*)- /.exec(lines[i] as string)?.[1] ?? '') + '  ';
    return [...lines.slice(0, i + 1), `${indent}<<: *${pick(r, ['missing', 'home', 'a'])}`, ...lines.slice(i + 1)];
  },
  selfAlias: (lines, r) => {
    const i = lines.findIndex((l, k) => k >= Math.floor(r() * lines.length) && /^\s+- \w+:/.test(l));
    if (i < 0) return lines;
    const indent = (/^(\s*)- /.exec(lines[i] as string)?.[1] ?? '') + '  ';
    return [...lines.slice(0, i), (lines[i] as string).replace('- ', '- &loop '), `${indent}again: *loop`, ...lines.slice(i + 1)];
  },
  tag: (lines, r) =>
    lines.map((l, i) =>
      i === Math.floor(r() * lines.length)
        ? l.replace(/: (\S)/, `: ${pick(r, ['!!binary', '!!js/function', '!custom', '!!set', '!!omap', '!!timestamp', '!!float'])} $1`)
        : l,
    ),
  listMapSwap: (lines, r) =>
    lines.map((l, i) => (i === Math.floor(r() * lines.length) ? (/^\s*- /.test(l) ? l.replace('- ', '  ') : l.replace(/^(\s*)(\w+):/, '$1- $2:')) : l)),
  protoKey: (lines, r) => lines.map((l, i) => (i === Math.floor(r() * lines.length) ? l.replace(/^(\s*(?:- )?)(\w+):/, `$1${pick(r, PROTO)}:`) : l)),
  protoValue: (lines, r) => lines.map((l, i) => (i === Math.floor(r() * lines.length) ? l.replace(/: \S.*$/, `: ${pick(r, PROTO)}`) : l)),
  duplicateKey: (lines, r) => {
    const i = Math.floor(r() * lines.length);
    return [...lines.slice(0, i + 1), lines[i] as string, ...lines.slice(i + 1)];
  },
};

export const MUTATION_NAMES = Object.keys(MUTATIONS);

/** One to three mutations of a source; the names say what was done, for the failure message. */
export function mutate(source: string, random: Random): { source: string; names: string[] } {
  let lines = source.split('\n');
  const names: string[] = [];
  for (let n = 1 + Math.floor(random() * 3); n > 0; n--) {
    const name = pick(random, MUTATION_NAMES);
    lines = (MUTATIONS[name] as (l: string[], r: Random) => string[])(lines, random);
    names.push(name);
  }
  return { source: lines.join('\n'), names };
}
