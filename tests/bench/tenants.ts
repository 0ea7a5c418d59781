/**
 * npm run bench (tenants) — ten thousand sites on one machine. Makes 10,000 synthetic sites from
 * the fleet's own files (each fleet site copied under numbered prefixes, into a folder outside the
 * repository, made once and reused), starts `sitewright start` over them as a process of its own,
 * and prints how long it took to answer, its memory once every home page has been served once,
 * and that memory per tenant. Printed, never asserted.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const COUNT = Number(process.env.BENCH_TENANTS ?? 10_000);
const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
const CLI = fileURLToPath(new URL('../../cli/sitewright.mjs', import.meta.url));
const DIR = join(tmpdir(), `sitewright-tenants-${COUNT}`);

/** The synthetic fleet: the n-th site is fleet site n mod 103, under its prefix with n after it. */
async function generate(): Promise<string[]> {
  const templates = (await readdir(SITES)).sort();
  const prefixes = Array.from({ length: COUNT }, (_, n) => `${templates[n % templates.length]}${n}`);
  const stamp = join(DIR, '.made');
  if (existsSync(stamp) && (await readFile(stamp, 'utf8')) === String(COUNT)) return prefixes;
  await rm(DIR, { recursive: true, force: true });
  const sources = new Map(await Promise.all(templates.map(async (t) => [t, await readFile(join(SITES, t, 'site.yaml'))] as const)));
  for (let n = 0; n < COUNT; n += 200) {
    await Promise.all(
      prefixes.slice(n, n + 200).map(async (prefix, i) => {
        await mkdir(join(DIR, prefix), { recursive: true });
        await writeFile(join(DIR, prefix, 'site.yaml'), sources.get(templates[(n + i) % templates.length] as string) as Buffer);
      }),
    );
  }
  await writeFile(stamp, String(COUNT));
  return prefixes;
}

/** The status of a GET, the body read and dropped. */
const get = (url: string) =>
  new Promise<number>((resolve, reject) => {
    request(url, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });

const rssMiB = async (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

const made = performance.now();
const prefixes = await generate();
console.log(`${COUNT} synthetic sites in ${DIR} (${((performance.now() - made) / 1000).toFixed(1)} s to make or find)`);

const dataDir = await mkdtemp(join(tmpdir(), 'sitewright-tenants-data-'));
// As the README says to start a fleet of thousands: V8's heap capped, so that it collects the
// garbage of loading sites instead of growing towards a quarter of the machine's memory.
const HEAP = '--max-old-space-size=384';
const started = performance.now();
const server = spawn(process.execPath, [CLI, 'start', '--sites', DIR, '--port', '0'], {
  env: { ...process.env, NODE_OPTIONS: HEAP, NODE_ENV: 'production', DATA_DIR: dataDir, HOST: '127.0.0.1', SITEWRIGHT_SECRET: 'bench'.repeat(10) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const origin = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const m = /serving .* at (http:\/\/\S+)/.exec(out);
    if (m) resolve(m[1] as string);
  });
  server.on('exit', (code) => reject(new Error(`sitewright start ended (${code}):\n${out}`)));
});
const bootMs = performance.now() - started;
const bootRss = await rssMiB(server.pid as number);

// Every home page once, eight at a time: each site is loaded on this first visit.
const visits = performance.now();
let next = 0;
const failed: string[] = [];
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < prefixes.length) {
      const prefix = prefixes[next++] as string;
      const status = await get(`${origin}/${prefix}`);
      if (status !== 200) failed.push(`/${prefix} ${status}`);
    }
  }),
);
const visitMs = performance.now() - visits;
const rss = await rssMiB(server.pid as number);
server.kill('SIGTERM');
await rm(dataDir, { recursive: true, force: true });

const rows = [
  ['boot (start to listening, as a process)', `${(bootMs / 1000).toFixed(1)} s`, '≤ 10 s'],
  ['memory at boot (RSS)', `${bootRss.toFixed(0)} MiB`, ''],
  [`every home page once (${COUNT}, each a first visit)`, `${(visitMs / 1000).toFixed(1)} s, ${((COUNT / visitMs) * 1000).toFixed(0)} pages/s`, ''],
  [`memory after (RSS; ${HEAP}, at most 300 sites loaded)`, `${rss.toFixed(0)} MiB`, '≤ 600 MiB'],
  ['memory per tenant', `${((rss * 1024) / COUNT).toFixed(1)} KiB`, ''],
];
console.log(`\n| ${COUNT} tenants | figure | target |\n|---|---|---|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
if (failed.length) console.log(`\n${failed.length} home pages did not answer 200: ${failed.slice(0, 5).join(', ')}`);
