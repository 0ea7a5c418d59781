import { describe, expect, it } from 'vitest';
import { BLOCKS } from '../../blocks/registry.ts';
import { fieldNames, ITEM_KINDS, type ItemKind } from './index.ts';

const kinds = Object.entries(ITEM_KINDS) as [ItemKind, (typeof ITEM_KINDS)[ItemKind]][];

describe('item kinds', () => {
  it.each(kinds)('%s is listed under its own name', (key, kind) => {
    expect(kind.name).toBe(key);
  });

  it.each(kinds)('%s names only fields of its own items', (key, kind) => {
    const fields = fieldNames(key);
    for (const field of [...kind.slugFrom, ...kind.groupable, ...kind.placeholders]) expect(fields, field).toContain(field);
  });

  it.each(kinds)('%s shows registered blocks by default', (_key, kind) => {
    expect(Object.keys(BLOCKS)).toContain(kind.blocks.detail.type);
    expect(Object.keys(BLOCKS)).toContain(kind.blocks.group.type);
  });
});
