/** The usual mistakes behind a YAML syntax error, each found by reading the lines around where the parser stopped, with its fix as a change to one line. */
import type { Problem } from './problem.ts';
import { content, indentOf, quoteClosed, rows } from './yaml-structure.ts';

/** A change to one line: characters col..endCol (exclusive) become text. */
interface LineEdit {
  col: number;
  endCol: number;
  text: string;
}

/** A mistake found on a line: where it is, what to say, and the change to that line (or the changes to the file) that mend it. */
export type Found = Omit<Problem, 'code' | 'severity' | 'file'> & { edit?: LineEdit };

const KEY_LINE = /^(\s*)(- )?([A-Za-z_][\w-]*):(?:\s|$)/;

/** The nearest line above n that has text, or 0. */
function above(lines: string[], n: number): number {
  let p = n - 1;
  while (p > 0 && !(lines[p - 1] ?? '').trim()) p--;
  return p;
}

/** A quoted value left open: the caret goes under the opening quote. */
export function unclosedQuote(lines: string[], from: number, to: number): Found | undefined {
  for (let n = to; n >= from; n--) {
    const line = lines[n - 1] ?? '';
    const m = /^(\s*(?:- )?[A-Za-z_][\w-]*:\s+|\s*- )(["'])/.exec(line);
    if (!m) continue;
    const quote = m[2] as string;
    const rest = line.slice((m[1] as string).length + 1);
    const closed = quote === '"' ? /(^|[^\\])"/.test(rest) : /'(?!')/.test(rest.replace(/''/g, ''));
    if (!closed) {
      const end = line.trimEnd().length + 1;
      return {
        line: n,
        col: (m[1] as string).length + 1,
        length: 1,
        detail: `The text that starts with ${quote} here is never closed.`,
        fix: `add ${quote} at the end of the text, after "${line.trimEnd().split(/\s+/).pop()}".`,
        edit: { col: end, endCol: end, text: quote },
      };
    }
  }
  return undefined;
}

/** The brackets of a line outside quotes: what is still open at its end, with where each opened. */
function openBrackets(line: string): { char: string; col: number }[] {
  const open: { char: string; col: number }[] = [];
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote) {
      if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] as string))) break;
    else if (c === '[' || c === '{') open.push({ char: c, col: i + 1 });
    else if ((c === ']' || c === '}') && open.length) open.pop();
  }
  return open;
}

/** "areaServed: [Millbrook, Cedar Grove": a list or group in brackets never closed on its line. */
export function unclosedBracket(lines: string[], from: number, to: number): Found | undefined {
  for (let n = to; n >= Math.max(1, from - 1); n--) {
    const line = lines[n - 1] ?? '';
    const key = KEY_LINE.exec(line);
    const open = openBrackets(line);
    const first = open[0];
    if (!first || (!key && !/^\s*- [[{]/.test(line))) continue;
    const spaced = line[first.col] === ' ';
    const closing = `${spaced ? ' ' : ''}${open
      .map((o) => (o.char === '[' ? ']' : '}'))
      .reverse()
      .join('')}`;
    const end = content(line).length + 1;
    const what = first.char === '[' ? 'list' : 'group';
    return {
      line: n,
      col: first.col,
      length: 1,
      detail: `The ${what} that starts with "${first.char}" here is never closed: YAML reads on into the next lines looking for its "${closing.slice(-1)}".`,
      fix: `add "${closing.trim()}" at the end of the line: ${content(line).trim()}${closing}`,
      edit: { col: end, endCol: end, text: closing },
    };
  }
  return undefined;
}

/**
 * A list item whose "- " was deleted: a key at the column where the list's dashes are, with the
 * item's other keys indented below it as if the dash were still there.
 */
export function missingDash(lines: string[], from: number, to: number): Found | undefined {
  for (let n = Math.max(2, from - 1); n <= to; n++) {
    const line = lines[n - 1] ?? '';
    const key = KEY_LINE.exec(line);
    if (!key || key[2]) continue;
    const here = indentOf(line);
    // A sibling above at the same column that starts with "- ", with nothing shallower between.
    let sibling = 0;
    for (let p = n - 1; p > 0; p--) {
      const text = lines[p - 1] ?? '';
      if (!text.trim()) continue;
      const indent = indentOf(text);
      if (indent < here) break;
      if (indent === here) {
        if (/^\s*- /.test(text)) sibling = p;
        break;
      }
    }
    if (!sibling) continue;
    return {
      line: n,
      col: here + 1,
      length: (key[3] as string).length,
      detail: `"${key[3]}" stands where the list's items start, at the column of the "- " on line ${sibling}, but it has no "- ": YAML cannot tell whether it is a new item.`,
      fix: `write "- " before "${key[3]}" to start a new item: - ${line.trim()}`,
      edit: { col: here + 1, endCol: here + 1, text: '- ' },
    };
  }
  return undefined;
}

/** A plain text value's next line, indented no further than its key: YAML reads it as a key without a colon. */
export function continuation(lines: string[], from: number, to: number, keyNames: ReadonlySet<string>): Found | undefined {
  for (let n = Math.max(2, from); n <= to; n++) {
    const line = lines[n - 1] ?? '';
    if (!line.trim() || KEY_LINE.test(line) || /^\s*(- |#)/.test(line)) continue;
    const first = /^\s*([A-Za-z_][\w-]*)/.exec(line)?.[1];
    if (first && keyNames.has(first) && line.trim().split(/\s+/).length <= 4) continue;
    const p = above(lines, n);
    const prev = lines[p - 1] ?? '';
    const key = /^(\s*)(- )?([A-Za-z_][\w-]*):\s+([^\s"'[{|>&*!#].*)$/.exec(prev);
    if (!key) continue;
    const keyCol = (key[1] as string).length + (key[2] ? 2 : 0);
    if (indentOf(line) > keyCol) continue;
    const want = keyCol + 2;
    return {
      line: n,
      col: 1,
      length: Math.max(1, indentOf(line)),
      detail: `This line goes on with the text of "${key[3]}" on line ${p}, but it is not indented further than "${key[3]}", so YAML reads it as a new key.`,
      fix: `indent it by ${want} spaces, further than "${key[3]}", so it continues the text.`,
      edit: { col: 1, endCol: indentOf(line) + 1, text: ' '.repeat(want) },
    };
  }
  return undefined;
}

/** "title Home": a key without its colon; or "address" alone on its line, with its keys below it. */
export function missingColon(lines: string[], from: number, to: number, keyNames: ReadonlySet<string>): Found | undefined {
  for (let n = from; n <= to; n++) {
    const line = lines[n - 1] ?? '';
    const text = content(line);
    const m = /^(\s*)(- )?([A-Za-z_][\w-]*)(?: +(\S.*))?$/.exec(text);
    if (!m || /:(\s|$)/.test(text)) continue;
    const col = (m[1] as string).length + (m[2] ? 2 : 0) + 1;
    const keyEnd = col + (m[3] as string).length;
    const value = m[4];
    if (value === undefined) {
      // A word alone: a key whose value is the group of lines further in below it.
      const next = lines.slice(n).find((l) => l.trim() && !/^\s*#/.test(l));
      if (!next || indentOf(next) < col || (indentOf(next) === col - 1 && !/^\s*- /.test(next))) continue;
      return {
        line: n,
        col,
        length: (m[3] as string).length,
        detail: `"${m[3]}" has no colon, so YAML cannot read the lines under it as its value.`,
        fix: `write "${m[3]}:" with a colon after it.`,
        edit: { col: keyEnd, endCol: keyEnd, text: ':' },
      };
    }
    const prev = lines[n - 2] ?? '';
    if (!KEY_LINE.test(prev) && !/^\s*- /.test(prev) && !/:\s*$/.test(prev) && !keyNames.has(m[3] as string)) continue;
    return {
      line: n,
      col,
      length: text.length - col + 1,
      detail: `"${text.trim().replace(/^- /, '')}" has no colon, so it cannot be read as a key and a value.`,
      fix: `write "${m[3]}: ${value.trim()}".`,
      edit: { col: keyEnd, endCol: keyEnd, text: ':' },
    };
  }
  return undefined;
}

const escaped = (text: string) => text.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/** The lines after line n that go on with its plain text: further in than its key, up to a blank line or a line that is not. */
function textLines(lines: string[], n: number, keyCol: number): number {
  let last = n;
  while (last < lines.length) {
    const next = lines[last] as string;
    if (!next.trim() || /^\s*#/.test(next) || indentOf(next) <= keyCol) break;
    last++;
  }
  return last;
}

/**
 * "tagline: Open daily: coffee": plain text holding ": ", which YAML reads as another key; also
 * on a later line of a text that goes on over several lines, where the parser stops a line early,
 * at the key. The fix quotes the whole text, every line of it.
 */
export function colonInText(lines: string[], from: number, to: number): Found | undefined {
  for (let n = from; n <= to; n++) {
    const line = lines[n - 1] ?? '';
    const m = /^(\s*(?:- )?)([A-Za-z_][\w-]*):\s+([^"'[{|>&*!#].*)$/.exec(line);
    if (!m) continue;
    const value = m[3] as string;
    const valueCol = line.length - value.length + 1;
    const last = textLines(lines, n, (m[1] as string).length);
    // Where the first ": " is: on the key's line, or on a line that goes on with its text.
    let at: { line: number; col: number } | undefined;
    for (let k = n; k <= last && !at; k++) {
      // A later line that starts like a key ("phone: ...") is a key indented too far, not text.
      if (k > n && KEY_LINE.test(lines[k - 1] as string)) break;
      const text = k === n ? value : (lines[k - 1] as string);
      const inner = content(text).search(/:(\s|$)/);
      if (inner >= 0) at = { line: k, col: (k === n ? valueCol : 1) + inner };
    }
    if (!at) continue;
    const parts = [content(value), ...lines.slice(n, last).map((l) => content(l))];
    const quoted = `"${parts.map(escaped).join('\n')}"`;
    const firstWord = parts[0]?.trim().split(/\s+/)[0] ?? '';
    const lastWord = parts.at(-1)?.trim().split(/\s+/).pop() ?? '';
    const inside = parts.some((p) => /["\\]/.test(p)) ? ' (and a \\ before each " or \\ inside it)' : '';
    return {
      line: at.line,
      col: at.col,
      length: 1,
      detail: `The text after "${m[2]}:" contains ": ", which YAML reads as the start of another key.`,
      fix:
        last > n
          ? `put the whole text in quotes, over all ${last - n + 1} of its lines: type " before "${firstWord}" on line ${n} and " after "${lastWord}" on line ${last}${inside}.`
          : `put the text in quotes: ${m[2]}: ${quoted}`,
      ...(last > n
        ? { edits: [{ line: n, col: valueCol, endLine: last, endCol: content(lines[last - 1] as string).length + 1, text: quoted }] }
        : { edit: { col: valueCol, endCol: valueCol + content(value).length, text: quoted } }),
    };
  }
  return undefined;
}

/**
 * A quoted text opened far above where the parser stopped: YAML reads on, over the lines below,
 * to the next quote mark in the file, and stops only where the text after that makes no sense.
 * A text meant to go over several lines ends in its closing quote with nothing after it.
 */
export function unclosedQuoteAbove(lines: string[], at: number): Found | undefined {
  const rs = rows(lines);
  for (let n = 1; n <= Math.min(at, lines.length); n++) {
    const row = rs[n - 1];
    if (!row || !/^["']/.test(row.value) || quoteClosed(row.value)) continue;
    const quote = row.value[0] as string;
    let after: string | undefined;
    for (let j = n; j < lines.length && after === undefined; j++) {
      const text = quote === "'" ? (lines[j] as string).replace(/''/g, '  ') : (lines[j] as string);
      const close = quote === '"' ? /(?:^|[^\\])(?:\\\\)*"/.exec(text) : /'/.exec(text);
      if (close) after = text.slice(close.index + close[0].length);
    }
    if (after !== undefined && /^\s*(#.*)?$|^\s*[,\]}]/.test(after)) continue;
    return unclosedQuote(lines, n, n);
  }
  return undefined;
}
