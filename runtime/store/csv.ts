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

/** How the desk words a records CSV: an answer's column header (its question's label), and a moment (in the site's zone). */
export interface CsvWording {
  header?: (name: string) => string;
  moment?: (iso: string) => string;
}

/**
 * Records as CSV with a header row, every cell neutralised; `changed` is how many cells were. An
 * answer's column is headed as `wording.header` names it, unless another column has that header
 * (then by its own name, so that no two columns look alike); `createdAt` is told by `wording.moment`.
 */
export function recordsCsv(found: StoredRecord[], wording: CsvWording = {}): { csv: string; changed: number } {
  const count = { n: 0 };
  const moment = wording.moment;
  const flat = rows(neutraliseDeep(found, count) as StoredRecord[]).map((r) => (moment && r.createdAt ? { ...r, createdAt: moment(r.createdAt) } : r));
  const keys = [...new Set(flat.flatMap((r) => Object.keys(r)))];
  const answered = new Set(found.flatMap((r) => Object.keys(r.answers ?? {})));
  const wanted = keys.map((key) => (answered.has(key) && wording.header ? neutralise(wording.header(key)) : key));
  const headers = wanted.map((header, i) =>
    wanted.indexOf(header) === wanted.lastIndexOf(header) && (header === keys[i] || !keys.includes(header)) ? header : keys[i],
  );
  const columns = keys.map((key, i) => ({ key, header: headers[i] as string }));
  return { csv: stringify(flat, { header: true, columns: columns.length ? columns : ['id', 'createdAt'] }), changed: count.n };
}

/** A table (a desk board's columns and rows) as CSV, every cell neutralised. */
export function tableCsv(columns: readonly string[], table: readonly (readonly string[])[]): string {
  return stringify(
    table.map((row) => row.map(neutralise)),
    { header: true, columns: [...columns] },
  );
}
