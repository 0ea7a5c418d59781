import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LowdbStore } from '../../../runtime/store/lowdb-store.ts';
import { Stock } from './stock.ts';

const NOW = Date.parse('2026-06-15T12:00:00Z');
const MINUTE = 60_000;

describe('stock of a shop’s variants', () => {
  let store: LowdbStore;
  let stock: Stock;
  beforeEach(async () => {
    store = await LowdbStore.open(await mkdtemp(join(tmpdir(), 'sitewright-stock-')));
    stock = new Stock(store);
  });
  afterEach(() => store.close());

  const line = (key: string, quantity: number, total = 5) => ({ key, quantity, stock: total });

  it('holds the units of every line of an order, and counts them as taken', async () => {
    const taken = await stock.take('shop', 'o1', [line('p/lockbox/standard', 2), line('p/tape/six', 3, 10)], NOW);
    expect('held' in taken && taken.held).toHaveLength(2);
    expect(await stock.left('shop', 'p/lockbox/standard', 5, NOW)).toBe(3);
    expect(
      await stock.leftOf(
        'shop',
        [
          { key: 'p/tape/six', stock: 10 },
          { key: 'p/none/x', stock: 4 },
        ],
        NOW,
      ),
    ).toEqual(
      new Map([
        ['p/tape/six', 7],
        ['p/none/x', 4],
      ]),
    );
  });

  it('takes nothing when one line cannot be had, and names every short line with what is left', async () => {
    await stock.take('shop', 'o1', [line('p/a/x', 4)], NOW);
    const refused = await stock.take('shop', 'o2', [line('p/b/y', 1), line('p/a/x', 2), line('p/c/z', 1, 0)], NOW);
    expect(refused).toEqual({
      short: [
        { key: 'p/a/x', left: 1 },
        { key: 'p/c/z', left: 0 },
      ],
    });
    expect(await stock.left('shop', 'p/b/y', 5, NOW)).toBe(5);
  });

  it('never sells the last 5 units past 5 buyers, however many ask at once', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => stock.take('shop', `o${i}`, [line('p/sign/kit', 1)], NOW)));
    expect(answers.filter((a) => 'held' in a)).toHaveLength(5);
    expect(await stock.left('shop', 'p/sign/kit', 5, NOW)).toBe(0);
  });

  it('frees a hold by itself once it lapses, and sells a paid hold for good', async () => {
    await stock.take('shop', 'o1', [line('p/a/x', 5)], NOW);
    expect(await stock.left('shop', 'p/a/x', 5, NOW + 14 * MINUTE)).toBe(0);
    expect(await stock.left('shop', 'p/a/x', 5, NOW + 15 * MINUTE)).toBe(5);

    await stock.take('shop', 'o2', [line('p/b/y', 2)], NOW);
    const sold = await stock.confirm('shop', 'o2', NOW + MINUTE, () => 5);
    expect('sold' in sold && sold.sold.map((r) => r.status)).toEqual(['sold']);
    expect(await stock.left('shop', 'p/b/y', 5, NOW + 365 * 24 * 60 * MINUTE)).toBe(3);
    // Confirmed again (the same payment event twice): the same sale, nothing more taken.
    expect(await stock.confirm('shop', 'o2', NOW + 2 * MINUTE, () => 5)).toMatchObject({ sold: [{ status: 'sold' }] });
    expect(await stock.left('shop', 'p/b/y', 5, NOW)).toBe(3);
  });

  it('sells a lapsed hold when its units are still there, and loses it when someone bought them meanwhile', async () => {
    await stock.take('shop', 'late', [line('p/a/x', 2)], NOW);
    expect(await stock.confirm('shop', 'late', NOW + 20 * MINUTE, () => 5)).toMatchObject({ sold: [{ status: 'sold' }] });
    expect(await stock.left('shop', 'p/a/x', 5, NOW + 20 * MINUTE)).toBe(3);

    await stock.take('shop', 'slow', [line('p/b/y', 4), line('p/c/z', 1)], NOW);
    await stock.take('shop', 'quick', [line('p/b/y', 3)], NOW + 16 * MINUTE);
    expect(await stock.confirm('shop', 'slow', NOW + 17 * MINUTE, () => 5)).toEqual({ refused: 'lost' });
    // Nothing of the lost order holds anything, its other line included; the quick buyer keeps theirs.
    expect(await stock.left('shop', 'p/b/y', 5, NOW + 17 * MINUTE)).toBe(2);
    expect(await stock.left('shop', 'p/c/z', 5, NOW + 17 * MINUTE)).toBe(5);
    expect(await stock.confirm('shop', 'nobody', NOW, () => 5)).toEqual({ refused: 'unknown' });
  });

  it('gives back an order’s holds at once, and marks lapsed holds as released', async () => {
    await stock.take('shop', 'o1', [line('p/a/x', 3)], NOW);
    await stock.release('shop', 'o1', NOW + MINUTE);
    expect(await stock.left('shop', 'p/a/x', 5, NOW + MINUTE)).toBe(5);

    await stock.take('shop', 'o2', [line('p/a/x', 1), line('p/b/y', 1)], NOW);
    expect(await stock.sweep('shop', NOW + 10 * MINUTE)).toBe(0);
    expect(await stock.sweep('shop', NOW + 16 * MINUTE)).toBe(2);
    expect(await stock.sweep('shop', NOW + 17 * MINUTE)).toBe(0);
    expect(await stock.left('shop', 'p/a/x', 5, NOW + 17 * MINUTE)).toBe(5);
    // Paid after the sweep, while nobody bought its units: still sold to it.
    expect(await stock.confirm('shop', 'o2', NOW + 18 * MINUTE, () => 5)).toMatchObject({ sold: [{ status: 'sold' }, { status: 'sold' }] });
    expect(await stock.left('shop', 'p/a/x', 5, NOW + 18 * MINUTE)).toBe(4);
    // An order given back is never sold.
    expect(await stock.confirm('shop', 'o1', NOW + 18 * MINUTE, () => 5)).toEqual({ refused: 'unknown' });
  });

  it('refuses a hold of no units', async () => {
    await expect(stock.take('shop', 'o1', [line('p/a/x', 0)], NOW)).rejects.toThrow(/positive whole number/);
  });
});
