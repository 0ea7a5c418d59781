/**
 * npm run bench (cli) — how long the sitewright command takes to start and answer, as an author
 * starts it from another folder (the system's temporary folder): `--help`, and `validate` of one
 * site of sites/. The compiled command, as installed (built first when out of date). The median of
 * ten runs of each, wall-clock time from starting the process to its exit, beside its target, and
 * the median CPU time the process used (what a busy machine does not change). Printed, never asserted.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build, isCurrent } from '../../cli/compiled.mjs';

const LAUNCHER = fileURLToPath(new URL('../../cli/sitewright.mjs', import.meta.url));
const SITES = process.env.SITES_DIR ?? fileURLToPath(new URL('../../sites', import.meta.url));
const RUNS = 10;
/** The environment an author runs the command in: without the NODE_ENV=production npm run bench sets for the other benches. */
const { NODE_ENV: _bench, ...AUTHOR_ENV } = process.env;
/** Given to the measured process by the bench alone: it prints its CPU time (µs) on stderr as it exits. */
const CPU_REPORT = `data:text/javascript,${encodeURIComponent(
  `process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write('\\ncpu-us ' + (u.user + u.system) + '\\n'); });`,
)}`;

const site = readdirSync(SITES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
  .map((entry) => entry.name)
  .sort()[0];
if (!site) throw new Error(`no site in ${SITES}`);
if (!isCurrent()) await build({ quiet: true });

/** Seconds from starting `sitewright <args>` in the temporary folder to its exit, and the seconds of CPU it used; a failed command stops the bench. */
function once(args: string[]): { wall: number; cpu: number } {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', CPU_REPORT, LAUNCHER, ...args], { cwd: tmpdir(), env: AUTHOR_ENV, encoding: 'utf8' });
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`sitewright ${args.join(' ')} exited with ${result.status ?? result.signal}:\n${result.stderr}`);
  const cpu = Number(/cpu-us (\d+)/.exec(result.stderr)?.[1]) / 1e6;
  return { wall, cpu };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

for (const [label, args, target] of [
  ['--help', ['--help'], 0.3],
  [`validate ${site}`, ['validate', site, '--sites', SITES], 1],
] as const) {
  // Once without measuring, so the files are in the system's cache as they are for an author's second run.
  once([...args]);
  const runs = Array.from({ length: RUNS }, () => once([...args]));
  const seconds = median(runs.map((r) => r.wall));
  const cpu = median(runs.map((r) => r.cpu));
  console.log(
    `cli: sitewright ${label} from another folder: ${seconds.toFixed(2)} s, median of ${RUNS} (target ≤ ${target} s${seconds <= target ? '' : ', OVER'}); ${cpu.toFixed(2)} s of CPU`,
  );
}
