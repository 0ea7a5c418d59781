/**
 * A thread of the static export (see exportSites): it loads the sites the main thread hands it, one
 * at a time, writes their files, and asks for the next, so two threads finish together however the
 * sites differ in size. Each thread writes its own files; only counts and problems go back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { BlockRegistry } from '../blocks/contract.ts';
import type { LoadResult } from './config/load-site.ts';
import { exportSite, sheetsOf, type Sheet, type SiteExportSettings } from './export-site.ts';
import { listSiteFolders, loadSiteFolder } from './fleet.ts';
import { closeStaticIndexer } from './search/static-index.ts';
import { Assets } from './server/assets.ts';
import { ImageVariants } from './images/maker.ts';

/** What the thread is started with: the folder of sites, and where to import the blocks from (a module exporting `BLOCKS`). */
export type ExportWorkerData = { sitesDir: string; blocksModule: string };

export type ToWorker = { type: 'start'; settings: SiteExportSettings } | { type: 'site'; prefix: string } | { type: 'finish' };

export type FromWorker =
  | { type: 'ready'; folders: string[] }
  | { type: 'site'; prefix: string; name: string; pages: number; formPages: number; searched: boolean }
  | { type: 'failed'; prefix: string; result: LoadResult }
  | { type: 'finished'; baseUrl: string; sheets: Sheet[] };

const port = parentPort;
if (!port) throw new Error('export-worker.ts runs as a worker thread of the static export');
const send = (message: FromWorker) => port.postMessage(message);

const { sitesDir, blocksModule } = workerData as ExportWorkerData;
const { BLOCKS: blocks } = (await import(blocksModule)) as { BLOCKS: BlockRegistry };
const [assets, folders] = await Promise.all([Assets.load(blocks), listSiteFolders(sitesDir)]);
const indexes: Promise<number>[] = [];
const copies: Promise<number>[] = [];
let images: ImageVariants | undefined;
// The client's URL is known once the main thread has checked its bundle, which it does while this thread starts.
let settings: SiteExportSettings | undefined;

async function handle(message: ToWorker): Promise<void> {
  if (message.type === 'start') {
    settings = message.settings;
    images = new ImageVariants(settings.imageCacheDir);
    return;
  }
  if (message.type === 'finish') {
    // Pagefind has been indexing while the other sites rendered; the thread ends once it has written every index.
    await Promise.all(indexes);
    if (indexes.length) await closeStaticIndexer();
    await Promise.all(copies);
    send({ type: 'finished', baseUrl: assets.baseUrl, sheets: sheetsOf(assets) });
    port?.close();
    return;
  }
  if (!settings || !images) throw new Error('a site was sent before the settings of the export');
  const result = await loadSiteFolder(sitesDir, message.prefix, blocks);
  if (!result.site) {
    send({ type: 'failed', prefix: message.prefix, result: { prefix: result.prefix, file: result.file, source: result.source, problems: result.problems } });
    return;
  }
  const site = result.site;
  const done = exportSite(site, settings, assets, images);
  if (done.index) indexes.push(done.index);
  // Awaited when the thread finishes; a failure meanwhile is kept for then, not left unhandled.
  done.variants.catch(() => {});
  copies.push(done.variants);
  send({ type: 'site', prefix: site.prefix, name: site.data.site.name, pages: done.pages, formPages: done.formPages, searched: !!done.index });
}

send({ type: 'ready', folders });
// One message at a time, in order: the main thread sends the next site only after this one is written.
let queue = Promise.resolve();
port.on('message', (message: ToWorker) => {
  queue = queue.then(() => handle(message));
});
