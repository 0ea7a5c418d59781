import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with a plain "N passed, N failed" line that any CI can read, after the files that
 * took longest (the run's wall time is bounded by them, so that is where to look when it grows).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
    }
    const longest = [...modules].sort((a, b) => b.diagnostic().duration - a.diagnostic().duration).slice(0, 12);
    const total = modules.reduce((sum, m) => sum + m.diagnostic().duration, 0);
    process.stdout.write(`\nLongest files (of ${modules.length}, ${(total / 1000).toFixed(0)} s in all):\n`);
    for (const m of longest)
      process.stdout.write(`  ${(m.diagnostic().duration / 1000).toFixed(0).padStart(5)} s  ${m.moduleId.replace(process.cwd() + '/', '')}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
