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
