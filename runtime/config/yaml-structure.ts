/**
 * The shape of a YAML file read line by line, the way a person reads its indentation: which lines
 * are keys and list items, the column each starts at, and which lines are only text (inside a "|"
 * or ">" block, a quoted text over several lines, a list in brackets, or comments). From the lines
 * above a key or item, the columns it may start at: those of the groups it could belong to.
 */

export const indentOf = (line: string) => /^ */.exec(line)?.[0].length ?? 0;
/** The line without a trailing comment (a " #" outside quotes) and trailing spaces. */
export const content = (line: string) => line.replace(/\s+#(?=(?:[^"']|"[^"]*"|'[^']*')*$).*$/, '').trimEnd();

/** A key or a list item on its line. Columns count from 0. */
export interface Row {
  /** Where the line starts: the "-" of an item, else its key. */
  col: number;
  /** Where its key starts: after "- " on an item; none for an item that is a plain value. */
  key?: number;
  dash: boolean;
  name?: string;
  /** "key:" or "- " with nothing after it: what follows, further in, is its value. */
  opens: boolean;
  /** What follows the key's colon (or the "- " of a plain item), without a comment. */
  value: string;
}

const KEY = /^([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]+|$)/;
/** Only an anchor or a tag after the colon: the value still follows on the next lines. */
const MARKS_ONLY = /^(?:[&!]\S*\s*)+$/;

export function rowOf(line: string): Row | undefined {
  if (/^ *\t/.test(line) || /^\s*#/.test(line)) return undefined;
  const text = line.includes('#') ? content(line) : line.trimEnd();
  if (!text.trim()) return undefined;
  const col = indentOf(line);
  const item = /^-(?: +|$)/.exec(text.slice(col));
  if (item) {
    const at = col + item[0].length;
    const rest = text.slice(at);
    const key = KEY.exec(rest);
    if (!key) return { col, dash: true, opens: !rest || MARKS_ONLY.test(rest), value: rest };
    const value = rest.slice(key[0].length).trim();
    return { col, key: at, dash: true, name: key[1], opens: !value || MARKS_ONLY.test(value), value };
  }
  const key = KEY.exec(text.slice(col));
  if (!key) return undefined;
  const value = text.slice(col + key[0].length).trim();
  return { col, key: col, dash: false, name: key[1], opens: !value || MARKS_ONLY.test(value), value };
}

/** Whether a quoted text that starts the value is closed on its line. */
export function quoteClosed(value: string): boolean {
  const quote = value[0];
  const rest = value.slice(1);
  return quote === '"' ? /(^|[^\\])(\\\\)*"/.test(rest) : /'(?!')/.test(rest.replace(/''/g, ''));
}

/** How many brackets a line leaves open, outside quotes. */
function bracketDepth(line: string, depth: number): number {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] as string))) break;
    else if (c === '[' || c === '{') depth++;
    else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return depth;
}

/** The lines after row i that are the rest of its value when that value is text spread over lines: their count. */
function textAfter(lines: readonly string[], i: number, row: Row): number {
  const parent = row.key ?? row.col;
  let j = i + 1;
  if (/^[|>][-+0-9]*$/.test(row.value)) {
    // The block's first line sets how far in its text is; a line less far in ends it.
    const first = lines.slice(i + 1).find((l) => l.trim());
    const inner = first === undefined ? parent + 1 : Math.max(parent + 1, indentOf(first));
    while (j < lines.length && (!(lines[j] as string).trim() || indentOf(lines[j] as string) >= inner)) j++;
    // Blank lines at the end of a block belong to what follows.
    while (j > i + 1 && !(lines[j - 1] as string).trim()) j--;
  } else if (/^["']/.test(row.value) && !quoteClosed(row.value)) {
    const quote = row.value[0] as string;
    const close = quote === '"' ? /(^|[^\\])(\\\\)*"/ : /'(?!')/;
    while (j < lines.length && !close.test(quote === "'" ? (lines[j] as string).replace(/''/g, '') : (lines[j] as string))) j++;
    // Never closed: a mistake of its own, not text to pass over.
    if (j >= lines.length) return 0;
    j++;
  } else if (/^[[{]/.test(row.value)) {
    let depth = bracketDepth(row.value, 0);
    while (depth > 0 && j < lines.length) depth = bracketDepth(lines[j++] as string, depth);
  }
  return j - i - 1;
}

/** The rows of the lines last read, by the array they were read from: the checks of one mistake all read the same lines. */
const read = new WeakMap<readonly string[], readonly (Row | undefined)[]>();

/** Each line's key or item, or undefined for a line that is neither (blank, a comment, text, a line indented with a tab). */
export function rows(lines: readonly string[]): readonly (Row | undefined)[] {
  const known = read.get(lines);
  if (known) return known;
  const out: (Row | undefined)[] = [];
  for (let i = 0; i < lines.length; i++) {
    const row = rowOf(lines[i] as string);
    out.push(row);
    if (!row) continue;
    const skip = textAfter(lines, i, row);
    for (let k = 0; k < skip; k++) out.push(undefined);
    i += skip;
  }
  read.set(lines, out);
  return out;
}

/** The lines above a key or item: the one just above, and where each group it could belong to starts. */
export interface Context {
  /** The nearest key or item above, with its line number. */
  prev?: { row: Row; line: number };
  /** Column of a group of keys → the nearest line above with a key there (0 for the top of the file). */
  keys: Map<number, number>;
  /** Column of a list's items → the nearest line above with an item there. */
  dashes: Map<number, number>;
}

export function contextOf(rs: readonly (Row | undefined)[], n: number): Context {
  const keys = new Map<number, number>();
  const dashes = new Map<number, number>();
  let prev: Context['prev'];
  let limit = Infinity;
  for (let p = n - 1; p >= 1 && limit > 0; p--) {
    const row = rs[p - 1];
    if (!row) continue;
    prev ??= { row, line: p };
    if (row.col >= limit) continue;
    if (row.key !== undefined && !keys.has(row.key)) keys.set(row.key, p);
    if (row.dash && !dashes.has(row.col)) dashes.set(row.col, p);
    limit = row.col;
  }
  if (!keys.has(0)) keys.set(0, 0);
  return { prev, keys, dashes };
}

/** The column the value of an opening row is measured from. */
export const baseOf = (row: Row) => row.key ?? row.col;

/** Whether a row may stand where it does: inside the row above that opens, or in line with a group it could belong to. */
export function fits(row: Row, ctx: Context): boolean {
  const prev = ctx.prev?.row;
  if (prev?.opens) {
    const base = baseOf(prev);
    // A list may start at its key's own column ("key:" then "- item" below it).
    if (row.col > base || (row.dash && prev.key !== undefined && row.col === base)) return true;
  }
  return row.dash ? ctx.dashes.has(row.col) : ctx.keys.has(row.col);
}

/** The nearest of some columns, the further in of two as near. */
export function nearest(columns: Iterable<number>, col: number): number | undefined {
  let best: number | undefined;
  for (const c of columns) {
    if (c === col) continue;
    if (best === undefined || Math.abs(c - col) < Math.abs(best - col) || (Math.abs(c - col) === Math.abs(best - col) && c > best)) best = c;
  }
  return best;
}

/** The usual step from a key that opens to the lines it holds (2 in most files). */
export function usualStep(rs: readonly (Row | undefined)[]): number {
  const counts = new Map<number, number>();
  let opener: Row | undefined;
  for (const row of rs) {
    if (!row) continue;
    if (opener && row.col > baseOf(opener)) {
      const step = row.col - baseOf(opener);
      counts.set(step, (counts.get(step) ?? 0) + 1);
    }
    opener = row.opens ? row : undefined;
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 2;
}
