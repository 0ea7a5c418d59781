/**
 * npm run bench (pages) — how close serving a page comes to a bare Fastify answering the very
 * same bytes (status, headers and body, copied from our answer) from a Buffer. Both servers run
 * in this process; the load comes from wrk (apt-get install wrk; autocannon without it) in a process of its own, against one server at
 * a time, alternating ours and the bare one three times and taking the medians, so the ratio
 * holds on a noisy machine even when the absolute figures do not. Printed, never asserted.
 */
import Fastify from 'fastify';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CLIENT_DIR, ensureClient } from '../../runtime/client/build.ts';
import { loadFleet } from '../../runtime/fleet.ts';
import { buildApp } from '../../runtime/server/app.ts';
import { openServices } from '../../runtime/services/index.ts';
import { BLOCKS } from '../../blocks/registry.ts';

if (process.env.NODE_ENV !== 'production') {
  console.warn('NODE_ENV is not "production": React renders about four times slower in development mode.');
}
const run = promisify(execFile);
const SITES = process.env.SITES_DIR ?? fileURLToPath(new URL('../../sites', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const AUTOCANNON = fileURLToPath(new URL('../../node_modules/autocannon/autocannon.js', import.meta.url));
const BROTLI = 'br, gzip';
const WRK = await run('wrk', ['--version']).then(
  () => true,
  (e: { stdout?: string }) => Boolean(e.stdout?.includes('wrk')),
);

interface Load {
  rps: number;
  p99: number;
}

/** Latency as wrk prints it (850.00us, 1.20ms, 2.00s), in milliseconds. */
function millis(text: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (!m) return Number.NaN;
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
}

/** wrk (a C client, one thread) when the machine has it, else autocannon; either way in a process of its own. */
async function load(url: string, connections: number, encoding?: string, seconds = SECONDS): Promise<Load> {
  if (WRK) {
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...(encoding ? ['-H', `accept-encoding: ${encoding}`] : []), url];
    const { stdout } = await run('wrk', args);
    // A timeout under overload is a figure (it shows in p99), not a failure; a wrong answer is.
    if (/Non-2xx/.test(stdout)) throw new Error(`${url}: ${stdout}`);
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
    const p99 = millis(/^\s+99%\s+(\S+)/m.exec(stdout)?.[1] ?? '');
    return { rps, p99 };
  }
  const args = [AUTOCANNON, '-j', '-c', String(connections), '-d', String(seconds), ...(encoding ? ['-H', `accept-encoding=${encoding}`] : []), url];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number };
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} answers other than 2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const fleetStart = performance.now();
const fleet = await loadFleet(SITES, BLOCKS);
const loadMs = performance.now() - fleetStart;
const clientEntry = await ensureClient(BLOCKS);
const services = await openServices(await mkdtemp(join(tmpdir(), 'sitewright-bench-')));
process.env.SITEWRIGHT_SECRET ??= 'bench'.repeat(10);
// As `npm start` serves: warnings logged, pages cached.
const logger = { level: 'warn' };
const ours = await buildApp({ blocks: BLOCKS, fleet, origin: 'http://localhost', clientEntry, services, logger });
const oursOrigin = await ours.listen({ port: 0, host: '127.0.0.1' });
const uncached = await buildApp({ blocks: BLOCKS, fleet, origin: 'http://localhost', clientEntry, services, logger, cachePages: false });
const uncachedOrigin = await uncached.listen({ port: 0, host: '127.0.0.1' });

/** The bare server: each address answered with the bytes ours gave for it, for each encoding asked. */
const bare = Fastify();
const answers = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
const keyOf = (url: string, encoding: string | undefined) => `${url} ${encoding && /\bbr\b/.test(encoding) ? 'br' : ''}`;
bare.get('/*', (request, reply) => {
  const answer = answers.get(keyOf(request.url, request.headers['accept-encoding']));
  if (!answer) return reply.code(404).send();
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
});
const bareOrigin = await bare.listen({ port: 0, host: '127.0.0.1' });

/** One answer of ours, as sent. */
function ask(path: string, encoding: string | undefined) {
  // node:http, not fetch: the bytes as sent, still compressed.
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(oursOrigin + path, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * Asks ours for a page until it sends its final bytes, and gives the bare server the same answer.
 * A compressed page is sent quickly compressed at first and at its best level once asked for
 * again (made in the thread pool): the copy is taken once the bytes stop changing.
 */
async function copy(path: string, encoding: string | undefined): Promise<number> {
  let answer = await ask(path, encoding);
  for (let tries = 0, same = 0; encoding && same < 3 && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await ask(path, encoding);
    same = again.body.equals(answer.body) ? same + 1 : 0;
    answer = again;
  }
  const { status, headers: sent, body } = answer;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(sent)) {
    if (typeof value === 'string' && !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = value;
  }
  answers.set(keyOf(path, encoding), { status, headers, body });
  return body.length;
}

interface Row {
  page: string;
  encoding: string;
  bytes: number;
  ours: number;
  bare: number;
  target: string;
}

/** BENCH_ONLY=home: only the rows whose label matches (while working on one figure). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;

async function compare(label: string, path: string, encoding: string | undefined, target: string, against = oursOrigin): Promise<Row> {
  const bytes = await copy(path, encoding);
  if (ONLY && !ONLY.test(label)) return { page: label, encoding: encoding ?? 'none', bytes, ours: Number.NaN, bare: Number.NaN, target };
  const oursRuns: number[] = [];
  const bareRuns: number[] = [];
  for (let i = 0; i < 3; i++) {
    oursRuns.push((await load(against + path, 16, encoding)).rps);
    bareRuns.push((await load(bareOrigin + path, 16, encoding)).rps);
  }
  return { page: label, encoding: encoding ?? 'none', bytes, ours: median(oursRuns), bare: median(bareRuns), target };
}

const rows: Row[] = [];
const HOME = '/brightsmile';
const INNER = '/brightsmile/services';
const ITEM = '/guardianpest/alder-county/carver-falls';
const FORM = '/brightsmile/contact';
for (const encoding of [undefined, BROTLI]) {
  rows.push(await compare(`home ${HOME}`, HOME, encoding, '≥ 1.0'));
  rows.push(await compare(`inner ${INNER}`, INNER, encoding, '≥ 1.0'));
  rows.push(await compare(`item ${ITEM}`, ITEM, encoding, '≥ 1.0'));
  rows.push(await compare(`form ${FORM}`, FORM, encoding, '≥ 0.8'));
}
rows.push(await compare(`uncached render ${HOME}`, HOME, BROTLI, '≥ 0.3', uncachedOrigin));

// Isolation: 50 connections on one site's heaviest page (rendered for every visitor) while another site's cached page is asked for.
const HEAVY = '/lockedin/book';
const QUIET = '/guardianpest';
await copy(QUIET, BROTLI);
// The quiet visitors are connected first, as visitors already on the site would be.
const quietLoad = load(oursOrigin + QUIET, 4, BROTLI, SECONDS * 2 + 1);
await new Promise((resolve) => setTimeout(resolve, 500));
const [heavy, quiet] = await Promise.all([load(oursOrigin + HEAVY, 50, BROTLI, SECONDS * 2), quietLoad]);

await Promise.all([ours.close(), uncached.close(), bare.close()]);
await services.store.close();

const js = (await readdir(CLIENT_DIR)).filter((f) => f.endsWith('.js'));
let jsGzip = 0;
for (const f of js) jsGzip += gzipSync(await readFile(join(CLIENT_DIR, f)), { level: 9 }).length;

console.log(
  `\nFleet: ${fleet.sites.size} sites loaded and validated in ${loadMs.toFixed(0)} ms (${(loadMs / Math.max(1, fleet.results.length)).toFixed(1)} ms a site)`,
);
console.log(`Client JavaScript (all islands, gzip): ${(jsGzip / 1024).toFixed(1)} KiB; pages without islands ship none`);
console.log(`Load: ${WRK ? 'wrk -t1' : 'autocannon'} -c 16 -d ${SECONDS} in its own process, ours and bare Fastify alternated three times, medians\n`);
console.log('| page | accept-encoding | bytes sent | ours req/s | bare req/s | ours ÷ bare | target |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.page} | ${r.encoding} | ${r.bytes} | ${r.ours.toFixed(0)} | ${r.bare.toFixed(0)} | ${(r.ours / r.bare).toFixed(2)} | ${r.target} |`);
}
console.log(
  `\nIsolation: ${HEAVY} under 50 connections (${heavy.rps.toFixed(0)} req/s) while ${QUIET} is asked by 4: its p99 ${quiet.p99.toFixed(1)} ms (target < 20 ms)`,
);
