/**
 * npm run bench (instances) — one instance against two sharing PostgreSQL and Redis, each behind
 * the same round-robin proxy, on the same mix of pages (home, inner, item and form pages of
 * several sites), with wrk. On one machine the instances share its cores with the proxy, the
 * load and the database, so this shows what the sharing costs more than what a second machine
 * would add. Printed, never asserted.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { runServer, type Running } from '../helpers/cli-process.ts';
import { roundRobin } from '../helpers/round-robin.ts';

const run = promisify(execFile);
const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
const DATABASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MIX = [
  '/brightsmile',
  '/brightsmile/services',
  '/brightsmile/contact',
  '/guardianpest',
  '/guardianpest/alder-county/carver-falls',
  '/cedarvillegov',
  '/lockedin',
];

const schema = `sw_bench_${randomBytes(4).toString('hex')}`;
const secret = randomBytes(24).toString('hex');
const script = join(await mkdtemp(join(tmpdir(), 'sitewright-mix-')), 'mix.lua');
await writeFile(
  script,
  `local paths = { ${MIX.map((p) => `"${p}"`).join(', ')} }\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1], { ["accept-encoding"] = "br, gzip" })\nend\n`,
);

async function measure(count: number): Promise<number> {
  const instances: Running[] = [];
  for (let n = 0; n < count; n++) {
    const dataDir = await mkdtemp(join(tmpdir(), 'sitewright-bench-data-'));
    instances.push(
      await runServer('start', SITES, [], {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: DATABASE,
        DATABASE_SCHEMA: schema,
        REDIS_URL: REDIS,
        SITEWRIGHT_SECRET: secret,
      }),
    );
  }
  const proxy = await roundRobin(instances.map((i) => i.origin));
  // Every page of the mix rendered and compressed at its best on every instance before measuring.
  for (let round = 0; round < 4; round++)
    for (const path of MIX) await fetch(proxy.origin + path, { headers: { 'accept-encoding': 'br, gzip' } }).then((r) => r.arrayBuffer());
  const { stdout } = await run('wrk', ['-t1', '-c32', `-d${SECONDS}s`, '-s', script, proxy.origin]);
  await proxy.close();
  await Promise.all(instances.map((i) => i.stop()));
  if (/Non-2xx/.test(stdout)) throw new Error(stdout);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
}

const one = await measure(1);
const two = await measure(2);
const admin = postgres(DATABASE, { max: 1, onnotice: () => {} });
await admin.unsafe(`drop schema if exists "${schema}" cascade`);
await admin.end();
console.log(`\n| instances (PostgreSQL + Redis, behind one round-robin proxy, wrk -c32, ${MIX.length} pages) | req/s |\n|---|---|`);
console.log(`| one | ${one.toFixed(0)} |\n| two | ${two.toFixed(0)} (${(two / one).toFixed(2)}× one) |`);
