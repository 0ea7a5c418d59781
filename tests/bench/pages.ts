/**
 * npm run bench — how close serving a page comes to serving the same bytes statically.
 * Both servers run in this process, one after the other, so the ratio is fair on a noisy
 * machine even when the absolute numbers are not. Run with NODE_ENV=production (the script does).
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { CLIENT_DIR, ensureClient } from '../../runtime/client/build.ts';
import { loadFleet } from '../../runtime/fleet.ts';
import { buildApp } from '../../runtime/server/app.ts';

if (process.env.NODE_ENV !== 'production') {
  console.warn('NODE_ENV is not "production": React renders about four times slower in development mode.');
}
const SITES = process.env.SITES_DIR ?? fileURLToPath(new URL('../../sites', import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = 16;

const loadStart = performance.now();
const fleet = await loadFleet(SITES);
const loadMs = performance.now() - loadStart;
const app = await buildApp({ fleet, origin: 'http://localhost', clientEntry: await ensureClient() });
const origin = await app.listen({ port: 0, host: '127.0.0.1' });

// Pick a few kinds of page: a home page, a collection item, a page with an island.
const sample: string[] = [];
for (const site of fleet.sites.values()) {
  if (sample.length === 0) sample.push(`/${site.prefix}`);
  const item = site.targets.find((t) => t.item);
  if (item && sample.length < 2) sample.push(`/${site.prefix}${item.path}`);
  const island = site.data.pages.find((p) => p.blocks?.some((b) => b.type === 'calculator'));
  if (island && !sample.some((s) => s.includes('calculator'))) sample.push(`/${site.prefix}${island.path}`);
}

const statics = Fastify();
const bodies = new Map<string, Buffer>();
statics.get('/*', (request, reply) => reply.type('text/html; charset=utf-8').send(bodies.get(request.url)));
const staticOrigin = await statics.listen({ port: 0, host: '127.0.0.1' });

const rows: string[][] = [];
for (const path of sample) {
  const cold = performance.now();
  const first = await fetch(origin + path);
  const coldMs = performance.now() - cold;
  bodies.set(path, Buffer.from(await first.arrayBuffer()));
  const ours = await autocannon({ url: origin + path, connections: CONNECTIONS, duration: DURATION });
  const base = await autocannon({ url: staticOrigin + path, connections: CONNECTIONS, duration: DURATION });
  rows.push([
    path,
    String(bodies.get(path)?.length),
    `${coldMs.toFixed(1)} ms`,
    ours.requests.average.toFixed(0),
    base.requests.average.toFixed(0),
    (ours.requests.average / base.requests.average).toFixed(2),
  ]);
}
await app.close();
await statics.close();

const js = (await readdir(CLIENT_DIR)).filter((f) => f.endsWith('.js'));
let jsGzip = 0;
for (const f of js) jsGzip += gzipSync(await readFile(`${CLIENT_DIR}/${f}`), { level: 9 }).length;

console.log(
  `\nFleet: ${fleet.sites.size} sites loaded and validated in ${loadMs.toFixed(0)} ms (${(loadMs / Math.max(1, fleet.results.length)).toFixed(1)} ms a site)`,
);
console.log(`Client JavaScript (all islands, gzip): ${(jsGzip / 1024).toFixed(1)} KiB; pages without islands ship none\n`);
console.log(['page', 'bytes', 'first render', 'ours req/s', 'static req/s', 'ours ÷ static'].join(' | '));
for (const row of rows) console.log(row.join(' | '));
