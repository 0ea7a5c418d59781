/**
 * Every golden fixture's fixes, applied literally: each problem's first suggestion, made as the
 * change to the file it describes, must make that problem go away and bring no new one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../runtime/config/load-site.ts';
import { readMedia } from '../runtime/config/media.ts';
import { applyEdits, type Problem } from '../runtime/config/problem.ts';

const DIR = fileURLToPath(new URL('./errors/', import.meta.url));
const cases = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

let media: Awaited<ReturnType<typeof readMedia>>;
beforeAll(async () => {
  media = await readMedia(`${DIR}media`);
});

/** Loaded as the golden test loads it, with tests/errors/media/ as the media folder (and a file the fix puts there). */
function load(source: string, prefix: string, upload?: string): Problem[] {
  const allowed = new Set([...media.allowed, ...(upload ? [upload] : [])]);
  return loadSite({ prefix, file: `sites/${prefix}/site.yaml`, source, media: allowed, facts: media.facts }).problems;
}

const count = (problems: Problem[]) => problems.reduce((m, p) => m.set(p.code, (m.get(p.code) ?? 0) + 1), new Map<string, number>());

describe('the fixes the golden fixtures suggest', () => {
  it.each(cases)('%s: each fix, applied as written, removes its problem and adds none', (name) => {
    const source = readFileSync(DIR + name, 'utf8');
    const prefix = /^# prefix: (\S+)/.exec(source)?.[1] ?? 'example';
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
