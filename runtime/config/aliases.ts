/**
 * YAML anchors and aliases (`&name`, `*name`) work, within bounds: an alias must have its anchor
 * above it, must not sit inside the part it repeats, and the document with every alias written
 * out must stay a reasonable size. Anything else is a problem at the alias, before the document
 * is turned into data (where it would loop forever or exhaust memory).
 */
import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, visit, type Document, type LineCounter, type Node, type Pair, type YAMLMap } from 'yaml';
import { removal } from './locate.ts';
import type { Edit, Problem } from './problem.ts';

/** How many values a site may hold once every alias is written out: far above any real site, far below a "billion laughs". */
export const MAX_EXPANDED_VALUES = 200_000;

export function aliasProblems(doc: Document, counter: LineCounter, file: string, source: string): Problem[] {
  const problems: Problem[] = [];
  /** Groups of keys, in the order of the file: where an alias without its anchor may have meant one. */
  const partsAbove: YAMLMap[] = [];
  visit(doc, {
    Map(_key, map) {
      partsAbove.push(map);
    },
  });
  const at = (node: Node, detail: string, fix: string, edits?: (Edit | undefined)[]) => {
    const [start, end] = node.range ?? [0, 1];
    const pos = counter.linePos(start);
    const changes = edits ?? [removal(source, counter, holders.get(node) ?? { node })];
    const ok = changes.length > 0 && changes.every((e) => e !== undefined);
    problems.push({
      code: 'SW_YAML_ALIAS',
      severity: 'error',
      file,
      line: pos.line,
      col: pos.col,
      length: Math.max(1, end - start),
      detail,
      fix,
      ...(ok && { edits: changes }),
    });
  };
  /** For each node, the entry that holds it: the key and value it is the value of, or its list item in a block list. */
  const holders = new Map<unknown, { node: unknown; pair?: Pair; parent?: unknown }>();
  /** The top-level entry each node is in. */
  const tops = new Map<unknown, { node: unknown; pair?: Pair; parent?: unknown }>();
  const hold = (node: unknown, path: readonly unknown[]) => {
    const direct = path[path.length - 1];
    if (isSeq(direct) && !direct.flow) holders.set(node, { node, parent: direct });
    else {
      const index = path.findLastIndex((n) => isPair(n));
      const pair = path[index] as Pair | undefined;
      if (pair && isMap(path[index - 1])) holders.set(node, { node: pair.value, pair, parent: path[index - 1] });
    }
    const top = path[2] as Pair | undefined;
    if (isPair(top) && isMap(path[1])) tops.set(node, { node: top.value, pair: top, parent: path[1] });
  };
  const aliases: { alias: Node & { source: string }; target: Node }[] = [];
  // What each alias names: the last anchor of that name above it. Found in the one walk that visits
  // nodes in the order of the file (yaml's own resolve walks the whole document for every alias).
  const anchors = new Map<string, Node>();
  const targets = new Map<unknown, Node>();
  const resolve = (alias: unknown): unknown => targets.get(alias);
  visit(doc, {
    Node(_key, node, path) {
      hold(node, path);
      if (!isAlias(node) && node.anchor) anchors.set(node.anchor, node);
    },
    Alias(_key, alias, path) {
      hold(alias, path);
      const target = anchors.get(alias.source);
      if (target) targets.set(alias, target);
      if (!target) {
        const { fix, edits } = missingAnchorFix(alias, partsAbove, counter, source);
        at(alias, `There is no anchor "&${alias.source}" above this alias, so there is nothing for "*${alias.source}" to repeat.`, fix, edits);
      } else if ((path as readonly unknown[]).includes(target))
        at(
          alias,
          `"*${alias.source}" is inside the part marked "&${alias.source}", so that part would contain itself forever.`,
          `remove this line, or use "*${alias.source}" somewhere outside the part it names.`,
        );
      else aliases.push({ alias, target: target });
    },
  });
  if (problems.length) return problems;

  const worst = runawayAlias(doc, aliases, resolve);
  if (worst) {
    at(
      worst.alias,
      `With every alias written out, this file would hold more than ${MAX_EXPANDED_VALUES.toLocaleString('en')} values: "*${worst.alias.source}" repeats a part that is itself made of repeats.`,
      'remove the parts that repeat repeats, or repeat only small parts such as one set of opening hours.',
      chainEdits(worst.alias, { doc, counter, source, tops, resolve }),
    );
  }
  return problems;
}

/** The fix for an alias without its anchor: mark the part above it is likely named after, else remove the alias. */
function missingAnchorFix(alias: Node & { source: string }, partsAbove: YAMLMap[], counter: LineCounter, source: string): { fix: string; edits?: Edit[] } {
  const edit = (from: number, to: number, text: string): Edit => {
    const a = counter.linePos(from);
    const b = counter.linePos(to);
    return { line: a.line, col: a.col, endLine: b.line, endCol: b.col, text };
  };
  // A part above of the kind the alias is named after ("*hero" and a hero block) is likely the one meant.
  const start = alias.range?.[0] ?? 0;
  const meant = partsAbove.find((p) => (p.range?.[0] ?? Infinity) < start && (p.get('type') === alias.source || p.get('name') === alias.source));
  const first = meant?.items[0]?.key as Node | undefined;
  const col = first?.range ? counter.linePos(first.range[0]).col : 0;
  const anchor = first?.range && col > 2 && /- $/.test(source.slice(first.range[0] - 2, first.range[0]));
  return {
    fix: anchor
      ? `mark the part to repeat with "&${alias.source}": write "- &${alias.source}" on line ${counter.linePos(first.range![0]).line}, with "${String((first as { value?: unknown }).value)}:" on the next line, or remove this line.`
      : `remove this line, or mark the part to repeat with "&${alias.source}" above it.`,
    edits: anchor ? [edit(first.range![0], first.range![0], `&${alias.source}\n${' '.repeat(col - 1)}`)] : undefined,
  };
}

/** The alias that repeats the most, when the file with every alias written out would be too large. */
function runawayAlias<A extends { target: Node }>(doc: Document, aliases: A[], resolve: (alias: unknown) => unknown): A | undefined {
  // Values once every alias is written out, counted once per node (so a bomb is measured, not expanded).
  const sizes = new Map<unknown, number>();
  const size = (node: unknown): number => {
    if (!node) return 0;
    const known = sizes.get(node);
    if (known !== undefined) return known;
    let n = 1;
    if (isAlias(node)) n = size(resolve(node));
    else if (isPair(node)) n = size(node.key) + size(node.value);
    else if (isCollection(node)) for (const item of node.items) n += size(item);
    else if (!isScalar(node)) n = 1;
    sizes.set(node, Math.min(n, Number.MAX_SAFE_INTEGER));
    return n;
  };
  if (!aliases.length || size(doc.contents) <= MAX_EXPANDED_VALUES) return undefined;
  return aliases.reduce((a, b) => (size(b.target) > size(a.target) ? b : a));
}

/** What chainEdits reads: the document, and the top-level entry each node is in. */
interface Walked {
  doc: Document;
  counter: LineCounter;
  source: string;
  /** The top-level entry each node is in. */
  tops: Map<unknown, { node: unknown; pair?: Pair; parent?: unknown }>;
  resolve: (alias: unknown) => unknown;
}

/** Removing the entries a runaway alias is built from: it, what it repeats, and what that repeats in turn. */
function chainEdits(from: Node, { doc, counter, source, tops, resolve }: Walked): Edit[] {
  const entries = new Set<Pair>();
  // Each node once: a bomb repeats the same few nodes a million times over.
  const seen = new Set<unknown>();
  const walk = (node: unknown, depth: number) => {
    if (depth > 50 || seen.has(node)) return;
    seen.add(node);
    const top = tops.get(node);
    if (top?.pair) entries.add(top.pair);
    if (isAlias(node)) walk(resolve(node), depth + 1);
    else if (isCollection(node)) for (const item of node.items) walk(isPair(item) ? item.value : item, depth + 1);
  };
  walk(from, 0);
  return [...entries].map((pair) => removal(source, counter, { node: pair.value, pair, parent: doc.contents })).filter((e): e is Edit => e !== undefined);
}
