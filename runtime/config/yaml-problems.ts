import type { LineCounter, YAMLError } from 'yaml';
import type { Problem } from './problem.ts';

type Found = Omit<Problem, 'code' | 'severity' | 'file'> & { code?: Problem['code'] };

const KEY_LINE = /^(\s*)(- )?([A-Za-z_][\w-]*):(?:\s|$)/;
const indentOf = (line: string) => /^ */.exec(line)?.[0].length ?? 0;

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
      return {
        line: n,
        col: (m[1] as string).length + 1,
        length: 1,
        detail: `The text that starts with ${quote} here is never closed.`,
        fix: `add ${quote} at the end of the text.`,
      };
    }
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
    return {
      line: n,
      col,
      length: line.length - col + 1,
      detail: `"${line.trim().replace(/^- /, '')}" has no colon, so it cannot be read as a key and a value.`,
      fix: `write "${m[3]}: ${(m[4] as string).trim()}".`,
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
    return {
      line: n,
      col: valueCol + inner,
      length: 1,
      detail: `The text after "${m[2]}:" contains ": ", which YAML reads as the start of another key.`,
      fix: `put the text in quotes: ${m[2]}: "${value.trim().replace(/"/g, '\\"')}"`,
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
    let p = n - 1;
    while (p > 0 && !(lines[p - 1] ?? '').trim()) p--;
    const prev = lines[p - 1] ?? '';
    const prevKey = KEY_LINE.exec(prev);
    if (!prevKey || /:\s*$/.test(prev) || prevKey[2]) continue;
    const here = indentOf(line);
    const there = indentOf(prev);
    if (here > there) {
      return {
        line: n,
        col: 1,
        length: here,
        detail: `"${key[3]}" is indented ${here} spaces, but "${prevKey[3]}" above it uses ${there}, and "${prevKey[3]}" already has its value.`,
        fix: `indent "${key[3]}" by ${there} spaces, like "${prevKey[3]}".`,
      };
    }
  }
  return undefined;
}

function tabIndent(lines: string[]): Found | undefined {
  const n = lines.findIndex((l) => /^ *\t/.test(l)) + 1;
  if (!n) return undefined;
  return {
    line: n,
    col: (lines[n - 1] ?? '').indexOf('\t') + 1,
    length: 1,
    detail: `Line ${n} is indented with a tab; YAML counts only spaces.`,
    fix: 'indent with spaces (two for each level), never tabs.',
  };
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

/**
 * YAML syntax errors, said the way a person would find them. The parser often notices a
 * mistake a line late and in its own terms, so the lines around its position are read for
 * the usual causes first. After the first syntax error the rest of the file cannot be
 * trusted, so only that one is reported (with every duplicated key, which stands apart).
 */
export function yamlProblems(errors: readonly YAMLError[], counter: LineCounter, file: string, source: string): Problem[] {
  const lines = source.split(/\r?\n/);
  const problems: Problem[] = [];
  for (const error of errors.filter((e) => e.code === 'DUPLICATE_KEY')) {
    const pos = counter.linePos(error.pos[0]);
    const line = lines[pos.line - 1] ?? '';
    const key = /^[\w-]+/.exec(line.slice(pos.col - 1))?.[0] ?? '';
    const indent = pos.col - 1;
    let first = 0;
    for (let n = pos.line - 1; n > 0; n--) {
      const above = lines[n - 1] ?? '';
      if (above.trim() && indentOf(above.replace(/^(\s*)- /, '$1  ')) < indent) break;
      if (new RegExp(`^\\s*(- )?${key}:`).test(above) && above.indexOf(key) === indent) first = n;
    }
    problems.push({
      code: 'SW_DUPLICATE_KEY',
      severity: 'error',
      file,
      line: pos.line,
      col: pos.col,
      length: Math.max(1, key.length),
      detail: `"${key}" is already set${first ? ` on line ${first}` : ''} in this same block; only one can be kept.`,
      fix: `keep one "${key}" and remove the other, or move this one where it belongs.`,
    });
  }
  const error = errors.find((e) => e.code !== 'DUPLICATE_KEY');
  // The yaml parser recurses once per bracket: brackets nested hundreds deep exhaust it. Say so, at the first bracket.
  if (error && /call stack/i.test(error.message)) {
    const pos = counter.linePos(error.pos[0]);
    const line = lines[pos.line - 1] ?? '';
    const open = /[[{]/.exec(line);
    problems.push({
      code: 'SW_YAML_SYNTAX',
      severity: 'error',
      file,
      line: pos.line,
      col: open ? open.index + 1 : pos.col,
      length: 1,
      detail: 'The brackets that start here are nested too deeply for YAML to read (hundreds of "[" or "{" inside each other).',
      fix: 'close the brackets that are left open, or write the lists as indented lines starting with "- ".',
    });
    return problems;
  }
  if (error) {
    const at = counter.linePos(error.pos[0]).line;
    const from = Math.max(1, at - 1);
    const found =
      (error.code === 'TAB_AS_INDENT' ? tabIndent(lines) : undefined) ??
      unclosedQuote(lines, from, at) ??
      missingColon(lines, from, at) ??
      colonInText(lines, from, at) ??
      strayIndent(lines, from, at) ??
      tabIndent(lines);
    if (found) {
      problems.push({ code: 'SW_YAML_SYNTAX', severity: 'error', file, ...found });
    } else {
      const pos = counter.linePos(error.pos[0]);
      const text =
        PLAIN[error.code] ??
        error.message
          .split('\n')[0]
          ?.replace(/ at line \d+, column \d+:?$/, '')
          .replace(/\.$/, '')
          .toLowerCase();
      problems.push({
        code: 'SW_YAML_SYNTAX',
        severity: 'error',
        file,
        line: pos.line,
        col: pos.col,
        length: 1,
        detail: `YAML cannot read this spot: ${text}.`,
        fix: 'check this line and the one above it: a key needs ": " after it, text with ": " or " #" in it needs quotes, and keys at one level line up.',
      });
    }
  }
  return problems;
}
