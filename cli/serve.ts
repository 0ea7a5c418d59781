import { resolve } from 'node:path';
import { ensureClient } from '../runtime/client/build.ts';
import { loadFleet } from '../runtime/fleet.ts';
import { buildApp } from '../runtime/server/app.ts';
import { formatResults } from './report.ts';

export interface ServeOptions {
  sitesDir: string;
  port: number;
  host: string;
  origin?: string;
}

export function serveOptionsFromEnv(): ServeOptions {
  return {
    sitesDir: resolve(process.env.SITES_DIR ?? 'sites'),
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '0.0.0.0',
    origin: process.env.PUBLIC_URL,
  };
}

/** Loads every site, reports the ones that cannot be served, and starts listening. */
export async function serve(options: ServeOptions) {
  const clientEntry = await ensureClient((m) => console.log(m));
  const fleet = await loadFleet(options.sitesDir);
  const failed = fleet.results.filter((r) => !r.site);
  if (failed.length) {
    console.error(`${formatResults(failed)}\n\n${failed.length} site(s) left out: ${failed.map((r) => r.prefix).join(', ')}. Every other site is serving; a left-out site answers "site unavailable" (503) until it is fixed.\n`);
  }
  const origin = options.origin ?? `http://localhost:${options.port}`;
  const app = await buildApp({ fleet, origin, clientEntry, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  await app.listen({ port: options.port, host: options.host });
  console.log(`Sitewright is serving ${fleet.sites.size} site${fleet.sites.size === 1 ? '' : 's'} at ${origin}`);
  return app;
}
