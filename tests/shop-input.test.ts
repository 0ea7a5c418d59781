/**
 * Bad or tampered input to a shop over HTTP: adds, prices and totals, checkouts and line changes
 * refused beside their fields with a 4xx and nothing kept, and any body answered below 500.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from './helpers/clock.ts';
import { BUYER, openCornerShop, ShopVisitor, type CornerShop } from './helpers/corner-shop.ts';

const clock = testClock();

let app: CornerShop['app'];
let services: CornerShop['services'];

beforeAll(async () => {
  ({ app, services } = await openCornerShop(clock.now));
});
afterAll(() => app.close());

/** A visitor of this file's shop. */
class Visitor extends ShopVisitor {
  constructor() {
    super(() => ({ app, services }));
  }
}

const tenant = () => services.store.tenant('corner');

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
