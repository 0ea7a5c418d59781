/**
 * A thread that reads site documents for the server (see SiteLoader): each one parsed, checked and
 * compiled here, within this thread's memory limit and the loader's deadline, so a runaway document
 * costs this thread and never the server's. Only plain data goes back: the problems, and the parts
 * of a site that passed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { BlockRegistry } from '../blocks/contract.ts';
import type { LoadResult } from './config/load-site.ts';
import { schemaKeys } from './config/schema-keys.ts';
import { siteValidator } from './config/validate.ts';
import { displayFile, loadSiteFolder } from './fleet.ts';
import { checkDraftPost, type DraftChecked, type DraftPost } from './studio/draft-post.ts';

/** What the thread is started with: where to import the block registry from (functions cannot be handed to a thread). */
export type LoaderData = { blocksModule: string };
/**
 * A read of a site's folder; with `draft`, that text in place of its site.yaml (the studio's check), and where its blocks are;
 * with `post`, a draft as the studio's post carries it, read here.
 */
export type ToLoader = { id: number; sitesDir: string; prefix: string; draft?: string | DraftPost };
export type FromLoader = { type: 'ready' } | { type: 'loaded'; id: number; ms: number; result: LoadResult | DraftChecked };

const port = parentPort;
if (!port) throw new Error('load-thread.ts runs as a worker thread of the site loader');
const { BLOCKS: blocks } = (await import((workerData as LoaderData).blocksModule)) as { BLOCKS: BlockRegistry };
// The schema's validator and key lists are made before the first document, so no document's deadline pays for them.
siteValidator(blocks);
schemaKeys(blocks);

const read = ({ sitesDir, prefix, draft }: ToLoader): Promise<LoadResult> => {
  const load = (text?: string) => loadSiteFolder(sitesDir, prefix, blocks, { keepParts: true, ...(text !== undefined && { draft: text, keepLines: true }) });
  return typeof draft === 'object' ? checkDraftPost(draft, displayFile(sitesDir, prefix), prefix, load) : load(draft);
};

port.on('message', (job: ToLoader) => {
  const started = performance.now();
  void read(job).then(({ site: _site, ...result }) => {
    port.postMessage({ type: 'loaded', id: job.id, ms: Math.round(performance.now() - started), result } satisfies FromLoader);
  });
});
port.postMessage({ type: 'ready' } satisfies FromLoader);
