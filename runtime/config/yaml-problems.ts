import { LineCounter, parseDocument, type YAMLError } from 'yaml';
import { buildSiteSchema } from '../../schema/compose.ts';
import type { Edit, Problem } from './problem.ts';

/** A change to one line: characters col..endCol (exclusive) become text. */
interface LineEdit {
  col: number;
  endCol: number;
  text: string;
}

type Found = Omit<Problem, 'code' | 'severity' | 'file' | 'edits'> & { edit?: LineEdit };

const KEY_LINE = /^(\s*)(- )?([A-Za-z_][\w-]*):(?:\s|$)/;
const indentOf = (line: string) => /^ */.exec(line)?.[0].length ?? 0;
/** The line without a trailing comment (a " #" outside quotes) and trailing spaces. */
const content = (line: string) => line.replace(/\s+#(?=(?:[^"']|"[^"]*"|'[^']*')*$).*$/, '').trimEnd();

let knownKeys: Set<string> | undefined;
/** Every key name the site schema has anywhere: a word that is one of these, followed by text, lost its colon. */
function keyNames(): Set<string> {
  if (knownKeys) return knownKeys;
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const properties = (node as { properties?: Record<string, unknown> }).properties;
    if (properties && typeof properties === 'object') for (const key of Object.keys(properties)) names.add(key);
    for (const child of Object.values(node)) walk(child);
  };
  walk(buildSiteSchema());
  knownKeys = names;
  return names;
}

/** The nearest line above n that has text, or 0. */
function above(lines: string[], n: number): number {
  let p = n - 1;
  while (p > 0 && !(lines[p - 1] ?? '').trim()) p--;
  return p;
}

/** A quoted value left open: the caret goes under the opening quote. */
function unclosedQuote(lines: string[], from: number, to: number): Found | undefined {
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
function unclosedBracket(lines: string[], from: number, to: number): Found | undefined {
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
function missingDash(lines: string[], from: number, to: number): Found | undefined {
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
function continuation(lines: string[], from: number, to: number): Found | undefined {
  for (let n = Math.max(2, from); n <= to; n++) {
    const line = lines[n - 1] ?? '';
    if (!line.trim() || KEY_LINE.test(line) || /^\s*(- |#)/.test(line)) continue;
    const first = /^\s*([A-Za-z_][\w-]*)/.exec(line)?.[1];
    if (first && keyNames().has(first) && line.trim().split(/\s+/).length <= 4) continue;
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
function missingColon(lines: string[], from: number, to: number): Found | undefined {
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
function colonInText(lines: string[], from: number, to: number): Found | undefined {
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
function strayIndent(lines: string[], from: number, to: number): Found | undefined {
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
function tabIndent(lines: string[]): Found | undefined {
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

/** One character YAML does not expect where it stands: a stray bracket, or text after a closing quote. */
function strayCharacter(error: YAMLError, counter: LineCounter, lines: string[]): Found | undefined {
  const pos = counter.linePos(error.pos[0]);
  const line = lines[pos.line - 1] ?? '';
  const at = line.slice(pos.col - 1);
  if (error.code === 'UNEXPECTED_TOKEN' && /^[\]}]/.test(at)) {
    const char = at[0] as string;
    return {
      line: pos.line,
      col: pos.col,
      length: 1,
      detail: `There is a "${char}" here that closes nothing: no "${char === ']' ? '[' : '{'}" opened before it.`,
      fix: `remove the "${char}".`,
      edit: { col: pos.col, endCol: pos.col + 1, text: '' },
    };
  }
  if (error.code === 'UNEXPECTED_TOKEN' && /at node end/.test(error.message)) {
    // "name: "A" x": text after the closing quote. Point at the first character after the quote.
    const quoted = /^(\s*(?:- )?[\w-]+:\s*)("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')(\s*)(\S.*)$/.exec(line);
    if (quoted) {
      const start = (quoted[1] as string).length + (quoted[2] as string).length + (quoted[3] as string).length + 1;
      const extra = content(quoted[4] as string);
      const inner = (quoted[2] as string).slice(1, -1);
      const joined = `"${inner}${quoted[3]}${extra.replace(/"/g, '\\"')}"`;
      return {
        line: pos.line,
        col: start,
        length: extra.length,
        detail: `"${extra}" comes after the closing quote; YAML takes only what is inside the quotes.`,
        fix: `put it inside the quotes: ${joined}, or remove it.`,
        edit: { col: (quoted[1] as string).length + 1, endCol: start + extra.length, text: joined },
      };
    }
  }
  if (error.code === 'BAD_SCALAR_START') {
    const m = /^(\s*(?:- )?[\w-]+:\s*|\s*- )(\S.*)$/.exec(line);
    const reserved = line[pos.col - 1];
    if (m && (m[1] as string).length + 1 === pos.col) {
      const text = content(m[2] as string);
      return {
        line: pos.line,
        col: pos.col,
        length: 1,
        detail: `Text that starts with "${reserved}" must be in quotes: YAML keeps "${reserved}" for itself.`,
        fix: `put the text in quotes: "${text.replace(/"/g, '\\"')}"`,
        edit: { col: pos.col, endCol: pos.col + text.length, text: `"${text.replace(/"/g, '\\"')}"` },
      };
    }
    const key = /^(\s*)(- )?([@`%])([A-Za-z_][\w-]*):/.exec(line);
    if (key) {
      const col = (key[1] as string).length + (key[2] ? 2 : 0) + 1;
      return {
        line: pos.line,
        col,
        length: 1,
        detail: `"${key[3]}" before "${key[4]}" is a stray character: a key is letters, digits and dashes.`,
        fix: `remove the "${key[3]}": ${key[4]}:`,
        edit: { col, endCol: col + 1, text: '' },
      };
    }
  }
  return undefined;
}

const PLAIN: Record<string, string> = {
  BAD_INDENT: 'the indentation here does not match the lines around it',
  MISSING_CHAR: 'a closing quote or bracket is missing',
  BLOCK_AS_IMPLICIT_KEY: 'this line cannot be read as a key and its value',
  MULTILINE_IMPLICIT_KEY: 'this line cannot be read as a key and its value',
  UNEXPECTED_TOKEN: 'there is a character here that YAML does not expect',
  BAD_SCALAR_START: 'text that starts with this character needs quotes',
  BAD_DQ_ESCAPE: 'a backslash inside double quotes starts an escape that does not exist',
};

/** Where a duplicated key was first set: the same key at the same column, in the same group of keys. */
function firstSetting(lines: string[], line: number, indent: number, key: string): number {
  for (let n = line - 1; n > 0; n--) {
    const text = lines[n - 1] ?? '';
    if (!text.trim() || /^\s*#/.test(text)) continue;
    const item = /^(\s*)- /.exec(text);
    const at = item ? (item[1] as string).length + 2 : indentOf(text);
    if (at < indent) return 0;
    if (at === indent && new RegExp(`^\\s*(- )?${key.replace(/[-]/g, '\\-')}:`).test(text)) return n;
    // The first key of this list item: the group of keys starts here.
    if (item && at === indent) return 0;
  }
  return 0;
}

function duplicateKeys(errors: readonly YAMLError[], counter: LineCounter, file: string, lines: string[]): Problem[] {
  return errors
    .filter((e) => e.code === 'DUPLICATE_KEY')
    .map((error) => {
      const pos = counter.linePos(error.pos[0]);
      const line = lines[pos.line - 1] ?? '';
      const key = /^[\w-]+/.exec(line.slice(pos.col - 1))?.[0] ?? '';
      const indent = pos.col - 1;
      const first = firstSetting(lines, pos.line, indent, key);
      // This key and the lines of its value (indented further), up to the next key of the group.
      let last = pos.line;
      while (last < lines.length && ((lines[last] ?? '').trim() === '' || indentOf(lines[last] ?? '') > indent)) last++;
      while (last > pos.line && !(lines[last - 1] ?? '').trim()) last--;
      const dashed = /^\s*- $/.test(line.slice(0, pos.col - 1));
      const edit: Edit = dashed
        ? { line: pos.line, col: pos.col, endLine: last + 1, endCol: indent + 1, text: '' }
        : { line: pos.line, col: 1, endLine: last + 1, endCol: 1, text: '' };
      return {
        code: 'SW_DUPLICATE_KEY' as const,
        severity: 'error' as const,
        file,
        line: pos.line,
        col: pos.col,
        length: Math.max(1, key.length),
        detail: `"${key}" is already set${first ? ` on line ${first}` : ''} in this same group of keys; only one can be kept.`,
        fix: `remove this "${key}"${first ? ` and keep the one on line ${first}` : ''}, or move it where it belongs.`,
        ...(!dashed || last > pos.line ? { edits: [edit] } : {}),
      };
    });
}

/** The first syntax error, said the way a person would find it. */
function firstSyntaxProblem(error: YAMLError, counter: LineCounter, file: string, source: string): Problem {
  const lines = source.split(/\r?\n/);
  const lineCount = lines.length;
  // The yaml parser recurses once per bracket: brackets nested hundreds deep exhaust it. Say so, at the first bracket.
  if (/call stack/i.test(error.message)) {
    const pos = counter.linePos(error.pos[0]);
    const line = lines[pos.line - 1] ?? '';
    const open = /[[{]/.exec(line);
    return {
      code: 'SW_TOO_DEEP',
      severity: 'error',
      file,
      line: pos.line,
      col: open ? open.index + 1 : pos.col,
      length: 1,
      ...(open
        ? {
            detail: 'The brackets that start here are nested too deeply for YAML to read (hundreds of "[" or "{" inside each other).',
            fix: 'close the brackets that are left open, or write the lists as indented lines starting with "- ".',
          }
        : {
            detail:
              'The lists and groups of keys here sit hundreds deep inside each other, too deep for YAML to read; no part of a site goes deeper than about ten.',
            fix: 'remove the nested part, or write it as a flat list.',
          }),
    };
  }
  const at = Math.min(lineCount, counter.linePos(error.pos[0]).line);
  const from = Math.max(1, at - 1);
  const found =
    (error.code === 'TAB_AS_INDENT' ? tabIndent(lines) : undefined) ??
    strayCharacter(error, counter, lines) ??
    unclosedQuote(lines, from, at) ??
    unclosedBracket(lines, from, at) ??
    missingDash(lines, from, at) ??
    continuation(lines, from, at) ??
    missingColon(lines, from, at) ??
    colonInText(lines, from, at) ??
    strayIndent(lines, from, at) ??
    tabIndent(lines);
  if (found) {
    const { edit, ...rest } = found;
    return {
      code: 'SW_YAML_SYNTAX',
      severity: 'error',
      file,
      ...rest,
      ...(edit && { edits: [{ line: found.line, col: edit.col, endLine: found.line, endCol: edit.endCol, text: edit.text }] }),
    };
  }
  const pos = counter.linePos(error.pos[0]);
  const text =
    PLAIN[error.code] ??
    error.message
      .split('\n')[0]
      ?.replace(/ at line \d+, column \d+:?$/, '')
      .replace(/\.$/, '')
      .toLowerCase();
  return {
    code: 'SW_YAML_SYNTAX',
    severity: 'error',
    file,
    line: pos.line,
    col: pos.col,
    length: 1,
    detail: `YAML cannot read this spot: ${text}.`,
    fix: 'check this line and the one above it: a key needs ": " after it, text with ": " or " #" in it needs quotes, and keys at one level line up.',
  };
}

/** At most this many syntax errors are found in one run, each after the fixes of those before it. */
const MOST = 10;

/**
 * YAML syntax errors, said the way a person would find them. The parser often notices a
 * mistake a line late and in its own terms, so the lines around its position are read for the
 * usual causes first. Each found mistake comes with its fix as a change to one line; the file is
 * read again with that change made, which finds the next mistake in its real place rather than
 * the noise the first one leaves behind. Line numbers stay those of the file as written.
 */
export function yamlProblems(errors: readonly YAMLError[], counter: LineCounter, file: string, source: string): Problem[] {
  const problems: Problem[] = duplicateKeys(errors, counter, file, source.split(/\r?\n/));
  let text = source;
  let current = { errors, counter };
  // Reading again costs a parse each time: a file of many brackets (where the parser is slow) or a very long one is read once.
  const rounds = source.length > 150_000 || (source.match(/[[{]/g)?.length ?? 0) > 200 ? 1 : MOST;
  for (let round = 0; round < rounds; round++) {
    const error = current.errors.find((e) => e.code !== 'DUPLICATE_KEY');
    if (!error) break;
    const problem = firstSyntaxProblem(error, current.counter, file, text);
    // Columns on an already mended line would be those of the mended text: report it once.
    if (round > 0 && problems.some((p) => p.code === 'SW_YAML_SYNTAX' && p.line === problem.line)) break;
    problems.push(problem);
    const edit = problem.edits?.[0];
    if (!edit || edit.endLine !== edit.line || edit.text.includes('\n')) break;
    const lines = text.split('\n');
    const line = lines[edit.line - 1] ?? '';
    lines[edit.line - 1] = line.slice(0, edit.col - 1) + edit.text + line.slice(edit.endCol - 1);
    text = lines.join('\n');
    const next = new LineCounter();
    const doc = parseDocument(text, { lineCounter: next, prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
    current = { errors: doc.errors, counter: next };
  }
  // A later mistake's columns are of its own line as written when no fix before it touched that line.
  return problems;
}
