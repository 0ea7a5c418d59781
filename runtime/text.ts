/** A value as text: what String() gives for text, numbers, yes/no and lists, but JSON for an object (never "[object Object]"). */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || value === undefined || value === null) return String(value);
  if (Array.isArray(value)) return value.map(asText).join(',');
  return JSON.stringify(value) ?? '';
}
