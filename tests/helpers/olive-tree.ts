/**
 * The Olive Tree's order page as its tests use it: the restaurant's site served on a clock the test
 * moves, a guest with a browser's cookie jar, and its mail read as the guest reads it.
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

const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
export const PAGE = '/olivetree/order';
const KEY = 'order:/menu#dinner';
/** Tuesday, June 15, 2027, 10:00 in Bellhaven (PDT): the kitchen opens at 17:00, orders are taken for today and the next two days. */
export const NOW = Date.parse('2027-06-15T17:00:00Z');

type Services = Awaited<ReturnType<typeof openServices>>;
export interface OliveTree {
  app: Awaited<ReturnType<typeof buildApp>>;
  services: Services;
  dataDir: string;
}

/** The restaurant's site over a fresh data folder, its services on `now`'s clock. */
export async function openOliveTree(now: () => number): Promise<OliveTree> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sitewright-order-'));
  const [fleet, services] = await Promise.all([loadFleet(SITES, BLOCKS, ['olivetree']), openServices(dataDir, undefined, { now })]);
  const app = await buildApp({ blocks: BLOCKS, fleet, origin: ORIGIN, services, formLimits: { perVisitorPerMinute: 100_000, perSitePerTenMinutes: 100_000 } });
  app.addHook('onClose', () => services.store.close());
  return { app, services, dataDir };
}

/** A mail from the outbox as its text reads (quoted-printable undone where it is used). */
export const readable = (eml: string) =>
  /Content-Transfer-Encoding: quoted-printable/i.test(eml)
    ? Buffer.from(
        eml
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`)
          .replace(/%(?![0-9A-F]{2})/g, '%25'),
        'utf8',
      )
        .toString()
        .replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : eml;
/** Headers folded over two lines, joined again. */
export const unfolded = (eml: string) => {
  const end = eml.search(/\r?\n\r?\n/);
  return eml.slice(0, end).replace(/\r?\n[ \t]+/g, ' ') + eml.slice(end);
};

/** A guest with a browser's cookie jar: what the server sets comes back on the next request. */
export class OrderGuest {
  cookie = '';

  /** `site`: the restaurant this guest orders from, once it has started. */
  constructor(private readonly site: () => Pick<OliveTree, 'app' | 'services'>) {}

  private keep(answer: LightMyRequestResponse) {
    const set = answer.headers['set-cookie'];
    for (const header of [set ?? []].flat()) {
      const pair = header.split(';')[0] ?? '';
      const name = pair.split('=')[0] ?? '';
      this.cookie = [...this.cookie.split('; ').filter((c) => c && !c.startsWith(`${name}=`)), pair].join('; ');
    }
    return answer;
  }

  get(url = PAGE) {
    return this.site()
      .app.inject({ url, headers: this.cookie ? { cookie: this.cookie } : {} })
      .then((a) => this.keep(a));
  }

  /** A form post (fields may repeat), signed ten seconds ago like a person's; as JSON when `json`. */
  post(fields: Record<string, string | string[]>, json = false) {
    const { app, services } = this.site();
    const body = new URLSearchParams({ _order: KEY, _t: services.signer.timeToken(Date.now() - 10_000) });
    for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
    return app
      .inject({
        method: 'POST',
        url: PAGE,
        payload: body.toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(this.cookie ? { cookie: this.cookie } : {}),
          ...(json ? { accept: 'application/json' } : {}),
        },
      })
      .then((a) => this.keep(a));
  }

  add(item: string, quantity = '1', options: Record<string, string | string[]> = {}, json = false) {
    return this.post({ do: 'add', item, quantity, ...options }, json);
  }

  async cart() {
    const page = await this.get();
    return page.body.slice(page.body.indexOf('id="order-cart"'), page.body.indexOf('class="order-checkout"'));
  }
}

/** Places the guest's cart: pickup today at 18:00, paid online, with a note for the kitchen, unless `fields` say otherwise. */
export const place = (guest: OrderGuest, fields: Record<string, string> = {}) =>
  guest.post({
    do: 'place',
    fulfilment: 'pickup',
    slot: '2027-06-15T18:00',
    name: 'Dana Whitfield',
    email: 'Dana@Example.com',
    phone: '(555) 555-0199',
    note: 'No onions on the kofta, please. It is for my daughter.',
    payment: 'online',
    ...fields,
  });
