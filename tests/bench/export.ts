/**
 * npm run bench (export) — the static export of the whole fleet, as `sitewright build` runs it: a
 * thread per core loads and renders the sites, Pagefind indexes the sites with search. Pages per
 * second count the whole export, loading included; the peak memory is this process's, every
 * thread of it. Printed, never asserted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportSites } from '../../runtime/export.ts';
import { BLOCKS_MODULE } from '../../cli/blocks.ts';

const SITES = process.env.SITES_DIR ?? fileURLToPath(new URL('../../sites', import.meta.url));
const out = await mkdtemp(join(tmpdir(), 'sitewright-bench-export-'));
try {
  const result = await exportSites({ blocksModule: BLOCKS_MODULE, sitesDir: SITES, out, origin: 'http://localhost:3000' });
  const seconds = result.ms / 1000;
  const peakMiB = (process.resourceUsage().maxRSS * 1024) / 2 ** 20;
  console.log(
    `export: ${result.pages} pages of ${result.sites} sites in ${seconds.toFixed(2)} s, ${(result.pages / seconds).toFixed(0)} pages per second, peak RSS ${peakMiB.toFixed(0)} MiB`,
  );
} finally {
  await rm(out, { recursive: true, force: true });
}
