/**
 * The money fixture fleet (a town's bills paid with the test provider, a harbour paid through
 * Stripe) served as the server serves it, and what its tests post and read back.
 */
import { BLOCKS } from '../../blocks/registry.ts';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFleet } from '../../runtime/fleet.ts';
import { buildApp } from '../../runtime/server/app.ts';
import { openServices } from '../../runtime/services/index.ts';
import type { StoredRecord } from '../../runtime/store/store.ts';
import { providerFor, type FakeStripe } from './fake-stripe.ts';
import { ledgerOf, ORIGIN, outboxOf, signedPost } from './money.ts';

const MONEY_FLEET = fileURLToPath(new URL('../fixtures/money', import.meta.url));
export const WEBHOOK_SECRET = 'whsec_test_local';

type Services = Awaited<ReturnType<typeof openServices>>;
export interface MoneyCtx {
  app: Awaited<ReturnType<typeof buildApp>>;
  services: Services;
  dataDir: string;
}

/** The money fleet's app over a fresh data folder; with `fake`, Stripe is the fake. */
export async function moneyApp(fake?: FakeStripe, formLimits = { perVisitorPerMinute: 10_000, perSitePerTenMinutes: 10_000 }): Promise<MoneyCtx> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sitewright-money-'));
  const [fleet, services] = await Promise.all([loadFleet(MONEY_FLEET, BLOCKS), openServices(dataDir)]);
  const app = await buildApp({ blocks: BLOCKS, fleet, origin: ORIGIN, services, formLimits, stripe: fake ? providerFor(fake) : undefined });
  app.addHook('onClose', () => services.store.close());
  return { app, services, dataDir };
}

export const post = (ctx: MoneyCtx, url: string, fields: Record<string, string>) => signedPost(ctx.app, ctx.services.signer, url, fields);

/** A water bill's form, filled in as a resident does. */
export const water = { _payment: 'water-bill', reference: '104233-01', amount: '101.50', email: 'Ana@Example.com' };
export const ledger = (ctx: MoneyCtx, prefix: string): Promise<StoredRecord[]> => ledgerOf(ctx.services.store, prefix);
export const types = (entries: StoredRecord[]) => entries.map((e) => e.type).sort();
export const mails = (ctx: MoneyCtx) => outboxOf(ctx.dataDir);
