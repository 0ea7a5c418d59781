import { Document, parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { note, writeNotes } from './notes.ts';

describe('notes to the owner in a written site', () => {
  it('writes a note as a comment above its key, at any depth, and leaves no key of its own', () => {
    const doc = new Document({ pages: [{ blocks: [{ type: 'map', ...note('lat', 'An example: write where you are.'), lat: 44.4759, lng: -73.2121 }] }] });
    writeNotes(doc);
    const text = doc.toString();
    expect(text).toContain('      - type: map\n        # An example: write where you are.\n        lat: 44.4759\n        lng: -73.2121\n');
    expect(parse(text)).toEqual({ pages: [{ blocks: [{ type: 'map', lat: 44.4759, lng: -73.2121 }] }] });
  });

  it('drops a note whose key is not there', () => {
    const doc = new Document({ name: 'Spoke & Chain', ...note('lat', 'Nowhere to go.') });
    writeNotes(doc);
    expect(doc.toString()).toBe('name: Spoke & Chain\n');
  });
});
