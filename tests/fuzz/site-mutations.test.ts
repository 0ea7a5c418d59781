/**
 * 1,000 seeded mutations of the fleet's own files through the loader: every result is a site or
 * problems with a place inside the file, never an exception, a loader fault or a stack trace.
 * A failing case is printed with its seed, site and mutations, to be run again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../runtime/config/load-site.ts';
import { formatProblem } from '../../runtime/config/problem.ts';
import { mutate, seeded } from './mutate.ts';

const SITES = fileURLToPath(new URL('../../sites/', import.meta.url));
const prefixes = readdirSync(SITES).sort();
const CASES = 1000;

describe('mutated site files', () => {
  it(`never crash the loader, and every problem has a place (${CASES} cases)`, () => {
    const failures: string[] = [];
    const tally = { sites: 0, refused: 0, problems: 0, slowestMs: 0 };
    for (let seed = 1; seed <= CASES; seed++) {
      const random = seeded(seed);
      const prefix = prefixes[Math.floor(random() * prefixes.length)] as string;
      const { source, names } = mutate(readFileSync(`${SITES}${prefix}/site.yaml`, 'utf8'), random);
      const label = `seed ${seed}, ${prefix}, ${names.join(' + ')}`;
      const started = performance.now();
      let result;
      try {
        result = loadSite({ prefix, file: `sites/${prefix}/site.yaml`, source, media: new Set() });
      } catch (error) {
        failures.push(`${label}: threw ${String(error)}`);
        continue;
      }
      tally.slowestMs = Math.max(tally.slowestMs, performance.now() - started);
      if (result.site) tally.sites++;
      else tally.refused++;
      const lines = source.split(/\r?\n/).length;
      for (const problem of result.problems) {
        tally.problems++;
        const text = formatProblem(problem, source);
        if (problem.code === 'SW_LOAD_FAILED') failures.push(`${label}: ${problem.detail}`);
        else if (problem.line < 1 || problem.line > lines + 1 || problem.col < 1) failures.push(`${label}: no place inside the file: ${text.split('\n')[0]}`);
        else if (/\bat .*\.(ts|js):\d+|call stack|TypeError|ReferenceError|undefined\.|Cannot read propert/i.test(text))
          failures.push(`${label}: internal words in the message: ${text.split('\n').slice(0, 2).join(' / ')}`);
      }
    }
    console.log(
      `${CASES} mutated files: ${tally.sites} still load, ${tally.refused} refused with ${tally.problems} problems; slowest ${Math.round(tally.slowestMs)} ms; ${failures.length} failures`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
  }, 600_000);
});
