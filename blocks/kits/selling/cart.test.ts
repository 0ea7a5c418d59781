import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LowdbStore } from '../../../runtime/store/lowdb-store.ts';
import { Carts, cartRetention, isCartId } from './cart.ts';

let store: LowdbStore;
let carts: Carts;
beforeAll(async () => {
  store = await LowdbStore.open(await mkdtemp(join(tmpdir(), 'sitewright-cart-')));
  carts = new Carts(store);
});
afterAll(() => store.close());

const hummus = { item: 'hummus', options: ['size/large'] };

describe('the cart core', () => {
  it('starts a cart on the first add, and adds to the same line for the same choice', async () => {
    const first = await carts.add('alpha', 'dinner', undefined, hummus, 2);
    if (!('cart' in first)) throw new Error('refused');
    expect(isCartId(first.cart)).toBe(true);
    expect(first.created).toBe(true);
    const again = await carts.add('alpha', 'dinner', first.cart, hummus, 1);
    expect(again).toMatchObject({ cart: first.cart, created: false, lines: [{ item: 'hummus', options: ['size/large'], quantity: 3 }] });
    const other = await carts.add('alpha', 'dinner', first.cart, { item: 'hummus', options: ['size/small'] }, 1);
    expect('lines' in other && other.lines.map((l) => l.quantity)).toEqual([3, 1]);
    expect(await carts.lines('alpha', 'dinner', first.cart)).toHaveLength(2);
  });

  it('keeps carts apart by site and by scope, and reads nothing for a made-up id', async () => {
    const added = await carts.add('alpha', 'dinner', undefined, hummus, 1);
    if (!('cart' in added)) throw new Error('refused');
    expect(await carts.lines('beta', 'dinner', added.cart)).toEqual([]);
    expect(await carts.lines('alpha', 'lunch', added.cart)).toEqual([]);
    expect(await carts.lines('alpha', 'dinner', 'A'.repeat(22))).toEqual([]);
    expect(await carts.lines('alpha', 'dinner', '../../etc/passwd')).toEqual([]);
    expect(await carts.lines('alpha', 'dinner', undefined)).toEqual([]);
  });

  it('changes and removes lines, and refuses quantities past the limit or lines it does not have', async () => {
    const added = await carts.add('alpha', 'dinner', undefined, hummus, 1);
    if (!('cart' in added)) throw new Error('refused');
    const line = added.lines[0]?.id ?? '';
    expect(await carts.change('alpha', 'dinner', added.cart, line, 5)).toMatchObject({ lines: [{ quantity: 5 }] });
    expect(await carts.change('alpha', 'dinner', added.cart, line, 21)).toEqual({ refused: 'quantity' });
    expect(await carts.change('alpha', 'dinner', added.cart, line, -1)).toEqual({ refused: 'quantity' });
    expect(await carts.add('alpha', 'dinner', added.cart, hummus, 16)).toEqual({ refused: 'quantity' });
    expect(await carts.change('alpha', 'dinner', added.cart, 'zzzzzzzz', 1)).toEqual({ refused: 'line' });
    expect(await carts.change('alpha', 'dinner', undefined, line, 1)).toEqual({ refused: 'line' });
    expect(await carts.remove('alpha', 'dinner', added.cart, line)).toMatchObject({ lines: [] });
    expect(await carts.lines('alpha', 'dinner', added.cart)).toEqual([]);
  });

  it('holds at most so many lines', async () => {
    const small = new Carts(store, { maxLines: 2 });
    const a = await small.add('alpha', 'dinner', undefined, { item: 'a', options: [] }, 1);
    if (!('cart' in a)) throw new Error('refused');
    await small.add('alpha', 'dinner', a.cart, { item: 'b', options: [] }, 1);
    expect(await small.add('alpha', 'dinner', a.cart, { item: 'c', options: [] }, 1)).toEqual({ refused: 'lines' });
    expect(await small.add('alpha', 'dinner', a.cart, { item: 'b', options: [] }, 1)).toMatchObject({ lines: [{ quantity: 1 }, { quantity: 2 }] });
  });

  it('loses no add when many arrive at once for one cart', async () => {
    const first = await carts.add('alpha', 'dinner', undefined, { item: 'x', options: [] }, 1);
    if (!('cart' in first)) throw new Error('refused');
    await Promise.all(Array.from({ length: 30 }, (_, i) => carts.add('alpha', 'dinner', first.cart, { item: `item-${i % 10}`, options: [] }, 1)));
    const lines = await carts.lines('alpha', 'dinner', first.cart);
    expect(lines).toHaveLength(11);
    expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(31);
  });

  it('empties a cart once its order is placed', async () => {
    const added = await carts.add('alpha', 'dinner', undefined, hummus, 1);
    if (!('cart' in added)) throw new Error('refused');
    await carts.empty('alpha', 'dinner', added.cart);
    expect(await carts.lines('alpha', 'dinner', added.cart)).toEqual([]);
    expect(cartRetention('dinner')).toEqual({ kind: 'carts', where: { scope: 'dinner' }, days: 8 });
  });
});
