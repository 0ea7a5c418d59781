import { describe, expect, it } from 'vitest';
import { likelyTemplate, TEMPLATES, unknownTemplate } from './index.ts';

describe('the template a word means', () => {
  it('finds the repair shop for every word a cyclist uses, where the spelling alone found the bakery or nothing', () => {
    for (const word of ['bike', 'bicycle', 'cycle', 'cycling', 'bike-repair', 'bike shop', 'Bike Shop', 'bikes', 'bicyle', 'cycle-repair', 'bicycle mechanic'])
      expect(likelyTemplate(word), word).toBe('repair-shop');
    expect(unknownTemplate('bike')).toContain('Did you mean "repair-shop" (bike repair shop)?');
  });

  it('still reads a baker, a typo and another word for the business', () => {
    expect(likelyTemplate('bake')).toBe('bakery');
    expect(likelyTemplate('bakry')).toBe('bakery');
    expect(likelyTemplate('yogaa')).toBe('yoga');
    expect(likelyTemplate('barber')).toBe('salon');
    expect(likelyTemplate('car-repair')).toBe('auto-repair');
    expect(likelyTemplate('coffee shop')).toBe('cafe');
    expect(likelyTemplate('zeppelin')).toBeUndefined();
    expect(likelyTemplate('constructor')).toBeUndefined();
  });

  it('gives every synonym to one template only, so that a word never means two', () => {
    const owners = new Map<string, string>();
    for (const [name, t] of Object.entries(TEMPLATES)) {
      for (const word of [name, ...(t.synonyms ?? [])]) {
        const term = word.toLowerCase().replace(/[\s_]+/g, '-');
        expect(owners.get(term), `"${word}" of ${name}`).toBeUndefined();
        owners.set(term, name);
      }
    }
  });
});
