/**
 * Every golden fixture's fixes, applied literally: each problem's first suggestion, made as the
 * change to the file it describes, must make that problem go away (not move it to a line beside
 * it) and bring no new one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { applyEdits, type Edit, type Problem } from '../runtime/config/problem.ts';
import { errorCases as cases, loadCase, readCase, readErrorMedia, type Media } from './helpers/error-fixtures.ts';

let media: Media;
beforeAll(async () => {
  media = await readErrorMedia();
});

const load = (source: string, prefix: string, upload?: string): Problem[] => loadCase(source, prefix, media, upload).problems;

const count = (problems: Problem[]) => problems.reduce((m, p) => m.set(p.code, (m.get(p.code) ?? 0) + 1), new Map<string, number>());

/** Where a line of the file is once the edits are made: moved by the lines that edits above it add or take away. */
const moved = (line: number, edits: readonly Edit[]) =>
  edits.filter((e) => e.endLine < line).reduce((n, e) => n + e.text.split('\n').length - 1 - (e.endLine - e.line), line);

describe('the fixes the golden fixtures suggest', () => {
  it.each(cases)('%s: each fix, applied as written, removes its problem and adds none', (name) => {
    const { source, prefix } = readCase(name);
    const before = load(source, prefix);
    for (const problem of before) {
      const where = `${problem.code} at ${problem.line}:${problem.col} (Fix: ${problem.fix})`;
      expect(problem.edits ?? problem.rename ?? problem.upload, `${where} has no fix that can be applied as written`).toBeDefined();
      const after = problem.rename ? load(source, problem.rename) : load(problem.edits ? applyEdits(source, problem.edits) : source, prefix, problem.upload);
      const was = count(before);
      const now = count(after);
      expect(now.get(problem.code) ?? 0, `${where} is still there after its fix`).toBeLessThan(was.get(problem.code) ?? 0);
      // Not moved to the next line either: a fix that mends the wrong line leaves the same mistake where it was.
      const line = moved(problem.line, problem.edits ?? []);
      const others = before.filter((b) => b !== problem && b.code === problem.code).map((b) => moved(b.line, problem.edits ?? []));
      const same = after.find((p) => p.code === problem.code && Math.abs(p.line - line) <= 1 && !others.includes(p.line));
      expect(same, `${where} comes back at line ${same?.line}: ${same?.detail}`).toBeUndefined();
      for (const [code, n] of now) {
        expect(n, `${where}: the fix brought ${code}: ${after.find((p) => p.code === code)?.detail}`).toBeLessThanOrEqual(was.get(code) ?? 0);
      }
    }
  });
});
