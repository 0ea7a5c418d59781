import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureClient } from '../../runtime/client/build.ts';
import { ensureStudio } from '../../runtime/studio/build.ts';
import { loadFleet, loadSiteFolder, openLazyFleet } from '../../runtime/fleet.ts';
import { Reloader } from '../../runtime/server/reload.ts';
import { buildApp, type AppOptions } from '../../runtime/server/app.ts';
import type { FormLimits } from '../../runtime/server/limits.ts';
import { openServices, type ServiceOptions } from '../../runtime/services/index.ts';
import { BLOCKS } from '../../blocks/registry.ts';

export const FIXTURE_FLEET = fileURLToPath(new URL('../fixtures/fleet', import.meta.url));
export const FORMS_FLEET = fileURLToPath(new URL('../fixtures/forms', import.meta.url));
export const DESK_FLEET = fileURLToPath(new URL('../fixtures/desk', import.meta.url));

/** The real app over a folder of sites, as the server builds it. */
export async function appFor(sitesDir = FIXTURE_FLEET, origin = 'https://sites.example.com') {
  const [fleet, clientEntry] = await Promise.all([loadFleet(sitesDir, BLOCKS), ensureClient(BLOCKS)]);
  return buildApp({ blocks: BLOCKS, fleet, origin, clientEntry });
}

/** The real app with its forms, storing into a fresh data folder (`options.signer.now`: a test clock for the time-trap). */
export async function appWithData(
  sitesDir = FORMS_FLEET,
  dataDir?: string,
  formLimits: FormLimits = { perVisitorPerMinute: 10_000, perSitePerTenMinutes: 10_000 },
  options: ServiceOptions = {},
  /** Load each site on its first request, holding at most this many (as `start` does for a very large fleet). */
  lazyKeep?: number,
  /** Other options of the app: its public origin, the desk's sign-in limits, its blocks (all the registered ones unless given). */
  more: Partial<Pick<AppOptions, 'origin' | 'deskLimits' | 'blocks'>> = {},
) {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'sitewright-data-')));
  const blocks = more.blocks ?? BLOCKS;
  const [fleet, clientEntry, services, studioAssets] = await Promise.all([
    lazyKeep ? openLazyFleet(sitesDir, blocks, lazyKeep) : loadFleet(sitesDir, blocks),
    ensureClient(blocks),
    openServices(dir, () => {}, options),
    ensureStudio(),
  ]);
  // Reloads as a server makes them (a publish from the studio, SIGHUP), over the app's fleet.
  const reloads = new Reloader({ current: fleet }, { keepLastGood: true, load: (folder, prefix) => loadSiteFolder(folder, prefix, blocks) });
  const app = await buildApp({ blocks, fleet, origin: 'https://sites.example.com', clientEntry, services, formLimits, reloads, studioAssets, ...more });
  app.addHook('onClose', () => services.store.close());
  return { app, services, dataDir: dir, reloads };
}
