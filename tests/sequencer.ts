import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take minutes, started first, in this order (a path, or a folder ending in "/").
 * Vitest orders files by their last duration, but a fresh clone (CI) has none and it falls back
 * to file size: the axe run over every page template is a short file, and started last it would
 * add its minutes to the end of the run instead of overlapping everything else. The fuzz runs
 * (half a minute to two minutes each) go first on the other worker.
 */
const LONGEST = ['tests/quality/accessibility.test.ts', 'tests/fuzz/'];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = LONGEST.findIndex((path) => (path.endsWith('/') ? spec.moduleId.includes(`/${path}`) : spec.moduleId.endsWith(`/${path}`)));
      return i === -1 ? LONGEST.length : i;
    };
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
