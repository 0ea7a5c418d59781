import { copyFileSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { CLIENT_DIR, ensureClient, type IslandBlocks } from './client/build.ts';
import type { BlockRegistry } from '../blocks/contract.ts';
import type { LoadResult } from './config/load-site.ts';
import type { Sheet, SiteExportSettings } from './export-site.ts';
import type { ExportWorkerData, FromWorker, ToWorker } from './export-worker.ts';
import type { Fleet } from './fleet.ts';
import { startThread } from './thread.ts';
import { indexPage } from './render/platform.ts';
import type { Signer } from './services/signing.ts';

interface CommonOptions {
  out: string;
  origin: string;
  /** Only these sites; all when empty. */
  prefixes?: string[];
  /** Where the Sitewright server that takes form posts answers, such as https://forms.example.com. */
  apiOrigin?: string;
  /** Signs the forms' stamp with the server's key (needed with apiOrigin). */
  signer?: Signer;
  /** Where the sized copies of photos are kept between runs; unset, a folder in the system's temporary folder. */
  imageCacheDir?: string;
}

export interface ExportOptions extends CommonOptions {
  fleet: Fleet;
  /** The blocks the fleet was read with: their styles and islands. */
  blocks: BlockRegistry;
  onProgress?: (done: number, total: number) => void;
}

export interface ExportResult {
  pages: number;
  sites: number;
  ms: number;
  /** Pages with a form, which need a server at the API origin to post to. */
  formPages: number;
  /** Sites whose search works in the browser from a Pagefind index beside their pages. */
  searchSites: number;
}

async function settingsOf(
  { out, origin, apiOrigin, signer, imageCacheDir }: CommonOptions,
  sitesDir: string,
  blocks: IslandBlocks,
): Promise<SiteExportSettings> {
  return {
    sitesDir,
    imageCacheDir: imageCacheDir ?? join(tmpdir(), 'sitewright-image-variants'),
    out,
    origin,
    today: new Date().toISOString().slice(0, 10),
    script: await ensureClient(blocks),
    token: signer?.staticToken() ?? '',
    actionOrigin: apiOrigin?.replace(/\/$/, ''),
  };
}

/** The files of the export beside its sites: stylesheets, the client's scripts, the list of sites and robots.txt. */
function writeShared(
  out: string,
  { origin, baseUrl, sheets, sites }: { origin: string; baseUrl: string; sheets: Iterable<Sheet>; sites: { prefix: string; name: string }[] },
): void {
  mkdirSync(join(out, 'assets', 'client'), { recursive: true });
  for (const { name, body } of sheets) writeFileSync(join(out, 'assets', name), body);
  for (const file of readdirSync(CLIENT_DIR)) {
    if (file.endsWith('.js')) copyFileSync(join(CLIENT_DIR, file), join(out, 'assets', 'client', file));
  }
  writeFileSync(join(out, 'index.html'), indexPage(baseUrl, sites));
  writeFileSync(join(out, 'robots.txt'), ['User-agent: *', 'Allow: /', '', ...sites.map((s) => `Sitemap: ${origin}/${s.prefix}/sitemap.xml`), ''].join('\n'));
}

/**
 * Every page of a loaded fleet as a file a plain file server or CDN can host, rendered in this
 * thread: /<prefix>/<path>/index.html, each site's 404.html, its media, and the hashed stylesheets
 * and scripts under /assets. exportSites writes the same files from a folder of sites, on every core.
 */
export async function exportFleet(options: ExportOptions): Promise<ExportResult> {
  const started = performance.now();
  const [{ exportSite, sheetsOf }, { Assets }, { closeStaticIndexer }, { ImageVariants }] = await Promise.all([
    import('./export-site.ts'),
    import('./server/assets.ts'),
    import('./search/static-index.ts'),
    import('./images/maker.ts'),
  ]);
  const { fleet, prefixes = [], onProgress } = options;
  const settings = await settingsOf(options, fleet.sitesDir, options.blocks);
  const assets = await Assets.load(options.blocks);
  const sites = [...fleet.sites.values()].filter((s) => !prefixes.length || prefixes.includes(s.prefix));
  const total = sites.reduce((n, s) => n + s.targets.length, 0);
  let pages = 0;
  let formPages = 0;
  const indexes: Promise<number>[] = [];
  const copies: Promise<number>[] = [];
  const images = new ImageVariants(settings.imageCacheDir);
  for (const site of sites) {
    const done = exportSite(site, settings, assets, images, () => onProgress?.(++pages, total));
    formPages += done.formPages;
    if (done.index) indexes.push(done.index);
    copies.push(done.variants);
  }
  await Promise.all([...indexes, ...copies]);
  if (indexes.length) await closeStaticIndexer();
  const list = sites.map((s) => ({ prefix: s.prefix, name: s.data.site.name }));
  writeShared(options.out, { origin: options.origin, baseUrl: assets.baseUrl, sheets: sheetsOf(assets), sites: list });
  return { pages: total, sites: sites.length, ms: performance.now() - started, formPages, searchSites: indexes.length };
}

export interface ExportSitesOptions extends CommonOptions {
  sitesDir: string;
  /** Where the threads import the blocks from: a module URL that exports the registry as `BLOCKS` (a thread is handed no functions). */
  blocksModule: string;
  /** Threads that load and render sites; one per core unless set. */
  threads?: number;
  /** Sites written so far, of all the sites asked for. */
  onProgress?: (sites: number, total: number) => void;
}

export interface ExportSitesResult extends ExportResult {
  /** Sites that did not load, with their problems, left out of the export. */
  failed: LoadResult[];
  /** Asked-for prefixes with no folder in sitesDir. */
  unknown: string[];
}

/** A thread running export-worker. */
const startWorker = (data: ExportWorkerData, env: NodeJS.ProcessEnv): Worker =>
  startThread(new URL('./export-worker.ts', import.meta.url), { workerData: data, env });

/** The worker's messages in order, each awaited in turn; a worker that fails or stops early rejects the wait. */
function inbox(worker: Worker): () => Promise<FromWorker> {
  const arrived: FromWorker[] = [];
  let waiting: { resolve: (m: FromWorker) => void; reject: (e: Error) => void } | undefined;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    waiting?.reject(failure);
  };
  worker.on('message', (message: FromWorker) => {
    if (waiting) waiting.resolve(message);
    else arrived.push(message);
    waiting = undefined;
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`an export thread stopped (exit code ${code}) before it had written its sites`)));
  return () => {
    const next = arrived.shift();
    if (next) return Promise.resolve(next);
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => (waiting = { resolve, reject }));
  };
}

/**
 * Exports the sites of a folder on every core: each worker thread loads the sites it is handed, one
 * at a time and the larger first, and writes their files, so the threads finish together. This
 * thread only hands out sites and writes the shared files, so it never loads the site code at
 * all. Loading counts in the time, as it is part of the work. Sites that do not load are left out
 * and returned with their problems.
 */
export async function exportSites(options: ExportSitesOptions): Promise<ExportSitesResult> {
  const started = performance.now();
  const { sitesDir, prefixes = [], onProgress } = options;
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), prefixes.length || Infinity));
  // React's production build: the development one renders the same HTML several times slower, checking as it goes.
  const env = { ...process.env, NODE_ENV: 'production' };
  const workers = Array.from({ length: threads }, () => startWorker({ sitesDir, blocksModule: options.blocksModule }, env));
  try {
    const settings = settingsOf(options, sitesDir, options.blocksModule);
    // Awaited once a thread is ready; a failure before then is thrown there, not left unhandled meanwhile.
    settings.catch(() => {});
    // The first thread ready lists the folder (the listing belongs to the fleet's code, which only the workers load).
    let plan: { wanted: string[]; unknown: string[]; queue: string[] } | undefined;
    const planOf = (folders: string[]) => {
      const wanted = prefixes.length ? folders.filter((p) => prefixes.includes(p)) : folders;
      const size = (prefix: string) => statSync(join(sitesDir, prefix, 'site.yaml'), { throwIfNoEntry: false })?.size ?? 0;
      const sizes = new Map(wanted.map((prefix) => [prefix, size(prefix)]));
      const queue = [...wanted].sort((a, b) => (sizes.get(b) as number) - (sizes.get(a) as number));
      return { wanted, unknown: prefixes.filter((p) => !folders.includes(p)), queue };
    };
    const names = new Map<string, string>();
    const failed: LoadResult[] = [];
    const sheets = new Map<string, Uint8Array>();
    let pages = 0;
    let formPages = 0;
    let searchSites = 0;
    let baseUrl = '';
    await Promise.all(
      workers.map(async (worker) => {
        const receive = inbox(worker);
        const ready = await receive();
        if (ready.type !== 'ready') throw new Error(`an export thread said ${ready.type} before it was ready`);
        plan ??= planOf(ready.folders);
        worker.postMessage({ type: 'start', settings: await settings } satisfies ToWorker);
        for (let prefix = plan.queue.shift(); prefix !== undefined; prefix = plan.queue.shift()) {
          worker.postMessage({ type: 'site', prefix } satisfies ToWorker);
          const done = await receive();
          if (done.type === 'failed') failed.push(done.result);
          else if (done.type === 'site') {
            names.set(done.prefix, done.name);
            pages += done.pages;
            formPages += done.formPages;
            if (done.searched) searchSites++;
          }
          onProgress?.(names.size + failed.length, plan.wanted.length);
        }
        worker.postMessage({ type: 'finish' } satisfies ToWorker);
        const finished = await receive();
        if (finished.type !== 'finished') throw new Error(`an export thread said ${finished.type} when it was to finish`);
        baseUrl = finished.baseUrl;
        for (const sheet of finished.sheets) sheets.set(sheet.name, sheet.body);
      }),
    );
    const { wanted, unknown } = plan as NonNullable<typeof plan>;
    const sites = wanted.filter((p) => names.has(p)).map((prefix) => ({ prefix, name: names.get(prefix) as string }));
    writeShared(options.out, { origin: options.origin, baseUrl, sheets: [...sheets].map(([name, body]) => ({ name, body })), sites });
    failed.sort((a, b) => wanted.indexOf(a.prefix) - wanted.indexOf(b.prefix));
    return { pages, sites: sites.length, ms: performance.now() - started, formPages, searchSites, failed, unknown };
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
