/**
 * The import graph of the project's own modules (type-only imports included, tests left out),
 * and its strongly connected parts: every import circle lies inside one of them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const IMPORT = /^\s*(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/gm;

export function importGraph(root: string, folders: string[]): Map<string, string[]> {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', ...folders.map((f) => `${f}/**.ts`), ...folders.map((f) => `${f}/**.tsx`)], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && !/\.test\.tsx?$/.test(f) && existsSync(join(root, f)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    const deps = [...source.matchAll(IMPORT)].map((m) => relative(root, resolve(root, dirname(file), (m[1] ?? m[2]) as string)));
    graph.set(file, [...new Set(deps.filter((d) => known.has(d)))]);
  }
  return graph;
}

/** Tarjan's algorithm: the groups of files that reach each other, largest first (groups of one left out). */
export function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => b.length - a.length);
}

const STATEMENT = /^\s*(import|export)\s+(type\s+)?([^'";]*?)from\s+['"]([^'"]+)['"]/gm;

/** A module's static imports and re-exports: where from, and whether they bring types only. */
export function importsOf(source: string): { from: string; typeOnly: boolean }[] {
  return [...source.matchAll(STATEMENT)].map((m) => {
    const names = (m[3] ?? '').trim();
    // `import { type A, type B } from` brings types only too; `import { type A, b }` does not.
    const listed = /^\{([^}]*)\}$/.exec(names)?.[1];
    const allTyped = listed !== undefined && listed.split(',').every((n) => !n.trim() || n.trim().startsWith('type '));
    return { from: m[4] as string, typeOnly: Boolean(m[2]) || allTyped };
  });
}
