/**
 * A shop end to end over HTTP: the listing and a product's page with what is left and its JSON-LD,
 * a cart kept under a signed cookie and changed by plain posts or by a script, the checkout with its
 * delivery fee worked out on the server, payment, the e-mails with the order's signed link, stock
 * that is never sold past what the YAML says, and bad or tampered input refused beside its field.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKS } from '../blocks/registry.ts';
import { loadFleet } from '../runtime/fleet.ts';
import { buildApp } from '../runtime/server/app.ts';
import { runScheduled } from '../runtime/server/retention.ts';
import { openServices } from '../runtime/services/index.ts';
import type { Payments } from '../runtime/payments/payments.ts';
import { holdsPlaces } from '../runtime/store/store.ts';
import { testClock } from './helpers/clock.ts';
import { ledgerOf, ORIGIN, outboxOf, pathOf, press } from './helpers/money.ts';

const FLEET = fileURLToPath(new URL('./fixtures/shop', import.meta.url));
const clock = testClock();

type Services = Awaited<ReturnType<typeof openServices>>;
let app: Awaited<ReturnType<typeof buildApp>>;
let services: Services;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sitewright-shop-'));
  const [fleet, opened] = await Promise.all([loadFleet(FLEET, BLOCKS), openServices(dataDir, undefined, { now: clock.now })]);
  services = opened;
  app = await buildApp({ blocks: BLOCKS, fleet, origin: ORIGIN, services, formLimits: { perVisitorPerMinute: 100_000, perSitePerTenMinutes: 100_000 } });
  app.addHook('onClose', () => services.store.close());
});
afterAll(() => app.close());

/** A visitor with their own cookies, as a browser keeps them. */
class Visitor {
  cookie = '';
  readonly setCookies: string[] = [];

  private keep(answer: LightMyRequestResponse) {
    const set = answer.headers['set-cookie'];
    for (const c of set === undefined ? [] : Array.isArray(set) ? set : [set]) {
      this.setCookies.push(c);
      this.cookie = c.split(';')[0] as string;
    }
    return answer;
  }

  async get(url: string) {
    return this.keep(await app.inject({ url, headers: this.cookie ? { cookie: this.cookie } : {} }));
  }

  async post(url: string, fields: Record<string, string>, json = false) {
    return this.keep(
      await app.inject({
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
    return this.post('/corner/shop/cart', { _shop: 'checkout', _t: services.signer.timeToken(Date.now() - 10_000), ...BUYER, ...fields });
  }

  /** The ids of the cart's lines, in order, as the cart page's forms carry them. */
  async lineIds(): Promise<string[]> {
    const page = await this.get('/corner/shop/cart');
    return [...page.body.matchAll(/name="line" value="([A-Za-z0-9_-]{8})"/g)].map((m) => m[1] as string).filter((id, i, all) => all.indexOf(id) === i);
  }
}

const BUYER = {
  method: 'shipping',
  name: 'Dana Whitfield',
  email: 'Dana@Example.com',
  phone: '',
  street: '418 Ferris Street',
  town: 'Larkfield',
  region: 'OH',
  postalCode: '45318',
};

const tenant = () => services.store.tenant('corner');
const stockOf = async (key: string) => (await (await tenant()).list('stock', { stock: key })).filter((r) => holdsPlaces(r, clock.now()));
const held = async (key: string) => (await stockOf(key)).reduce((n, r) => n + Number(r.places), 0);
const opened = async () => (await ledgerOf(services.store, 'corner')).filter((e) => e.type === 'checkout-opened');
const mails = () => outboxOf(dataDir);
/** A quoted-printable e-mail as plain text. */
const plain = (mail: string) =>
  mail
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
    .replace(/=E2=80=99/g, '’')
    .replace(/=C3=97/g, '×');

describe('the shop’s pages', () => {
  it('lists the products with their prices and what is left', async () => {
    const page = await app.inject('/corner/shop');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a href="/corner/shop/wooden-crate">Wooden crate</a>');
    expect(page.body).toContain('From $20');
    expect(page.body).toContain('<p class="product-card-stock">Only 5 left</p>');
    // The photo's JPEG copy (it is 8 pixels wide, so that is its one width), with its AVIF and WebP ones beside it.
    expect(page.body).toMatch(
      /<img class="card-image" src="\/corner\/media\/_v\/[0-9a-f]{16}-8\.jpg" srcSet="[^"]+ 8w" sizes="[^"]+" alt="A pine crate with rope handles"/,
    );
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('shows a product with its choices, prices, stock and delivery fee, and its Product JSON-LD with an Offer per variant', async () => {
    const page = await app.inject('/corner/shop/lockbox');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Lockbox</h1>');
    expect(page.body).toMatch(/<input type="radio" id="product-variant-wall"[^>]*disabled=""/);
    expect(page.body).toContain('Wall-mounted: $29 (Sold out)');
    expect(page.body).toContain('Door-hanging: $34 (Only 2 left)');
    expect(page.body).toContain('Shipping: $4 an order, whatever the quantity.');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.body)?.[1] ?? '{}') as { '@graph': Record<string, unknown>[] };
    const product = ld['@graph'].find((n) => n['@type'] === 'Product');
    expect(product).toMatchObject({
      name: 'Lockbox',
      offers: [
        { '@type': 'Offer', sku: 'wall', price: 29, priceCurrency: 'USD', availability: 'https://schema.org/OutOfStock' },
        { '@type': 'Offer', sku: 'door', price: 34, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      ],
    });
    const crate = await app.inject('/corner/shop/wooden-crate');
    expect(crate.body).toContain('Shipping: $0.90 per lb: Small 2.5 lb, Large 4 lb.');
    expect(crate.body).toContain('alt="A pine crate with rope handles"');
  });
});

describe('a cart and its checkout', () => {
  it('keeps a cart under a signed HttpOnly cookie, added to by a plain post, and prices it from the YAML', async () => {
    const v = new Visitor();
    const added = await v.add('wooden-crate', 'large', '2');
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/corner/shop/wooden-crate?added=large');
    expect(v.setCookies[0]).toMatch(/^sw-cart=[^;]+; Path=\/corner; Max-Age=604800; HttpOnly; SameSite=Lax; Secure$/);
    const back = await v.get(pathOf(added.headers.location));
    expect(back.body).toContain('Added Wooden crate: Large to your cart. It now holds 2 items.');
    expect(back.body).toContain('Your cart (2 items)');
    const cart = await v.get('/corner/shop/cart');
    expect(cart.body).toContain('<a href="/corner/shop/wooden-crate">Wooden crate: Large</a>');
    expect(cart.body).toContain('$32.50 each · Only 3 left');
    expect(cart.body).toContain('Items (2)</span> <strong>$65</strong>');
    // Shipping by weight: 2 × 4 lb at $0.90 = $7.20; local delivery one $5 fee.
    expect(cart.body).toContain('Shipping: $7.20 (total $72.20)');
    expect(cart.body).toContain('Local delivery: $5 (total $70)');
    // A cookie written by hand is no cart at all.
    const forged = await app.inject({ url: '/corner/shop/cart', headers: { cookie: 'sw-cart=AAAAAAAAAAAAAAAAAAAAAA' } });
    expect(forged.body).toContain('Your cart is empty.');
  });

  it('answers a script with JSON: added, changed and taken out in place', async () => {
    const v = new Visitor();
    const added = await v.add('yard-sign', '', '1', true);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ ok: true, message: 'Added 1 × Yard sign to your cart. It now holds 1 item.', count: 1, cart: '/corner/shop/cart' });
    const [line] = await v.lineIds();
    const changed = await v.post('/corner/shop/cart', { _shop: 'change', line: line as string, quantity: '3' }, true);
    expect(changed.statusCode).toBe(200);
    const json = changed.json<{
      ok: boolean;
      view: { lines: { quantity: number; total: string }[]; subtotal: string; methods: { method: string; fee: string }[] };
    }>();
    expect(json.ok).toBe(true);
    expect(json.view.lines[0]).toMatchObject({ quantity: 3, total: '$45' });
    expect(json.view.subtotal).toBe('$45');
    expect(json.view.methods).toEqual([expect.objectContaining({ method: 'local', fee: '$5' }), expect.objectContaining({ method: 'shipping', fee: '$6' })]);
    const tooMany = await v.post('/corner/shop/cart', { _shop: 'change', line: line as string, quantity: '9' }, true);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ ok: false, errors: { [`line-${line}`]: 'At most 5 of these fit in one order.' }, result: { cart: { count: 3 } } });
    const removed = await v.post('/corner/shop/cart', { _shop: 'remove', line: line as string }, true);
    expect(removed.json()).toMatchObject({ ok: true, view: { lines: [], count: 0 } });
  });

  it('goes from the cart to the checkout and, paid, confirms the order by e-mail to the business and the buyer with a signed link', async () => {
    const v = new Visitor();
    await v.add('wooden-crate', 'small', '2');
    await v.add('lockbox', 'door', '1');
    const sent = await v.checkout();
    expect(sent.statusCode).toBe(303);
    const checkoutPath = pathOf(sent.headers.location);
    expect(checkoutPath).toMatch(/^\/payments\/test\/corner\/[A-Za-z0-9_-]{22}$/);
    const checkout = checkoutPath.split('/').pop();
    const entry = (await opened()).find((e) => e.checkout === checkout);
    // $40 of crates, $34 lockbox; shipping 2 × 2.5 lb × $0.90 = $4.50 and the lockbox's flat $4.
    expect(entry).toMatchObject({
      amount: 8250,
      purpose: 'shop',
      email: 'dana@example.com',
      lines: [
        { name: 'Wooden crate: Small', amount: 2000, quantity: 2 },
        { name: 'Lockbox: Door-hanging', amount: 3400, quantity: 1 },
        { name: 'Shipping', amount: 850, quantity: 1 },
      ],
    });
    expect(await held('products/lockbox/door')).toBe(1);

    const paid = await press(app, checkoutPath, 'pay');
    expect(paid.statusCode).toBe(303);
    const receipt = await app.inject(pathOf(paid.headers.location));
    expect(receipt.body).toContain('Thank you: payment received');
    expect((await stockOf('products/lockbox/door')).map((r) => r.status)).toEqual(['sold']);

    const all = (await mails()).map(plain);
    const business = all.find((m) => m.includes('To: orders@corner.example.com') && m.includes('New order'));
    expect(business).toContain('Dana Whitfield (dana@example.com) paid for an order');
    expect(business).toContain('Wooden crate: Small × 2: $40.00');
    expect(business).toContain('Shipping: $8.50');
    expect(business).toContain('Total: $82.50');
    expect(business).toContain('418 Ferris Street');
    expect(business).toContain('Lockbox: Door-hanging: 1');
    const buyer = all.find((m) => m.includes('To: dana@example.com') && m.includes('Your order from Corner Supply'));
    expect(buyer).toContain('Thank you for your order.');
    expect(buyer).toContain('TEST MODE: this order was paid with a practice payment; no money was taken.');
    expect(business).toContain('TEST MODE: this order was paid with a practice payment; no money was taken.');
    const link = /https:\/\/sites\.example\.com(\/corner\/shop\/cart\?order=[^\s]+)/.exec(buyer ?? '')?.[1];
    expect(link).toBeDefined();
    const order = await app.inject(link as string);
    expect(order.statusCode).toBe(200);
    expect(order.body).toContain('Paid: we are getting it ready.');
    expect(order.body).toContain('<th scope="row">Lockbox: Door-hanging</th><td>1</td><td class="amount">$34.00</td>');
    const forged = await app.inject('/corner/shop/cart?order=b3JkZXI6Y29ybmVyOjA.forged');
    expect(forged.body).toContain('No order to show');
    // Paid: the cart is empty again.
    expect((await v.get('/corner/shop/cart')).body).toContain('Your cart is empty.');
  });

  it('charges one local delivery fee to the postal codes it reaches, and refuses it elsewhere beside the choice', async () => {
    const v = new Visitor();
    await v.add('wooden-crate', 'small', '1');
    const far = await v.checkout({ method: 'local', postalCode: '90210' });
    expect(far.statusCode).toBe(422);
    expect(far.body).toContain('Local delivery only reaches ZIP codes 45318, 45320. Please choose Shipping instead.');
    const near = await v.checkout({ method: 'local', postalCode: '45320' });
    expect(near.statusCode).toBe(303);
    const entry = (await opened()).find((e) => e.checkout === pathOf(near.headers.location).split('/').pop());
    expect(entry).toMatchObject({
      amount: 2500,
      lines: [
        { name: 'Wooden crate: Small', amount: 2000, quantity: 1 },
        { name: 'Local delivery', amount: 500, quantity: 1 },
      ],
    });
  });
});

describe('stock', () => {
  it('sells the last 5 yard signs to exactly 5 of 50 buyers checking out at once; the others are told beside the line', async () => {
    const buyers = Array.from({ length: 50 }, () => new Visitor());
    for (const b of buyers) expect((await b.add('yard-sign', 'sign', '1')).statusCode).toBe(303);
    const before = (await opened()).length;
    const answers = await Promise.all(buyers.map((b, i) => b.checkout({ email: `buyer${i}@example.com` })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 303)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(45);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.body).toMatch(/Sold out: we have none left of this one\.|Only \d left/);
    expect(await held('products/yard-sign/sign')).toBe(5);
    expect((await opened()).length - before).toBe(5);
    const page = await app.inject('/corner/shop/yard-sign');
    expect(page.body).toContain('<td class="product-sold-out">Sold out</td>');
    expect(page.body).toContain('Sold out. Please check back soon');
    expect(page.body).not.toContain('name="quantity"');
  });

  it('tells a cart whose item sold out meanwhile at the checkout, beside that line, and charges nothing', async () => {
    const late = new Visitor();
    await late.add('wooden-crate', 'large', '2');
    const quick = new Visitor();
    await quick.add('wooden-crate', 'large', '3');
    expect((await quick.checkout()).statusCode).toBe(303);
    const before = (await opened()).length;
    const refused = await late.checkout();
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Sold out since you added it: please take it out of your cart.');
    expect(refused.body).toMatch(
      /<p id="shop-line-[A-Za-z0-9_-]{8}-error" class="field-error">Sold out: we have none left of this one\. Please take it out of your cart\.<\/p>/,
    );
    expect((await opened()).length).toBe(before);
  });

  it('lets a hold lapse: the units go back on sale, and a late payment whose units were bought meanwhile is refunded', async () => {
    const first = new Visitor();
    await first.add('lockbox', 'door', '1');
    const sent = await first.checkout({ email: 'first@example.com' });
    expect(sent.statusCode).toBe(303);
    expect(await held('products/lockbox/door')).toBe(2);

    clock.advance(15 * 60_000 + 1);
    const payments = app.payments as Payments;
    await runScheduled(
      app.fleetHolder.current,
      { ...services, payments, contacts: { subscribe: async () => {} } },
      { info: () => {}, error: () => {} },
      clock.now(),
    );
    expect(await held('products/lockbox/door')).toBe(1);
    const second = new Visitor();
    await second.add('lockbox', 'door', '1');
    expect((await second.checkout({ email: 'second@example.com' })).statusCode).toBe(303);

    await press(app, pathOf(sent.headers.location), 'pay');
    const checkout = pathOf(sent.headers.location).split('/').pop();
    expect((await ledgerOf(services.store, 'corner')).some((e) => e.checkout === checkout && e.type === 'refunded')).toBe(true);
    expect((await mails()).map(plain).some((m) => m.includes('To: first@example.com') && m.includes('could not be kept'))).toBe(true);
  });
});

describe('bad input', () => {
  const nothingStored = async (run: () => Promise<void>) => {
    const t = await tenant();
    const before = { carts: JSON.stringify(await t.list('carts')), stock: (await t.list('stock')).length, ledger: (await t.list('ledger')).length };
    await run();
    expect({ carts: JSON.stringify(await t.list('carts')), stock: (await t.list('stock')).length, ledger: (await t.list('ledger')).length }).toEqual(before);
  };

  it('refuses a bad add beside its field with a 4xx, keeps nothing, and never fails', async () => {
    const v = new Visitor();
    await v.add('wooden-crate', 'small', '1');
    const cases: [string, string, string, number, string][] = [
      ['wooden-crate', 'small', '0', 422, 'The quantity must be at least 1. Enter a whole number from 1 to 10.'],
      ['wooden-crate', 'small', '-1', 422, 'The quantity must be at least 1. Enter a whole number from 1 to 10.'],
      ['wooden-crate', 'small', '1000000', 422, 'At most 10 of these fit in one order.'],
      ['wooden-crate', 'small', 'two', 422, 'Enter a whole number from 1 to 10.'],
      ['wooden-crate', 'small', '1.5', 422, 'Enter a whole number from 1 to 10.'],
      ['wooden-crate', 'small', '', 422, 'How many would you like?'],
      ['wooden-crate', 'large', '4', 409, 'Only 3 left: please choose 3 or fewer.'],
      ['wooden-crate', 'huge', '1', 422, 'That is not one of the choices of this product.'],
      ['no-such-thing', 'small', '1', 404, 'We do not sell that product any more.'],
      ['lockbox', 'wall', '1', 409, 'Sold out: we have none left of this one.'],
    ];
    await nothingStored(async () => {
      for (const [product, variant, quantity, status, message] of cases) {
        const answer = await v.post('/corner/shop/wooden-crate', { _shop: 'add', product, variant, quantity });
        expect(answer.statusCode, `${product}/${variant} × ${quantity}`).toBe(status);
        expect(answer.body).toContain(message);
        const json = await v.post('/corner/shop/wooden-crate', { _shop: 'add', product, variant, quantity }, true);
        expect(json.statusCode).toBe(status);
        expect(Object.values(json.json<{ errors: Record<string, string> }>().errors).join(' ')).toContain(message);
      }
    });
  });

  it('refuses a posted price or total (the form has no such field) with 400, keeping nothing', async () => {
    const v = new Visitor();
    await v.add('wooden-crate', 'small', '1');
    await nothingStored(async () => {
      for (const [url, fields] of [
        ['/corner/shop/wooden-crate', { _shop: 'add', product: 'wooden-crate', variant: 'small', quantity: '1', price: '0.01' }],
        ['/corner/shop/cart', { _shop: 'checkout', _t: services.signer.timeToken(Date.now() - 10_000), ...BUYER, total: '1' }],
        ['/corner/shop/cart', { _shop: 'checkout', _t: services.signer.timeToken(Date.now() - 10_000), ...BUYER, amount: '100' }],
        ['/corner/shop/cart', { _shop: 'refund', line: 'x' }],
      ] as const) {
        const answer = await v.post(url, fields);
        expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
        expect(answer.body).toContain('The form could not be read');
      }
    });
  });

  it('refuses checkout of an empty cart, bad details and bad line changes beside their fields, with nothing held or charged', async () => {
    const empty = new Visitor();
    const v = new Visitor();
    await v.add('wooden-crate', 'small', '1');
    const [line] = await v.lineIds();
    await nothingStored(async () => {
      const none = await empty.checkout();
      expect(none.statusCode).toBe(422);
      expect(none.body).toContain('Your cart is empty: add something from the shop first.');
      for (const [change, message] of [
        [{ email: 'not-an-address' }, 'Please enter an e-mail address such as name@example.com.'],
        [{ name: '' }, 'Please enter the name to deliver to.'],
        [{ postalCode: '' }, 'Please enter the ZIP code.'],
        [{ postalCode: '<45318>' }, 'That does not look like a ZIP code: please check it.'],
        [{ region: '' }, 'Please enter the state.'],
        [{ street: '' }, 'Please enter the street address.'],
        [{ method: 'teleport' }, 'Please choose how your order reaches you.'],
      ] as const) {
        const answer = await v.checkout(change);
        expect(answer.statusCode, JSON.stringify(change)).toBe(422);
        expect(answer.body).toContain(message);
      }
      for (const [fields, status, message] of [
        [{ _shop: 'change', line: line as string, quantity: '-1' }, 422, 'Enter a whole number from 1 to 10, or 0 to take it out.'],
        [{ _shop: 'change', line: line as string, quantity: '1000000' }, 422, 'At most 10 of these fit in one order.'],
        [{ _shop: 'change', line: line as string, quantity: 'lots' }, 422, 'Enter a whole number from 1 to 10, or 0 to take it out.'],
        [{ _shop: 'change', line: 'AAAAAAAA', quantity: '1' }, 404, 'That line is no longer in your cart.'],
      ] as const) {
        const answer = await v.post('/corner/shop/cart', fields);
        expect(answer.statusCode, JSON.stringify(fields)).toBe(status);
        expect(answer.body).toContain(message);
      }
    });
  });

  it('answers any body to the shop’s pages below 500, with a cart or without', async () => {
    const v = new Visitor();
    await v.add('wooden-crate', 'small', '1');
    const [line] = await v.lineIds();
    const text = fc.oneof(
      fc.constantFrom('', '0', '-1', '1', '3', '1000000', '1e3', 'NaN', 'small', 'large', 'wall', 'wooden-crate', 'lockbox', line as string, '45318'),
      fc.string({ maxLength: 40 }),
    );
    const field = fc.constantFrom(
      '_shop',
      'product',
      'variant',
      'quantity',
      'line',
      'method',
      'name',
      'email',
      'street',
      'town',
      'region',
      'postalCode',
      'price',
    );
    const body = fc.record({ _shop: fc.constantFrom('add', 'change', 'remove', 'checkout', 'pay'), more: fc.dictionary(field, text, { maxKeys: 6 }) });
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), fc.constantFrom('/corner/shop/cart', '/corner/shop/wooden-crate'), async ({ _shop, more }, json, url) => {
        const answer = await (json ? v : new Visitor()).post(url, { _shop, _t: services.signer.timeToken(Date.now() - 10_000), ...more }, json);
        expect(answer.statusCode, JSON.stringify({ _shop, ...more })).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });
});
