import { fileURLToPath } from 'node:url';
import { ensureClient } from '../../runtime/client/build.ts';
import { loadFleet } from '../../runtime/fleet.ts';
import { buildApp } from '../../runtime/server/app.ts';

export const FIXTURE_FLEET = fileURLToPath(new URL('../fixtures/fleet', import.meta.url));

/** The real app over a folder of sites, as the server builds it. */
export async function appFor(sitesDir = FIXTURE_FLEET, origin = 'https://sites.example.com') {
  const [fleet, clientEntry] = await Promise.all([loadFleet(sitesDir), ensureClient()]);
  return buildApp({ fleet, origin, clientEntry });
}
