/**
 * `npm run audit`: Lighthouse (mobile profile, simulated throttling) on the home page and one
 * function page (a calculator, else a form, else an item's own page) of one site of each of a
 * handful of kinds, against the app served on this machine, and a table of the four scores.
 * Fully offline: Debian's Chromium with its background traffic off, and the app's own origin.
 *
 *   npm run audit                  # the kinds below
 *   npm run audit -- alpha beta    # these sites instead
 *
 * Not part of `npm test`: each run takes several seconds of a quiet machine.
 */
import { CHROMIUM_FLAGS } from '../../runtime/doctor/layout/chromium.ts';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { loadFleet } from '../../runtime/fleet.ts';
import type { Site, Target } from '../../runtime/site.ts';
import { appFor } from '../helpers/app.ts';
import { CHROMIUM } from '../helpers/browser.ts';
import { SITES } from './fleet.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const KINDS = ['dentist', 'restaurant', 'town-government', 'roofing', 'charity', 'real-estate'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const require = createRequire(import.meta.url);
const LIGHTHOUSE = require.resolve('lighthouse/cli/index.js');
const VERSION = (require('lighthouse/package.json') as { version: string }).version;
const CHROME_FLAGS = [...CHROMIUM_FLAGS, '--disable-extensions'];

/** A free port on the loopback, so the app can render its canonical links with the origin it is served on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const url = (site: Site, target: Target) => `/${site.prefix}${target.path === '/' ? '' : target.path}`;

/** The page that does the site's work: a calculator, else a form (one not on the contact page first), else an item's own page. */
function functionPage(site: Site): Target | undefined {
  const has = (t: Target, type: string) => (t.page.blocks ?? []).some((b) => b.type === type);
  return (
    site.targets.find((t) => has(t, 'calculator')) ??
    site.targets.find((t) => has(t, 'form') && t.path !== '/contact') ??
    site.targets.find((t) => has(t, 'form')) ??
    site.targets.find((t) => t.item)
  );
}

/** How much a site shows off: a calculator counts most, then a form beyond the contact page. */
const interest = (site: Site) => {
  const page = functionPage(site);
  const types = (page?.page.blocks ?? []).map((b) => b.type);
  return types.includes('calculator') ? 2 : types.includes('form') && page?.path !== '/contact' ? 1 : 0;
};

interface Scores {
  scores: Record<string, number | null>;
  /** Audits that count towards a score and did not pass, as "category: audit-id". */
  failed: string[];
}

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string }>;
  runtimeError?: { message: string };
}

async function lighthouseOnce(address: string): Promise<Scores> {
  const args = [
    LIGHTHOUSE,
    address,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--no-enable-error-reporting',
    '--form-factor=mobile',
    `--only-categories=${CATEGORIES.join(',')}`,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`lighthouse exited ${code} on ${address}:\n${err.slice(-2000)}`))));
  });
  const report = JSON.parse(output) as Report;
  if (report.runtimeError) throw new Error(`${address}: ${report.runtimeError.message}`);
  const failed = CATEGORIES.flatMap((c) =>
    (report.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null && (report.audits[ref.id]?.score ?? 1) < (c === 'performance' ? 0.9 : 1))
      .map((ref) => `${c}: ${ref.id} (${Math.round((report.audits[ref.id]?.score ?? 0) * 100)})`),
  );
  return { scores: Object.fromEntries(CATEGORIES.map((c) => [c, report.categories[c]?.score ?? null])), failed };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is tried again. */
async function lighthouse(address: string, tries = 3): Promise<Scores> {
  for (let i = 1; ; i++) {
    try {
      return await lighthouseOnce(address);
    } catch (e) {
      if (i >= tries) throw e;
      process.stderr.write(`  ${(e as Error).message.split('\n').find((l) => l.includes('error')) ?? 'failed'}; again\n`);
    }
  }
}

async function main() {
  const wanted = process.argv.slice(2);
  const fleet = await loadFleet(SITES, BLOCKS);
  const sites = [...fleet.sites.values()];
  const chosen: Site[] = wanted.length
    ? wanted.map(
        (prefix) =>
          fleet.sites.get(prefix) ??
          (() => {
            throw new Error(`no site "${prefix}"`);
          })(),
      )
    : KINDS.map((kind) => sites.filter((s) => s.data.site.kind === kind).sort((a, b) => interest(b) - interest(a))[0]).filter((s): s is Site => Boolean(s));

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await appFor(SITES, origin);
  await app.listen({ port, host: '127.0.0.1' });

  const rows: string[][] = [];
  const notes: string[] = [];
  const started = Date.now();
  try {
    for (const site of chosen) {
      const pages = [site.targets.find((t) => t.path === '/'), functionPage(site)].filter((t): t is Target => Boolean(t));
      for (const target of pages) {
        const address = url(site, target);
        process.stderr.write(`lighthouse ${address} ...\n`);
        const { scores, failed } = await lighthouse(origin + address);
        rows.push([site.data.site.kind, address, ...CATEGORIES.map((c) => (scores[c] === null ? '–' : String(Math.round((scores[c] as number) * 100))))]);
        for (const f of failed) notes.push(`${address}  ${f}`);
      }
    }
  } finally {
    await app.close();
  }

  const head = ['kind', 'page', 'performance', 'accessibility', 'best practices', 'SEO'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join(' | ')} |`;
  process.stdout.write(
    `${[line(head), `|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n')}\n`,
  );
  if (notes.length) process.stdout.write(`\nAudits that cost points (performance: under 90):\n${notes.map((n) => `  ${n}`).join('\n')}\n`);
  process.stdout.write(`\nLighthouse ${VERSION}, mobile, simulated throttling; ${rows.length} pages in ${Math.round((Date.now() - started) / 1000)} s\n`);
}

await main();
