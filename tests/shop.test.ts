/**
 * A shop end to end over HTTP: the listing and a product's page with what is left and its JSON-LD,
 * a cart kept under a signed cookie and changed by plain posts or by a script, the checkout with its
 * delivery fee worked out on the server, payment, the e-mails with the order's signed link, and
 * stock that is never sold past what the YAML says. Bad or tampered input is in shop-input.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScheduled } from '../runtime/server/retention.ts';
import { holdsPlaces } from '../runtime/store/store.ts';
import { testClock } from './helpers/clock.ts';
import { openCornerShop, ShopVisitor, type CornerShop } from './helpers/corner-shop.ts';
import { ledgerOf, ORIGIN, outboxOf, pathOf, press } from './helpers/money.ts';
import { blockServicesOf } from './helpers/services.ts';

const clock = testClock();

let app: CornerShop['app'];
let services: CornerShop['services'];
let dataDir: string;

beforeAll(async () => {
  ({ app, services, dataDir } = await openCornerShop(clock.now));
});
afterAll(() => app.close());

/** A visitor of this file's shop. */
class Visitor extends ShopVisitor {
  constructor() {
    super(() => ({ app, services }));
  }
}

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
    await runScheduled(app.fleetHolder.current, blockServicesOf(app, services, ORIGIN), { info: () => {}, error: () => {} }, clock.now());
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
