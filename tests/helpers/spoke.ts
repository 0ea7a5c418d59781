/**
 * Spoke & Chain, a bike workshop whose shop sells parts and gift cards and lets buyers collect in
 * store, as its tests use it: served on a test clock with its desk, every e-mail it sends kept,
 * and a buyer with their own cart cookie who adds, checks out and pays on the test provider.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Signer } from '../../runtime/services/signing.ts';
import { deskApp } from './desk.ts';
import { pathOf, press } from './money.ts';

export const SPOKE_FLEET = fileURLToPath(new URL('../fixtures/bike', import.meta.url));
/** The workshop's time zone. */
export const SPOKE_ZONE = 'America/Chicago';

/** The workshop served over a fresh data folder, its services on `now`'s clock. */
export const openSpoke = (now: () => number) => deskApp({ now }, { deskLimits: { perVisitorPerHour: 50, linksPerAddressPerDay: 50 } }, SPOKE_FLEET);

/** The buyer's own details at the checkout: no address, which only delivery asks for. */
export const DANA = { name: 'Dana Whitfield', email: 'Dana@Example.com', phone: '(555) 555-0190' };

/** Where Dana's parcel goes when it is delivered. */
export const DANA_ADDRESS = { street: '418 Ferris Street', town: 'Larkfield', region: 'OH', postalCode: '45318' };

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A buyer with their own cart cookie, as a browser keeps it, in the shop of the site at `prefix`. */
export class SpokeBuyer {
  private cookie = '';

  constructor(
    private readonly app: () => FastifyInstance,
    private readonly signer: () => Signer,
    private readonly prefix = 'spoke',
  ) {}

  private keep(res: LightMyRequestResponse) {
    const set = res.headers['set-cookie'];
    const first = Array.isArray(set) ? set[0] : set;
    if (first) this.cookie = first.split(';')[0] as string;
    return res;
  }

  async get(url: string) {
    return this.keep(await this.app().inject({ url, headers: this.cookie ? { cookie: this.cookie } : {} }));
  }

  async post(url: string, fields: Record<string, string>) {
    const headers = { ...FORM, ...(this.cookie ? { cookie: this.cookie } : {}) };
    return this.keep(await this.app().inject({ method: 'POST', url, payload: new URLSearchParams(fields).toString(), headers }));
  }

  async add(product: string, variant: string, quantity: string) {
    const res = await this.post(`/${this.prefix}/shop/${product}`, { _shop: 'add', product, variant, quantity });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
  }

  /** The checkout, with a time stamp signed ten seconds ago (past the robot trap). */
  checkout(fields: Record<string, string>) {
    return this.post(`/${this.prefix}/shop/cart`, { _shop: 'checkout', _t: this.signer().timeToken(Date.now() - 10_000), ...DANA, ...fields });
  }

  /** Checks out, pays on the test provider, and answers the checkout's id. */
  async buy(fields: Record<string, string>): Promise<string> {
    const opened = await this.checkout(fields);
    expect(opened.statusCode, opened.body.slice(0, 400)).toBe(303);
    const checkoutPath = pathOf(opened.headers.location);
    expect((await press(this.app(), checkoutPath, 'pay')).statusCode).toBe(303);
    return checkoutPath.split('/').pop() as string;
  }
}
