/**
 * YAML anchors and aliases (`&name`, `*name`) work, within bounds: an alias must have its anchor
 * above it, must not sit inside the part it repeats, and the document with every alias written
 * out must stay a reasonable size. Anything else is a problem at the alias, before the document
 * is turned into data (where it would loop forever or exhaust memory).
 */
import { isAlias, isCollection, isPair, isScalar, visit, type Document, type LineCounter, type Node } from 'yaml';
import type { Problem } from './problem.ts';

/** How many values a site may hold once every alias is written out: far above any real site, far below a "billion laughs". */
export const MAX_EXPANDED_VALUES = 200_000;

export function aliasProblems(doc: Document, counter: LineCounter, file: string): Problem[] {
  const problems: Problem[] = [];
  const at = (node: Node, detail: string, fix: string) => {
    const [start, end] = node.range ?? [0, 1];
    const pos = counter.linePos(start);
    problems.push({ code: 'SW_YAML_ALIAS', severity: 'error', file, line: pos.line, col: pos.col, length: Math.max(1, end - start), detail, fix });
  };
  const aliases: { alias: Node & { source: string }; target: Node }[] = [];
  visit(doc, {
    Alias(_key, alias, path) {
      const target = alias.resolve(doc);
      if (!target)
        at(
          alias,
          `There is no anchor "&${alias.source}" above this alias, so there is nothing for "*${alias.source}" to repeat.`,
          `mark the part to repeat with "&${alias.source}" above this line, or write the values out here.`,
        );
      else if ((path as readonly unknown[]).includes(target))
        at(
          alias,
          `"*${alias.source}" is inside the part marked "&${alias.source}", so that part would contain itself forever.`,
          `repeat "&${alias.source}" somewhere outside it, or write the values out.`,
        );
      else aliases.push({ alias, target: target });
    },
  });
  if (problems.length) return problems;

  // Values once every alias is written out, counted once per node (so a bomb is measured, not expanded).
  const sizes = new Map<unknown, number>();
  const size = (node: unknown): number => {
    if (!node) return 0;
    const known = sizes.get(node);
    if (known !== undefined) return known;
    let n = 1;
    if (isAlias(node)) n = size(node.resolve(doc));
    else if (isPair(node)) n = size(node.key) + size(node.value);
    else if (isCollection(node)) for (const item of node.items) n += size(item);
    else if (!isScalar(node)) n = 1;
    sizes.set(node, Math.min(n, Number.MAX_SAFE_INTEGER));
    return n;
  };
  if (size(doc.contents) > MAX_EXPANDED_VALUES) {
    const worst = aliases.reduce((a, b) => (size(b.target) > size(a.target) ? b : a));
    at(
      worst.alias,
      `With every alias written out, this file would hold more than ${MAX_EXPANDED_VALUES.toLocaleString('en')} values: "*${worst.alias.source}" repeats a part that is itself made of repeats.`,
      'write the repeated parts out, or repeat only small parts such as one set of opening hours.',
    );
  }
  return problems;
}
