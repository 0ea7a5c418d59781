/**
 * 1,000 seeded mutations of the fleet's own files, each saved into one site of a running server
 * and reloaded. The reload reads the file with the loader `sitewright validate` uses, so one run
 * checks both: every result is a site or problems with a place inside the file (never an
 * exception, a loader fault or a stack trace), the reload never throws, the other site always
 * serves, and the mutated site always answers its home page (its new version, or the last good
 * one) without a server error. A failing case is printed with its seed, site and mutations.
 */
import { cp, mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../runtime/config/problem.ts';
import { loadFleet, loadSiteFolder } from '../../runtime/fleet.ts';
import { buildApp } from '../../runtime/server/app.ts';
import { Reloader } from '../../runtime/server/reload.ts';
import { mutate, seeded } from './mutate.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const SITES = fileURLToPath(new URL('../../sites/', import.meta.url));
const ALPHA = fileURLToPath(new URL('../fixtures/fleet/alpha/', import.meta.url));
const CASES = 1000;
const INTERNAL_WORDS = /\bat .*\.(ts|js):\d+|call stack|TypeError|ReferenceError|undefined\.|Cannot read propert/i;

describe('mutated site files saved into a running server', () => {
  it(`never crash the loader, always have a place, never take a site down (${CASES} cases)`, async () => {
    const prefixes = (await readdir(SITES)).sort();
    const dir = await mkdtemp(join(tmpdir(), 'sitewright-mutations-'));
    await cp(ALPHA, join(dir, 'alpha'), { recursive: true });
    await mkdir(join(dir, 'victim'));
    await writeFile(join(dir, 'victim', 'site.yaml'), await readFile(join(SITES, 'brightsmile', 'site.yaml')));
    const reloads = new Reloader(
      { current: await loadFleet(dir, BLOCKS) },
      { keepLastGood: true, load: (sitesDir, prefix) => loadSiteFolder(sitesDir, prefix, BLOCKS) },
    );
    const app = await buildApp({ blocks: BLOCKS, fleet: reloads.holder.current, origin: 'https://sites.example.com', reloads });
    const failures: string[] = [];
    const tally = { updated: 0, kept: 0, problems: 0, slowestMs: 0 };
    for (let seed = 1; seed <= CASES; seed++) {
      const random = seeded(seed);
      const prefix = prefixes[Math.floor(random() * prefixes.length)] as string;
      const { source, names } = mutate(await readFile(join(SITES, prefix, 'site.yaml'), 'utf8'), random);
      const label = `seed ${seed}, ${prefix}, ${names.join(' + ')}`;
      await writeFile(join(dir, 'victim', 'site.yaml'), source);
      let outcome;
      try {
        outcome = await reloads.reloadSite('victim');
      } catch (error) {
        failures.push(`${label}: reload threw ${String(error)}`);
        continue;
      }
      tally.slowestMs = Math.max(tally.slowestMs, outcome.ms);
      if (outcome.status === 'updated') tally.updated++;
      else tally.kept++;
      const lines = source.split(/\r?\n/).length;
      for (const problem of outcome.result.problems) {
        tally.problems++;
        const text = formatProblem(problem, source);
        if (problem.code === 'SW_LOAD_FAILED') failures.push(`${label}: ${problem.detail}`);
        else if (problem.line < 1 || problem.line > lines + 1 || problem.col < 1) failures.push(`${label}: no place inside the file: ${text.split('\n')[0]}`);
        else if (INTERNAL_WORDS.test(text)) failures.push(`${label}: internal words in the message: ${text.split('\n').slice(0, 2).join(' / ')}`);
      }
      const [alpha, victim] = await Promise.all([app.inject('/alpha'), app.inject('/victim')]);
      if (alpha.statusCode !== 200) failures.push(`${label}: /alpha answered ${alpha.statusCode}`);
      if (victim.statusCode !== 200) failures.push(`${label}: /victim answered ${victim.statusCode}`);
    }
    await app.close();
    console.log(
      `${CASES} mutated files: ${tally.updated} loaded and served, ${tally.kept} refused with ${tally.problems} problems (last good version kept); ` +
        `slowest load ${Math.round(tally.slowestMs)} ms; ${failures.length} failures`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
  }, 900_000);
});
