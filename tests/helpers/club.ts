/**
 * The bookings fixture (Cellar Club: a whole room, a class, rooms to choose from) served as the
 * server serves it, over a fresh data folder, and what its tests read from its pages.
 */
import { BLOCKS } from '../../blocks/registry.ts';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, localDate } from '../../runtime/services/time.ts';
import { loadFleet } from '../../runtime/fleet.ts';
import { buildApp } from '../../runtime/server/app.ts';
import { openServices, type ServiceOptions } from '../../runtime/services/index.ts';
import { ORIGIN } from './money.ts';

const FLEET = fileURLToPath(new URL('../fixtures/bookings', import.meta.url));
/** The club's time zone. */
export const ZONE = 'America/New_York';

type Services = Awaited<ReturnType<typeof openServices>>;
export interface BookingCtx {
  app: Awaited<ReturnType<typeof buildApp>>;
  services: Services;
  dataDir: string;
}

/** The club's app; `now` is its services' clock, and `stamps` the time trap's too (its forms' time stamps). */
export async function bookingApp(now?: () => number, stamps = false): Promise<BookingCtx> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sitewright-bookings-'));
  const options: ServiceOptions = now ? { now, ...(stamps ? { signer: { now } } : {}) } : {};
  const [fleet, services] = await Promise.all([loadFleet(FLEET, BLOCKS), openServices(dataDir, undefined, options)]);
  const app = await buildApp({ blocks: BLOCKS, fleet, origin: ORIGIN, services, formLimits: { perVisitorPerMinute: 100_000, perSitePerTenMinutes: 100_000 } });
  app.addHook('onClose', () => services.store.close());
  return { app, services, dataDir };
}

/** A local date `days` from today in the site's zone: far enough ahead that its 10:00 has not started. */
export const dayAhead = (days: number) => addDays(localDate(Date.now(), ZONE), days);

/** The radio button of a slot, as rendered. */
export const radioOf = (html: string, slot: string) => new RegExp(`<input type="radio"[^>]*value="${slot}"[^>]*/>`).exec(html)?.[0] ?? '';
