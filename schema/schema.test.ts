import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { BLOCKS } from '../blocks/registry.ts';
import { readdir } from 'node:fs/promises';
import { DOCS_DIR, docPages } from './docs.ts';
import { SCHEMA_FILE, schemaFileText } from './generate.ts';
import { buildSiteSchema } from './compose.ts';

type Json = { [key: string]: unknown };

/** Every property schema below `properties` must say what it is for. */
function undescribed(node: unknown, path: string, out: string[]) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach((child, i) => undescribed(child, `${path}[${i}]`, out));
    return;
  }
  const obj = node as Json;
  for (const [key, child] of Object.entries(obj)) {
    if (key === 'properties' && child && typeof child === 'object') {
      for (const [name, prop] of Object.entries(child as Json)) {
        if (!(prop as Json).description && !(prop as Json).$ref) out.push(`${path}.${name}`);
        undescribed(prop, `${path}.${name}`, out);
      }
    } else {
      undescribed(child, `${path}.${key}`, out);
    }
  }
}

describe('site schema', () => {
  it('the committed schema/site.schema.json matches the blocks (run npm run schema after changing a block)', async () => {
    expect(await readFile(SCHEMA_FILE, 'utf8')).toBe(schemaFileText());
  });

  it('the committed author docs match the schemas and examples (run npm run docs after changing a block)', async () => {
    const pages = docPages();
    const committed = (await readdir(DOCS_DIR, { recursive: true })).filter((f) => f.endsWith('.md')).sort();
    expect(committed).toEqual([...pages.keys()].sort());
    for (const [file, text] of pages) expect(await readFile(DOCS_DIR + file, 'utf8'), file).toBe(text);
  });

  it('gives every field a description', () => {
    const missing: string[] = [];
    undescribed(buildSiteSchema(BLOCKS), '#', missing);
    expect(missing).toEqual([]);
  });

  it('has one branch per registered block, keyed by its type', () => {
    const defs = buildSiteSchema(BLOCKS).$defs as { block: { oneOf: { properties: { type: { const: string } } }[] } };
    expect(defs.block.oneOf.map((b) => b.properties.type.const)).toEqual(Object.keys(BLOCKS));
    for (const [key, block] of Object.entries(BLOCKS)) expect(block.type).toBe(key);
  });
});
