/**
 * Indentation mistakes, found from the shape of the lines (yaml-structure.ts): a key or list item
 * that starts at a column none of its possible groups uses. The fix moves the line that is out of
 * line (with the lines under it when they must move too), which is not always the line where the
 * parser stopped: one key too far in at the start of a group makes the parser stop at the next.
 */
import type { Edit } from './problem.ts';
import type { Found } from './yaml-line-mistakes.ts';
import { baseOf, contextOf, fits, indentOf, nearest, rowOf, rows, usualStep, type Context, type Row } from './yaml-structure.ts';

const spaces = (n: number) => `${n} space${n === 1 ? '' : 's'}`;

/** The next line with text after line n. */
const nextLine = (lines: readonly string[], n: number) => lines.slice(n).find((l) => l.trim() && !/^\s*#/.test(l));

/** "add 1 space before it" or "remove 2 spaces before it": what to type. */
const typing = (from: number, to: number, before: string) =>
  to > from ? `add ${spaces(to - from)} before ${before}` : `remove ${spaces(from - to)} before ${before}`;

/**
 * The line that ends an item's own keys: the lines after it at its first key's column or further
 * in, when they line up with that key (written for where the item stands now).
 */
function itemEnd(lines: readonly string[], rs: readonly (Row | undefined)[], n: number, row: Row): number {
  const keyCol = row.key ?? row.col + 2;
  let last = n;
  let keys = false;
  for (let p = n + 1; p <= lines.length; p++) {
    const text = lines[p - 1] as string;
    if (!text.trim()) continue;
    if (indentOf(text) < keyCol) break;
    // Its keys start at its own first key's column, or they were written for another place.
    if (!keys && rs[p - 1]) {
      if (indentOf(text) !== keyCol) break;
      keys = true;
    }
    last = p;
  }
  return last;
}

/**
 * Line n moved by `by` columns: a key alone (what it holds is further in either way), a list item
 * with the keys under it that line up with its first key.
 */
function move(lines: readonly string[], rs: readonly (Row | undefined)[], n: number, row: Row, by: number): { edits: Edit[]; under: number } {
  const last = row.dash ? itemEnd(lines, rs, n, row) : n;
  if (last === n) return { edits: [{ line: n, col: 1, endLine: n, endCol: row.col + 1, text: ' '.repeat(row.col + by) }], under: 0 };
  const shifted = lines.slice(n - 1, last).map((l) => (!l.trim() ? l : by > 0 ? ' '.repeat(by) + l : l.slice(-by)));
  return {
    edits: [{ line: n, col: 1, endLine: last, endCol: (lines[last - 1] as string).length + 1, text: shifted.join('\n') }],
    under: lines.slice(n, last).filter((l) => l.trim()).length,
  };
}

const andUnder = (under: number) => (under ? `, and the ${under === 1 ? 'line' : `${under} lines`} under it by as much` : '');

/**
 * The first key or item of a group, alone above the line where the parser stopped, at another
 * column than the lines after it: that first line is the one out of line ("site:", then "name"
 * three spaces in, then every other key two spaces in).
 */
function firstOutOfLine(lines: readonly string[], rs: readonly (Row | undefined)[], n: number, row: Row, ctx: Context, step: number): Found | undefined {
  const columns = row.dash ? ctx.dashes : ctx.keys;
  const t = nearest(columns.keys(), row.col);
  const at = t === undefined ? 0 : (columns.get(t) ?? 0);
  const first = rs[at - 1];
  if (t === undefined || !at || !first) return undefined;
  // An item whose own keys line up with where it should stand is itself the one out of line.
  const next = nextLine(lines, n);
  if (row.dash && next !== undefined && indentOf(next) > row.col && indentOf(next) !== row.key) return undefined;
  // The row before it opens the group, and everything between it and line n is further in than both.
  let o = at - 1;
  while (o >= 1 && !rs[o - 1]) o--;
  const opener = rs[o - 1];
  if (!opener?.opens || baseOf(opener) >= row.col) return undefined;
  for (let p = at + 1; p < n; p++) {
    const r = rs[p - 1];
    if (r && r.col <= Math.max(row.col, t)) return undefined;
  }
  // The group from line n on: its lines at line n's column, and at the first line's.
  let here = 0;
  let there = 0;
  for (let p = n; p <= lines.length; p++) {
    const r = rs[p - 1];
    if (!r) continue;
    if (r.col < Math.min(row.col, t)) break;
    if (r.dash === row.dash && r.col === row.col) here++;
    // Lines further in than line n, after it, are inside it: not the first line's group.
    if (r.dash === row.dash && r.col === t && t < row.col) there++;
  }
  // A key is compared by its own column; an item's first key moves with its "-".
  const by = row.col - (row.dash ? first.col : (first.key ?? first.col));
  const to = first.col + by;
  // One line against one: the first line moves when only there would it stand the usual step in.
  const usual = (col: number) => col - baseOf(opener) === step;
  if (there || !here || (here === 1 && !(usual(to) && !usual(first.col)))) return undefined;
  if (to < 0 || (first.dash ? to < baseOf(opener) : to <= baseOf(opener))) return undefined;
  const { edits, under } = move(lines, rs, at, first, by);
  const name = first.name ?? first.value;
  const like = row.dash ? `the item on line ${n}` : `"${row.name}" on line ${n}`;
  return {
    line: at,
    col: 1,
    length: Math.max(1, first.col),
    detail: first.dash
      ? row.dash
        ? `The first item of this list is indented ${spaces(first.col)}, but the items after it, such as the one on line ${n}, are indented ${row.col}.`
        : `"${name}" on this list item is indented ${spaces(t)}, but the keys under it, such as "${row.name}" on line ${n}, are indented ${row.col}.`
      : `"${name}" is indented ${spaces(first.col)}, but the keys after it in the same group, such as "${row.name}" on line ${n}, are indented ${row.col}.`,
    fix: first.dash
      ? `indent this item by ${spaces(to)}, so it lines up with ${like}: ${typing(first.col, to, 'the "-"')}${andUnder(under)}.`
      : `indent "${name}" by ${spaces(to)}, like ${like}: ${typing(first.col, to, 'it')}.`,
    edits,
  };
}

/** "- kind: bakery" among keys: the "- " starts a list item where the group is of keys. */
function dashAmongKeys(n: number, row: Row, ctx: Context): Found | undefined {
  const prev = ctx.prev;
  if (!prev || prev.row.dash || prev.row.opens || row.key === undefined) return undefined;
  // Right after a key that has its value, at its column: a list cannot start there.
  if (prev.row.col !== row.col && prev.row.col !== row.key && ctx.dashes.size) return undefined;
  // The key stays where it is when that is the group's column, else it takes the dash's place.
  const keep = ctx.keys.has(row.key);
  if (!keep && !ctx.keys.has(row.col)) return undefined;
  const text = keep ? ' '.repeat(row.key - row.col) : '';
  return {
    line: n,
    col: row.col + 1,
    length: 1,
    detail: `"- ${row.name}" starts with "- ", which begins a list item, but the lines around it are keys, such as "${prev.row.name}" on line ${prev.line}: a group is either keys or list items, not both.`,
    fix: `remove the "- " before "${row.name}".`,
    edits: [{ line: n, col: row.col + 1, endLine: n, endCol: row.key + 1, text }],
  };
}

/**
 * A list whose first item has lost its "- ": its keys stand two columns in, where an item's keys
 * would, and the next item (line n) starts with "- " at a column no list above uses.
 */
function firstDashMissing(lines: readonly string[], rs: readonly (Row | undefined)[], n: number, row: Row): Found | undefined {
  if (!row.dash || row.key === undefined) return undefined;
  let p = n - 1;
  let first = 0;
  // Items of one list hold the same keys: without one of this item's, the keys above are not an item.
  let alike = false;
  for (; p >= 1; p--) {
    const r = rs[p - 1];
    if (!r) continue;
    if (r.col < row.key) break;
    if (r.col === row.key) first = p;
    if (r.col === row.key && r.name === row.name) alike = true;
  }
  if (!alike) return undefined;
  const opener = rs[p - 1];
  const head = rs[first - 1];
  if (!first || !head || head.dash || !opener?.opens || baseOf(opener) > row.col) return undefined;
  for (let q = p + 1; q < first; q++) if (rs[q - 1]) return undefined;
  const line = lines[first - 1] as string;
  return {
    line: first,
    col: head.col + 1,
    length: (head.name ?? '').length,
    detail: `"${head.name}" is the start of the first item of a list whose next item, on line ${n}, starts with "- ", but it has no "- " itself.`,
    fix: `write "- " in the two spaces before "${head.name}": ${line.slice(row.col).replace(/^ {2}/, '- ').trim()}`,
    edits: [{ line: first, col: row.col + 1, endLine: first, endCol: row.col + 3, text: '- ' }],
  };
}

/** Whether a key moved to a column still holds the lines under it: they must stay further in (a list may start at its column). */
function holds(lines: readonly string[], n: number, row: Row, col: number): boolean {
  if (!row.opens && !/^[|>]/.test(row.value)) return true;
  const next = nextLine(lines, n);
  if (next === undefined) return true;
  const base = col + (row.key ?? row.col) - row.col;
  return indentOf(next) > base || (indentOf(next) === base && row.opens && /^\s*-(\s|$)/.test(next));
}

/** The keys of the list item on line `at`: its first key and the keys under it. */
function itemKeys(rs: readonly (Row | undefined)[], at: number): Set<string> {
  const item = rs[at - 1];
  const names = new Set<string>(item?.name ? [item.name] : []);
  for (let p = at + 1; item && p <= rs.length; p++) {
    const r = rs[p - 1];
    if (!r) continue;
    if (r.col <= item.col) break;
    if (r.col === item.key && r.name) names.add(r.name);
  }
  return names;
}

/** How a line above is named in a message: its key, or "the item" for a list item. */
function named(lines: readonly string[], at: number | undefined, item: boolean): string {
  const row = at ? rowOf(lines[at - 1] as string) : undefined;
  if (!at || !row) return 'the keys at the top of the file';
  return item || !row.name ? `the item on line ${at}` : `"${row.name}" on line ${at}`;
}

/** A key or item at a column between its possible groups, or further in than the key above it that already has its value. */
function outOfLine(lines: readonly string[], rs: readonly (Row | undefined)[], n: number, row: Row, ctx: Context): Found | undefined {
  const prev = ctx.prev;
  const group = row.dash ? ctx.dashes : ctx.keys;
  const inner = prev?.row.opens ? baseOf(prev.row) + 2 : undefined;
  const columns = [...group.keys(), ...(inner === undefined ? [] : [inner])].filter((c) => holds(lines, n, row, c));
  const to = nearest(columns, row.col);
  if (to === undefined) return undefined;
  const { edits, under } = move(lines, rs, n, row, to - row.col);
  const text = (lines[n - 1] as string).trim();
  const it = row.dash ? `the list item "${text.length > 40 ? `${text.slice(0, 39)}…` : text}"` : `"${row.name}"`;
  const at = { line: n, col: 1, length: Math.max(1, row.col), edits };
  const typed = typing(row.col, to, row.dash ? 'the "-"' : 'it');
  // Further in than a key that already has its value: the line above is the one to line up with.
  if (!row.dash && prev && !prev.row.opens && row.col > (prev.row.key ?? Infinity) && to === prev.row.key) {
    const key = prev.row.name;
    return {
      ...at,
      detail: `"${row.name}" is indented ${spaces(row.col)}, but "${key}" above it uses ${to}, and "${key}" already has its value.`,
      fix: `indent "${row.name}" by ${spaces(to)}, like "${key}"${row.col - to === 1 ? ': remove 1 space before it' : ''}.`,
    };
  }
  const lower = Math.max(-1, ...columns.filter((c) => c < row.col));
  const upper = Math.min(Infinity, ...columns.filter((c) => c > row.col));
  const between =
    lower >= 0 && upper < Infinity
      ? `: more than ${named(lines, group.get(lower), row.dash)} (${spaces(lower)}) but fewer than ${named(lines, group.get(upper) ?? prev?.line, row.dash)} (${spaces(upper)})`
      : '';
  const what = row.dash ? 'list' : 'group of keys';
  return {
    ...at,
    detail: `${it.replace(/^t/, 'T')} is indented ${spaces(row.col)}${between}, so YAML cannot tell which ${what} it belongs to.`,
    fix:
      to === inner && prev
        ? `indent ${row.dash ? 'this item' : `"${row.name}"`} by ${spaces(to)}, further in than "${prev.row.name}" above it, which it belongs to: ${typed}${andUnder(under)}.`
        : `indent ${row.dash ? 'this item' : `"${row.name}"`} by ${spaces(to)}, like ${named(lines, group.get(to), row.dash)}: ${typed}${andUnder(under)}.`,
  };
}

/** The first key or list item from line `from` to `to` that is out of line with the lines above it, and the move that puts it (or the line really out of line) in place. */
export function misIndent(lines: readonly string[], from: number, to: number): Found | undefined {
  const rs = rows(lines);
  const step = usualStep(rs);
  for (let n = Math.max(1, from); n <= Math.min(lines.length, to); n++) {
    const row = rs[n - 1];
    if (!row) continue;
    const ctx = contextOf(rs, n);
    if (fits(row, ctx)) continue;
    const found =
      firstOutOfLine(lines, rs, n, row, ctx, step) ??
      (row.dash ? (firstDashMissing(lines, rs, n, row) ?? dashAmongKeys(n, row, ctx)) : undefined) ??
      // A key at the column of a list's "-", named like a key of its items, is an item without its "- " (missingDash).
      (!row.dash && row.name && itemKeys(rs, ctx.dashes.get(row.col) ?? 0).has(row.name) ? undefined : outOfLine(lines, rs, n, row, ctx));
    if (found) return found;
  }
  return undefined;
}

/** Lines indented with a tab: the fix puts the spaces that make the line fit where it stands. */
export function tabIndent(lines: readonly string[], from = 1, to = lines.length): Found | undefined {
  const rs = rows(lines.map((l) => l.replace(/^[ \t]+/, (lead) => lead.replace(/\t/g, '  '))));
  let n = 0;
  for (let p = Math.max(1, from); p <= Math.min(lines.length, to) && !n; p++) if (/^ *\t/.test(lines[p - 1] as string) && rs[p - 1]) n = p;
  if (!n) return undefined;
  const line = lines[n - 1] as string;
  const lead = /^[ \t]*/.exec(line)?.[0] ?? '';
  const rest = line.slice(lead.length);
  const ctx = contextOf(rs, n);
  const prev = ctx.prev?.row;
  const tabsAs = (w: number) => lead.replace(/\t/g, ' '.repeat(w)).length;
  const natural = prev ? (prev.opens ? baseOf(prev) + 2 : rest.startsWith('- ') ? prev.col : baseOf(prev)) : 0;
  const candidates = [natural, prev?.col ?? 0, tabsAs(2), tabsAs(4), tabsAs(8), prev ? baseOf(prev) : 0];
  const want =
    candidates.find((w) => {
      const row = rowOf(' '.repeat(w) + rest);
      return row !== undefined && fits(row, ctx) && holds(lines, n, row, w);
    }) ?? natural;
  const item = rest.startsWith('-');
  const like = (item ? ctx.dashes : ctx.keys).get(want);
  const rel = !prev
    ? ''
    : want === baseOf(prev) + 2 && prev.opens
      ? ', two more than the line above'
      : want === prev.col || want === baseOf(prev)
        ? ', like the line above'
        : like
          ? `, like ${named(lines, like, item)}`
          : '';
  return {
    line: n,
    col: line.indexOf('\t') + 1,
    length: 1,
    detail: `Line ${n} is indented with a tab; YAML counts only spaces.`,
    fix: `indent with spaces, never tabs: ${want} spaces here${rel}.`,
    edit: { col: 1, endCol: lead.length + 1, text: ' '.repeat(want) },
  };
}
