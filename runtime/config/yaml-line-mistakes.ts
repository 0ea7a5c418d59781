/** The usual mistakes behind a YAML syntax error, each found by reading the lines around where the parser stopped, with its fix as a change to one line. */
import type { Problem } from './problem.ts';

/** A change to one line: characters col..endCol (exclusive) become text. */
interface LineEdit {
  col: number;
  endCol: number;
  text: string;
}

/** A mistake found on a line: where it is, what to say, and the change to that line that mends it. */
export type Found = Omit<Problem, 'code' | 'severity' | 'file' | 'edits'> & { edit?: LineEdit };

const KEY_LINE = /^(\s*)(- )?([A-Za-z_][\w-]*):(?:\s|$)/;
export const indentOf = (line: string) => /^ */.exec(line)?.[0].length ?? 0;
/** The line without a trailing comment (a " #" outside quotes) and trailing spaces. */
export const content = (line: string) => line.replace(/\s+#(?=(?:[^"']|"[^"]*"|'[^']*')*$).*$/, '').trimEnd();

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
        fix: `add ${quote} at the end of the text.`,
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

/** "title Home": a key without its colon. */
export function missingColon(lines: string[], from: number, to: number): Found | undefined {
  for (let n = from; n <= to; n++) {
    const line = lines[n - 1] ?? '';
    const m = /^(\s*)(- )?([A-Za-z_][\w-]*) +([^:#]+)$/.exec(line);
    if (!m || line.includes(':')) continue;
    const prev = lines[n - 2] ?? '';
    if (!KEY_LINE.test(prev) && !/^\s*- /.test(prev) && !/:\s*$/.test(prev)) continue;
    const col = (m[1] as string).length + (m[2] ? 2 : 0) + 1;
    const keyEnd = col + (m[3] as string).length;
    return {
      line: n,
      col,
      length: line.length - col + 1,
      detail: `"${line.trim().replace(/^- /, '')}" has no colon, so it cannot be read as a key and a value.`,
      fix: `write "${m[3]}: ${(m[4] as string).trim()}".`,
      edit: { col: keyEnd, endCol: keyEnd, text: ':' },
    };
  }
  return undefined;
}

/** "tagline: Open daily: coffee": plain text holding ": ", which YAML reads as another key. */
export function colonInText(lines: string[], from: number, to: number): Found | undefined {
  for (let n = from; n <= to; n++) {
    const line = lines[n - 1] ?? '';
    const m = /^(\s*(?:- )?)([A-Za-z_][\w-]*):\s+([^"'[{|>&*!#].*)$/.exec(line);
    if (!m) continue;
    const value = m[3] as string;
    const inner = value.search(/:(\s|$)/);
    if (inner < 0) continue;
    const valueCol = line.length - value.length + 1;
    const text = content(value);
    return {
      line: n,
      col: valueCol + inner,
      length: 1,
      detail: `The text after "${m[2]}:" contains ": ", which YAML reads as the start of another key.`,
      fix: `put the text in quotes: ${m[2]}: "${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
      edit: { col: valueCol, endCol: valueCol + text.length, text: `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` },
    };
  }
  return undefined;
}

/** A key indented further than the key above it, when that key already has its value. */
export function strayIndent(lines: string[], from: number, to: number): Found | undefined {
  for (let n = Math.max(2, from); n <= to + 1; n++) {
    const line = lines[n - 1] ?? '';
    const key = KEY_LINE.exec(line);
    if (!key || key[2]) continue;
    const prev = lines[above(lines, n) - 1] ?? '';
    const prevKey = KEY_LINE.exec(prev);
    if (!prevKey || /:\s*$/.test(prev)) continue;
    const here = indentOf(line);
    // "- name: A" puts "name" two columns in from the dash.
    const there = indentOf(prev) + (prevKey[2] ? 2 : 0);
    if (here > there) {
      return {
        line: n,
        col: 1,
        length: here,
        detail: `"${key[3]}" is indented ${here} spaces, but "${prevKey[3]}" above it uses ${there}, and "${prevKey[3]}" already has its value.`,
        fix: `indent "${key[3]}" by ${there} spaces, like "${prevKey[3]}".`,
        edit: { col: 1, endCol: here + 1, text: ' '.repeat(there) },
      };
    }
  }
  return undefined;
}

/** Lines indented with a tab: the fix puts the spaces the line above implies. */
export function tabIndent(lines: string[]): Found | undefined {
  const n = lines.findIndex((l) => /^ *\t/.test(l)) + 1;
  if (!n) return undefined;
  const line = lines[n - 1] ?? '';
  const lead = /^[ \t]*/.exec(line)?.[0] ?? '';
  const prev = lines[above(lines, n) - 1] ?? '';
  const prevIndent = indentOf(prev) + (/^\s*- /.test(prev) ? 2 : 0);
  const want = /:\s*$/.test(content(prev)) ? prevIndent + 2 : prevIndent;
  return {
    line: n,
    col: line.indexOf('\t') + 1,
    length: 1,
    detail: `Line ${n} is indented with a tab; YAML counts only spaces.`,
    fix: `indent with spaces, never tabs: ${want} spaces here${/:\s*$/.test(content(prev)) ? `, two more than the line above` : ', like the line above'}.`,
    edit: { col: 1, endCol: lead.length + 1, text: ' '.repeat(want) },
  };
}
