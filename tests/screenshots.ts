/**
 * npm run screenshots [prefix...] — the home page (or the given paths) of a sample of sites at
 * phone and desktop widths, in Chromium, into screenshots/ (git-ignored), to look at the fleet.
 * With --top, only the first screen of each page.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ensureClient } from '../runtime/client/build.ts';
import { loadFleet } from '../runtime/fleet.ts';
import { buildApp } from '../runtime/server/app.ts';
import { launchChromium } from './helpers/browser.ts';
import { BLOCKS } from '../blocks/registry.ts';

const OUT = fileURLToPath(new URL('../screenshots/', import.meta.url));
const SITES = process.env.SITES_DIR ?? fileURLToPath(new URL('../sites', import.meta.url));
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
// --top: only the first screen of each page, as a visitor first sees it.
const fullPage = !flags.includes('--top');

const fleet = await loadFleet(SITES, BLOCKS);
const app = await buildApp({ blocks: BLOCKS, fleet, origin: 'http://localhost', clientEntry: await ensureClient(BLOCKS) });
const origin = await app.listen({ port: 0, host: '127.0.0.1' });
const all = [...fleet.sites.keys()];
// Arguments are prefixes or prefix/paths; without any, every fourth site (at least eight).
const urls = args.length
  ? args.map((a) => `/${a.replace(/^\//, '')}`)
  : all.filter((_, i) => i % Math.max(1, Math.floor(all.length / 8)) === 0).map((p) => `/${p}`);

await mkdir(OUT, { recursive: true });
const browser = await launchChromium();
const widths = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];
for (const { name, width, height } of widths) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const url of urls) {
    await page.goto(origin + url, { waitUntil: 'networkidle' });
    const file = `${OUT}${url.slice(1).replace(/\//g, '_')}-${name}.png`;
    await page.screenshot({ path: file, fullPage });
    console.log(file);
  }
  await context.close();
}
await browser.close();
await app.close();
