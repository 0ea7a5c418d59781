import type { AddressInfo } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { ImageVariants } from '../runtime/images/maker.ts';
import { ensureClient } from '../runtime/client/build.ts';
import { ensureStudio } from '../runtime/studio/build.ts';
import { formatProblem } from '../runtime/config/problem.ts';
import { listSiteFolders, openLazyFleet, openLoadingFleet, type Fleet } from '../runtime/fleet.ts';
import { loaderOptionsFromEnv, SiteLoader } from '../runtime/site-loader.ts';
import { buildApp, parseTrustProxy } from '../runtime/server/app.ts';
import { Reloader, type ReloadOutcome } from '../runtime/server/reload.ts';
import { formatResults } from './report.ts';
import { openServices } from '../runtime/services/index.ts';
import { StoreError } from '../runtime/store/store.ts';
import type { BlockRegistry } from '../blocks/contract.ts';
import type { Redis } from 'ioredis';
import { BLOCKS_MODULE, loadBlocks } from './blocks.ts';
import { stopWithParent } from './stop-with-parent.ts';

export interface ServeOptions {
  sitesDir: string;
  dataDir: string;
  port: number;
  host: string;
  origin?: string;
  /** Development: watch sites/, show problems in the browser, reload open pages. */
  dev?: boolean;
  /** Production: also reload a site when its files change (SIGHUP always reloads). */
  watch?: boolean;
}

export function serveOptionsFromEnv(): ServeOptions {
  return {
    sitesDir: resolve(process.env.SITES_DIR ?? 'sites'),
    dataDir: resolve(process.env.DATA_DIR ?? 'data'),
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '0.0.0.0',
    origin: process.env.PUBLIC_URL,
  };
}

function describe(outcome: ReloadOutcome): string {
  const { prefix, result, status, ms } = outcome;
  const problems = result.problems.map((p) => formatProblem(p, result.source)).join('\n\n');
  switch (status) {
    case 'updated':
      return `${prefix}: reloaded in ${ms} ms`;
    case 'unchanged':
      return `${prefix}: unchanged`;
    case 'removed':
      return `${prefix}: removed`;
    case 'kept-last-good':
      return `${problems}\n\n${prefix}: the new version has ${result.problems.length} problem(s) (read in ${ms} ms); still serving the last good version`;
    case 'broken':
      return `${problems}\n\n${prefix}: ${result.problems.length} problem(s) (read in ${ms} ms); the site shows them until they are fixed`;
  }
}

/** Past this many site folders, sites are loaded on their first request rather than all at start. */
const EAGER_MOST = 1000;
const KEEP_DEFAULT = 300;

/**
 * The fleet to serve: every site loaded and checked at start; or, for a fleet of more than a
 * thousand sites or with SITES_IN_MEMORY set, each site loaded on its first request, with at most
 * SITES_IN_MEMORY (default 300) held in memory at once.
 */
async function openFleet(sitesDir: string, blocks: BlockRegistry, loader: SiteLoader): Promise<{ fleet: Fleet; ready?: Promise<Fleet> }> {
  const keep = Number(process.env.SITES_IN_MEMORY);
  const lazily = async (keep: number) => {
    const fleet = await openLazyFleet(sitesDir, blocks, keep);
    if (fleet.lazy) Object.assign(fleet.lazy, { load: loader.load.bind(loader), hurry: loader.hurry.bind(loader) });
    return { fleet };
  };
  if (Number.isInteger(keep) && keep > 0) return lazily(keep);
  if ((await listSiteFolders(sitesDir)).length > EAGER_MOST) return lazily(KEEP_DEFAULT);
  return openLoadingFleet(sitesDir, loader.load.bind(loader), loader.hurry.bind(loader));
}

/** Loads every site (or, for a very large fleet, lists them), reports the ones that cannot be served, and starts listening. */
export async function serve(options: ServeOptions) {
  const blocks = await loadBlocks();
  const [clientEntry, studioAssets] = [await ensureClient(blocks, (m) => console.log(m)), await ensureStudio((m) => console.log(m))];
  // Every site document is read in worker threads within its budget: none can stall serving or hold up another.
  const loader = new SiteLoader({ ...loaderOptionsFromEnv(), blocks, blocksModule: BLOCKS_MODULE });
  const { fleet, ready } = await openFleet(options.sitesDir, blocks, loader);
  const origin = options.origin ?? `http://localhost:${options.port}`;
  let services;
  try {
    services = await openServices(options.dataDir, (line) => console.log(line));
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    console.error(`${error.code}: ${error.message}`);
    process.exit(1);
  }
  const database = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : undefined;
  console.log(
    database
      ? `Data: PostgreSQL at ${database.host}${database.pathname} (schema ${process.env.DATABASE_SCHEMA || 'sitewright'}), uploads in ${options.dataDir}; mail: ${services.mailer.describe}`
      : `Data: ${options.dataDir}; mail: ${services.mailer.describe}`,
  );
  // Card payments: Stripe when the platform's keys are in the environment, otherwise every site takes money in test mode.
  const stripe = (await import('../runtime/payments/stripe-provider.ts')).stripeFromEnv();
  console.log(
    stripe
      ? `Payments: Stripe (${stripe.testMode ? 'test keys' : 'live keys'}); webhook at ${origin}/payments/stripe/webhook`
      : 'Payments: test mode (no card is charged)',
  );
  // The fleet that fills up while serving becomes the whole one once every site is read; reloads
  // (a save, SIGHUP) wait for that, so none builds on a fleet about to be replaced.
  const holder = { current: fleet };
  const read = ready?.then((whole) => {
    holder.current = whole;
    report(whole, stripe !== undefined);
  });
  const reloads = new Reloader(holder, { keepLastGood: !options.dev, load: loader.load.bind(loader), after: read });
  const { redis, unshare } = await sharedRedis(reloads, () => services.store.close());
  const app = await buildApp({
    fleet,
    blocks,
    origin,
    clientEntry,
    reloads,
    dev: options.dev,
    services,
    stripe,
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    redis,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    images: new ImageVariants(join(options.dataDir, 'image-variants')),
    // The studio's drafts are read like the files: in the loader's threads, within the same budget.
    checkDraft: loader.check.bind(loader),
    studioAssets,
    ...(Number(process.env.PAGE_CACHE_MB) > 0 ? { pageCacheBytes: Number(process.env.PAGE_CACHE_MB) * 1024 * 1024 } : {}),
  });

  reloads.on('reload', (outcome) => {
    (outcome.status === 'updated' || outcome.status === 'removed' ? console.log : console.error)(describe(outcome));
  });
  // Every site is read again; only the ones that changed are swapped and reported.
  process.on('SIGHUP', () => {
    void reloads.reloadAll().then((outcomes) => {
      const changed = outcomes.filter((o) => o.status !== 'unchanged').length;
      console.log(`SIGHUP: ${outcomes.length} site${outcomes.length === 1 ? '' : 's'} read again, ${changed} changed`);
    });
  });
  if (options.dev || options.watch) reloads.watch();
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    reloads.close();
    await loader.close();
    unshare();
    await app.close();
    await services.store.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.once('SIGINT', () => void close());
  process.once('SIGTERM', () => void close());
  stopWithParent(() => void close());

  await app.listen({ port: options.port, host: options.host });
  // With --port 0 the system chose a free port: say which one.
  const listening = options.origin ?? `http://localhost:${(app.server.address() as AddressInfo).port}`;
  const count = fleet.lazy ? fleet.lazy.folders.size : fleet.sites.size;
  const lazily =
    fleet.lazy && !ready ? ` (each loaded on its first request, at most ${fleet.lazy.keep} held in memory; \`sitewright validate\` checks them all)` : '';
  console.log(
    `Sitewright is serving ${count} site${count === 1 ? '' : 's'}${lazily} at ${listening}${options.dev ? ` (development: watching ${relative(process.cwd(), options.sitesDir) || '.'}, pages reload on save)` : ''}`,
  );
  if (!ready) report(fleet, stripe !== undefined);
  return app;
}

/**
 * Limits and reloads shared by every instance that points at the same Redis (REDIS_URL): a client
 * that cannot connect keeps retrying, and posts wait for it; none answering at start stops the server.
 */
async function sharedRedis(reloads: Reloader, closeStore: () => Promise<void>): Promise<{ redis?: Redis; unshare: () => void }> {
  const redis = process.env.REDIS_URL ? new (await import('ioredis')).Redis(process.env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  let unshare = () => {};
  if (redis) {
    const where = new URL(process.env.REDIS_URL as string).host;
    // Unreachable at start: say so and stop, rather than serve with limits that are not shared.
    const answered = await Promise.race([
      redis.ping().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000).unref()),
    ]);
    if (!answered) {
      console.error(`Redis at ${where} (REDIS_URL) does not answer. Start it, or unset REDIS_URL to run a single instance.`);
      redis.disconnect();
      await closeStore();
      process.exit(1);
    }
    console.log(`Limits and reloads: shared through Redis at ${where}`);
    // Lost while serving: said once, not at every attempt to reconnect; each instance counts alone until it is back.
    let down = false;
    redis.on('error', (error: Error) => {
      if (!down) console.error(`Redis at ${where} is out of reach (${error.message}); each instance counts form limits alone until it answers again.`);
      down = true;
    });
    redis.on('ready', () => {
      if (down) console.log(`Redis at ${where} answers again: limits and reloads are shared again.`);
      down = false;
    });
    const { shareReloads } = await import('../runtime/server/shared-reloads.ts');
    unshare = await shareReloads(reloads, redis, redis.duplicate(), (line) => console.error(line));
  }
  return { redis, unshare };
}

/** Once every site has been read: the ones left out with their problems, and what payments will use. */
function report(fleet: Fleet, stripe: boolean): void {
  const failed = fleet.results.filter((r) => !r.site);
  if (failed.length) {
    console.error(
      `${formatResults(failed)}\n\n${failed.length} site(s) left out: ${failed.map((r) => r.prefix).join(', ')}. Every other site is serving; a left-out site answers "site unavailable" (503) until it is fixed.\n`,
    );
  }
  if (fleet.results.length) console.log(`Every site has been read: ${fleet.sites.size} serving, ${failed.length} left out.`);
  const wantStripe = fleet.results.filter((r) => r.site?.data.payments?.provider === 'stripe').map((r) => r.prefix);
  if (!stripe && wantStripe.length)
    console.log(`Payments: ${wantStripe.join(', ')} ask for Stripe: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (until then they take money in test mode)`);
}
