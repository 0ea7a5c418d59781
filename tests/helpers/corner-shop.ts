/**
 * Corner Supply's shop as its tests use it: the shop fixture served on a test clock, a visitor
 * keeping their own cookies, the buyer's details, and the shop's e-mail read as plain text.
 */
import { BLOCKS } from '../../blocks/registry.ts';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { loadFleet } from '../../runtime/fleet.ts';
import { buildApp } from '../../runtime/server/app.ts';
import { openServices } from '../../runtime/services/index.ts';
import { ORIGIN } from './money.ts';

const FLEET = fileURLToPath(new URL('../fixtures/shop', import.meta.url));

type Services = Awaited<ReturnType<typeof openServices>>;
export interface CornerShop {
  app: Awaited<ReturnType<typeof buildApp>>;
  services: Services;
  dataDir: string;
}

/** The shop fixture over a fresh data folder, its services on `now`'s clock. */
export async function openCornerShop(now: () => number): Promise<CornerShop> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sitewright-shop-'));
  const [fleet, services] = await Promise.all([loadFleet(FLEET, BLOCKS), openServices(dataDir, undefined, { now })]);
  const app = await buildApp({ blocks: BLOCKS, fleet, origin: ORIGIN, services, formLimits: { perVisitorPerMinute: 100_000, perSitePerTenMinutes: 100_000 } });
  app.addHook('onClose', () => services.store.close());
  return { app, services, dataDir };
}

/** A visitor with their own cookies, as a browser keeps them. */
export class ShopVisitor {
  cookie = '';
  readonly setCookies: string[] = [];

  /** `shop`: the shop this visitor buys from, once it has started. */
  constructor(private readonly shop: () => Pick<CornerShop, 'app' | 'services'>) {}

  private keep(answer: LightMyRequestResponse) {
    const set = answer.headers['set-cookie'];
    for (const c of set === undefined ? [] : Array.isArray(set) ? set : [set]) {
      this.setCookies.push(c);
      this.cookie = c.split(';')[0] as string;
    }
    return answer;
  }

  async get(url: string) {
    return this.keep(await this.shop().app.inject({ url, headers: this.cookie ? { cookie: this.cookie } : {} }));
  }

  async post(url: string, fields: Record<string, string>, json = false) {
    return this.keep(
      await this.shop().app.inject({
        method: 'POST',
        url,
        payload: new URLSearchParams(fields).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(this.cookie ? { cookie: this.cookie } : {}),
          ...(json ? { accept: 'application/json' } : {}),
        },
      }),
    );
  }

  add(product: string, variant: string, quantity: string, json = false) {
    return this.post(`/corner/shop/${product}`, { _shop: 'add', product, variant, quantity }, json);
  }

  /** The checkout, with a time stamp signed ten seconds ago (past the robot trap). */
  checkout(fields: Record<string, string> = {}) {
    return this.post('/corner/shop/cart', { _shop: 'checkout', _t: this.shop().services.signer.timeToken(Date.now() - 10_000), ...BUYER, ...fields });
  }

  /** The ids of the cart's lines, in order, as the cart page's forms carry them. */
  async lineIds(): Promise<string[]> {
    const page = await this.get('/corner/shop/cart');
    return [...page.body.matchAll(/name="line" value="([A-Za-z0-9_-]{8})"/g)].map((m) => m[1] as string).filter((id, i, all) => all.indexOf(id) === i);
  }
}

/** The buyer's details at the checkout: shipped to Ohio. */
export const BUYER = {
  method: 'shipping',
  name: 'Dana Whitfield',
  email: 'Dana@Example.com',
  phone: '',
  street: '418 Ferris Street',
  town: 'Larkfield',
  region: 'OH',
  postalCode: '45318',
};
