/**
 * Every golden fixture's fixes, applied literally: each problem's first suggestion, made as the
 * change to the file it describes, must make that problem go away and bring no new one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { applyEdits, type Problem } from '../runtime/config/problem.ts';
import { errorCases as cases, loadCase, readCase, readErrorMedia, type Media } from './helpers/error-fixtures.ts';

let media: Media;
beforeAll(async () => {
  media = await readErrorMedia();
});

const load = (source: string, prefix: string, upload?: string): Problem[] => loadCase(source, prefix, media, upload).problems;

const count = (problems: Problem[]) => problems.reduce((m, p) => m.set(p.code, (m.get(p.code) ?? 0) + 1), new Map<string, number>());

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
      for (const [code, n] of now) {
        expect(n, `${where}: the fix brought ${code}: ${after.find((p) => p.code === code)?.detail}`).toBeLessThanOrEqual(was.get(code) ?? 0);
      }
    }
  });
});
