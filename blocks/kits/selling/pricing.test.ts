import { describe, expect, it } from 'vitest';
import { checkChoosing, lineName, priceCart, quantityOf, refusalText, type Catalogue, type CatalogueItem } from './pricing.ts';

const hummus: CatalogueItem = {
  id: 'hummus',
  name: 'Hummus',
  price: 900,
  groups: [
    {
      id: 'size',
      name: 'Size',
      pick: 'one',
      required: true,
      choices: [
        { id: 'small', name: 'Small', delta: -200 },
        { id: 'regular', name: 'Regular', delta: 0 },
        { id: 'large', name: 'Large', delta: 400 },
      ],
    },
    {
      id: 'extras',
      name: 'Extras',
      pick: 'any',
      required: false,
      max: 2,
      choices: [
        { id: 'pita', name: 'Extra pita', delta: 150 },
        { id: 'feta', name: 'Feta', delta: 200 },
        { id: 'chili', name: 'Chili oil', delta: 0 },
      ],
    },
  ],
};
const catalogue: Catalogue = new Map([
  ['hummus', hummus],
  ['olives', { id: 'olives', name: 'Olives', price: 600, groups: [] }],
  ['fish', { id: 'fish', name: 'Fish of the day', groups: [] }],
  ['cake', { id: 'cake', name: 'Cake', price: 900, soldOut: true, groups: [] }],
]);

describe('choosing from a catalogue', () => {
  it('keeps a choice in the catalogue’s order, whatever order the options came in', () => {
    expect(checkChoosing(catalogue, { item: 'hummus', options: { extras: ['feta', 'pita'], size: ['large'] }, quantity: 2 })).toEqual({
      line: { item: 'hummus', options: ['size/large', 'extras/pita', 'extras/feta'] },
    });
    expect(checkChoosing(catalogue, { item: 'olives', options: {}, quantity: 1 })).toEqual({ line: { item: 'olives', options: [] } });
  });

  it('refuses what the catalogue does not sell, by the field it is about', () => {
    const refused = (item: string, options: Record<string, string[]>, quantity = 1) => {
      const result = checkChoosing(catalogue, { item, options, quantity });
      return 'refused' in result ? result.refused : undefined;
    };
    expect(refused('pizza', {})).toEqual({ field: 'entry', reason: 'unknown' });
    expect(refused('fish', {})).toEqual({ field: 'entry', reason: 'not-sold' });
    expect(refused('cake', {})).toEqual({ field: 'entry', reason: 'sold-out' });
    expect(refused('hummus', {})).toEqual({ field: 'options', reason: 'missing', group: 'size' });
    expect(refused('hummus', { size: ['huge'] })).toEqual({ field: 'options', reason: 'unknown', group: 'size' });
    expect(refused('hummus', { size: ['small', 'large'] })).toEqual({ field: 'options', reason: 'one-only', group: 'size' });
    expect(refused('hummus', { size: ['small'], extras: ['pita', 'feta', 'chili'] })).toEqual({ field: 'options', reason: 'too-many', group: 'extras' });
    expect(refused('hummus', { size: ['small'], sauce: ['garlic'] })).toEqual({ field: 'options', reason: 'unknown', group: 'sauce' });
    for (const quantity of [0, -1, 21, 1e6, 1.5, NaN]) expect(refused('olives', {}, quantity)).toEqual({ field: 'quantity', reason: 'quantity' });
  });

  it('says what went wrong in words', () => {
    expect(refusalText({ field: 'options', reason: 'missing', group: 'size' }, catalogue, 'hummus')).toBe('Please choose size for Hummus.');
    expect(refusalText({ field: 'quantity', reason: 'quantity' }, catalogue, 'olives')).toBe('Please choose a quantity from 1 to 20.');
    expect(refusalText({ field: 'entry', reason: 'sold-out' }, catalogue, 'cake')).toBe('Cake is sold out for now.');
  });

  it('reads a typed quantity as a whole number within limits', () => {
    expect(['1', ' 3 ', '20'].map((q) => quantityOf(q))).toEqual([1, 3, 20]);
    expect(['0', '-1', '21', '1000000', '1.5', '1e3', '', 'two', undefined, ['2']].map((q) => quantityOf(q))).toEqual(Array(10).fill(undefined));
  });
});

describe('pricing a cart', () => {
  it('prices every line from the catalogue, options included, in minor units', () => {
    const priced = priceCart(catalogue, [
      { id: 'aaaaaaaa', item: 'hummus', options: ['size/large', 'extras/feta'], quantity: 2 },
      { id: 'bbbbbbbb', item: 'olives', options: [], quantity: 3 },
    ]);
    expect(priced.lines.map((l) => [lineName(l), l.unit, l.total])).toEqual([
      ['Hummus (Large, Feta)', 1500, 3000],
      ['Olives', 600, 1800],
    ]);
    expect(priced.subtotal).toBe(4800);
    expect(priced.count).toBe(5);
    expect(priced.unavailable).toEqual([]);
  });

  it('sets aside lines the catalogue no longer sells as they are, without counting them', () => {
    const priced = priceCart(catalogue, [
      { id: 'aaaaaaaa', item: 'hummus', options: ['size/jumbo'], quantity: 1 },
      { id: 'bbbbbbbb', item: 'cake', options: [], quantity: 1 },
      { id: 'cccccccc', item: 'gone', options: [], quantity: 1 },
      { id: 'dddddddd', item: 'hummus', options: [], quantity: 1 },
    ]);
    expect(priced.lines).toEqual([]);
    expect(priced.subtotal).toBe(0);
    expect(priced.unavailable.map((u) => [u.id, u.reason])).toEqual([
      ['aaaaaaaa', 'gone'],
      ['bbbbbbbb', 'sold-out'],
      ['cccccccc', 'gone'],
      ['dddddddd', 'gone'],
    ]);
  });
});
