import { createHash } from 'node:crypto';

/** JSON with every object's keys in order, so that the same records give the same text whichever store they come from. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** A digest of records that does not depend on their order or on the order of their keys. */
export function canonicalDigest(records: readonly { id: string }[]): string {
  const sorted = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return createHash('sha256').update(canonical(sorted)).digest('hex');
}
