/**
 * What visitors sent as a spreadsheet: one row a record, one column an answer, every cell safe to
 * open. The submissions command and the owner's desk both export through here.
 */
import { stringify } from 'csv-stringify/sync';
import { asText } from '../text.ts';
import type { StoredRecord } from './store.ts';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before one) as a
 * formula: such text from a visitor gets a leading apostrophe, which shows it as text.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Every string inside a value neutralised, with a count of the ones changed. */
export function neutraliseDeep(value: unknown, count: { n: number }): unknown {
  if (typeof value === 'string') {
    const safe = neutralise(value);
    if (safe !== value) count.n++;
    return safe;
  }
  if (Array.isArray(value)) return value.map((v) => neutraliseDeep(v, count));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, neutraliseDeep(v, count)]));
  return value;
}

/** Flat rows: one column per answer, in the order answers first appear. */
export function rows(records: StoredRecord[]): Record<string, string>[] {
  return records.map((r) => {
    const answers = (r.answers ?? {}) as Record<string, unknown>;
    const files = (r.files ?? []) as { filename: string }[];
    const flat: Record<string, string> = { id: r.id, createdAt: r.createdAt, form: asText(r.form ?? ''), page: asText(r.page ?? '') };
    if (r.status) flat.status = asText(r.status);
    for (const [k, v] of Object.entries(answers)) flat[k] = Array.isArray(v) ? v.join('; ') : String(v);
    // The sender's address is among the answers already; a record without it (a contact) still shows it.
    if (r.email) flat.email ??= asText(r.email);
    if (files.length) flat.files = files.map((f) => f.filename).join('; ');
    return flat;
  });
}

/** Records as CSV with a header row, every cell neutralised; `changed` is how many cells were. */
export function recordsCsv(found: StoredRecord[]): { csv: string; changed: number } {
  const count = { n: 0 };
  const flat = rows(neutraliseDeep(found, count) as StoredRecord[]);
  const columns = [...new Set(flat.flatMap((r) => Object.keys(r)))];
  return { csv: stringify(flat, { header: true, columns: columns.length ? columns : ['id', 'createdAt'] }), changed: count.n };
}

/** A table (a desk board's columns and rows) as CSV, every cell neutralised. */
export function tableCsv(columns: readonly string[], table: readonly (readonly string[])[]): string {
  return stringify(
    table.map((row) => row.map(neutralise)),
    { header: true, columns: [...columns] },
  );
}
