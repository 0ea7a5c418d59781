/**
 * What the checks that read a document before its schema (YAML's line mistakes, the document's
 * budget) need to know of the schema: every key name it has anywhere, and the keys whose value is
 * always one of a fixed list of words (type, kind, …). Worked out once per registry of blocks.
 */
import type { BlockRegistry } from '../../blocks/contract.ts';
import { buildSiteSchema } from '../../schema/compose.ts';

export interface SchemaKeys {
  /** Every key name of the site schema. */
  names: ReadonlySet<string>;
  /** Keys whose value is always one word of a fixed list, wherever the format uses them. */
  fixed: ReadonlySet<string>;
}

const known = new WeakMap<BlockRegistry, SchemaKeys>();

export function schemaKeys(blocks: BlockRegistry): SchemaKeys {
  const kept = known.get(blocks);
  if (kept) return kept;
  const listed = new Set<string>();
  const free = new Set<string>();
  const seen = new Set<unknown>();
  const fixed = (schema: unknown): boolean => {
    if (!schema || typeof schema !== 'object') return false;
    const s = schema as { enum?: unknown; const?: unknown; anyOf?: unknown[]; oneOf?: unknown[] };
    if (s.enum !== undefined || s.const !== undefined) return true;
    const branches = s.anyOf ?? s.oneOf;
    return Array.isArray(branches) && branches.length > 0 && branches.every(fixed);
  };
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const properties = (node as { properties?: Record<string, unknown> }).properties;
    if (properties && typeof properties === 'object') {
      for (const [key, schema] of Object.entries(properties)) (fixed(schema) ? listed : free).add(key);
    }
    for (const child of Object.values(node)) walk(child);
  };
  walk(buildSiteSchema(blocks));
  const keys = { names: new Set([...listed, ...free]), fixed: new Set([...listed].filter((k) => !free.has(k))) };
  known.set(blocks, keys);
  return keys;
}
