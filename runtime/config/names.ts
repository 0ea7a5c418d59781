import { isDeepStrictEqual } from 'node:util';
import type { BlockRegistry } from '../render/context.tsx';
import { blocksIn } from './blocks-in.ts';
import { describeObject } from './describe.ts';
import type { PendingProblem } from './problem.ts';

type Path = (string | number)[];

/**
 * Blocks that name themselves in their site (a form's name) under a name another block of their
 * type already has: a problem at the second, saying where the first is. The same block written
 * twice alike (one form shown on two pages) is one block, and no problem.
 */
export function nameClashes(root: unknown, registry: BlockRegistry, usable: (path: Path) => boolean, lineOf: (path: Path) => number): PendingProblem[] {
  const named: { type: string; name: string; path: Path; props: Record<string, unknown> }[] = [];
  for (const { block, path } of blocksIn(root)) {
    const by = registry[block.type as string]?.namedBy;
    const name = by ? block[by.key] : undefined;
    if (!by || typeof name !== 'string' || !usable(path)) continue;
    // An anchor id is where a link lands on one page, not part of what the block is.
    const { type, id: _id, ...props } = block;
    named.push({ type: type as string, name, path, props });
  }
  const taken = new Set(named.map((n) => `${n.type}\n${n.name}`));
  const first = new Map<string, (typeof named)[number]>();
  const problems: PendingProblem[] = [];
  for (const one of named) {
    const key = `${one.type}\n${one.name}`;
    const earlier = first.get(key);
    if (!earlier) {
      first.set(key, one);
      continue;
    }
    if (isDeepStrictEqual(earlier.props, one.props)) continue;
    const definition = registry[one.type];
    const by = definition?.namedBy;
    if (!definition || !by) continue;
    let n = 2;
    while (taken.has(`${one.type}\n${one.name}-${n}`)) n++;
    const free = `${one.name}-${n}`;
    taken.add(`${one.type}\n${free}`);
    const what = definition.title.toLowerCase();
    problems.push({
      code: 'SW_DUPLICATE_NAME',
      path: [...one.path, by.key],
      target: 'value',
      detail: `Another ${what} in this site is already called "${one.name}" (${describeObject(root, earlier.path)}, line ${lineOf([...earlier.path, by.key])}): ${by.why}.`,
      fix: `give this one a name of its own: ${by.key}: ${free} (to show one ${what} on two pages, write both exactly alike).`,
      edit: { value: free },
    });
  }
  return problems;
}
