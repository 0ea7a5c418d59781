import { describe, expect, it } from 'vitest';
import { choices, nearest } from './suggest.ts';

describe('nearest', () => {
  const kinds = ['dentist', 'fitness', 'salon', 'law-firm', 'retail'];

  it('finds a near spelling, a word in curly quotes, and a word of the same meaning', () => {
    expect(nearest('dentst', kinds)).toBe('dentist');
    expect(nearest('“salon”', kinds)).toBe('salon');
    expect(nearest('yoga-studio', kinds)).toBe('fitness');
    expect(nearest('barber', kinds)).toBe('salon');
    expect(nearest('attorney', kinds)).toBe('law-firm');
    expect(nearest('boutique', kinds)).toBe('retail');
  });

  it('prefers what a word means over a near spelling, and reads a word of several parts by what most of them mean', () => {
    const kindsNow = ['auto-repair', 'bakery', 'bicycle-shop', 'cafe', 'repair-shop', 'retail'];
    // "bike" is one letter from "bake": the meaning wins, where the spelling alone named the bakery.
    for (const word of ['bike', 'Bicycle', 'cycle', 'cycling', 'bikes', 'e-bike', 'bike shop', 'bike_repair'])
      expect(nearest(word, kindsNow), word).toBe('bicycle-shop');
    expect(nearest('bakry', kindsNow)).toBe('bakery');
    expect(nearest('repair', kindsNow)).toBe('repair-shop');
    // A tie goes to the earlier part: a car repair is the garage's, a coffee shop the café's.
    expect(nearest('car-repair', kindsNow)).toBe('auto-repair');
    expect(nearest('coffee shop', kindsNow)).toBe('cafe');
    // "tel" is two letters from "text", but it means a phone number.
    expect(nearest('tel', ['text', 'email', 'phone', 'textarea'])).toBe('phone');
    expect(nearest('Salon', kinds)).toBe('salon');
  });

  it('takes meanings and spellings of its own: a name or a near spelling of a word that means a candidate', () => {
    const words = new Map([
      ['bicycle', 'repair-shop'],
      ['bake', 'bakery'],
      ['repair', 'repair-shop'],
    ]);
    const vocabulary = { meanings: (t: string) => (words.has(t) ? [words.get(t) as string] : undefined), words: words.keys() };
    expect(nearest('bicyle', ['bakery', 'repair-shop'], vocabulary)).toBe('repair-shop');
    expect(nearest('bake', ['bakery', 'repair-shop'], vocabulary)).toBe('bakery');
    expect(nearest('bicycle-repair', ['bakery', 'repair-shop'], vocabulary)).toBe('repair-shop');
    expect(nearest('zeppelin', ['bakery', 'repair-shop'], vocabulary)).toBeUndefined();
  });

  it('suggests a meaning only among the choices at hand, and nothing for an unrelated word', () => {
    expect(nearest('yoga', ['salon', 'dentist'])).toBeUndefined();
    expect(nearest('spaceship', kinds)).toBeUndefined();
  });

  it('never reads the prototype of its table for words such as constructor or __proto__', () => {
    for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(() => nearest(word, kinds)).not.toThrow();
      expect(nearest(word, kinds)).toBeUndefined();
    }
    expect(choices('constructor', kinds)).toBe('use one of: dentist, fitness, salon, law-firm, retail.');
  });
});
