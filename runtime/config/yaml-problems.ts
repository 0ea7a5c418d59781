import { LineCounter, parseDocument, type YAMLError } from 'yaml';
import { applyEdits, type Problem } from './problem.ts';
import { duplicateKeys } from './duplicate-keys.ts';
import { colonInText, continuation, missingColon, missingDash, unclosedBracket, unclosedQuote, unclosedQuoteAbove, type Found } from './yaml-line-mistakes.ts';
import { misIndent, tabIndent } from './yaml-indent.ts';
import { content } from './yaml-structure.ts';

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

/** The first syntax error, said the way a person would find it. */
function firstSyntaxProblem(error: YAMLError, counter: LineCounter, file: string, source: string, keyNames: ReadonlySet<string>): Problem {
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
  // The parser often stops a line or two after the mistake: lines above where it stopped are read first.
  const found =
    (error.code === 'TAB_AS_INDENT' ? tabIndent(lines) : tabIndent(lines, from - 1, at + 1)) ??
    strayCharacter(error, counter, lines) ??
    unclosedQuote(lines, from, at) ??
    unclosedQuoteAbove(lines, at) ??
    unclosedBracket(lines, from, at) ??
    misIndent(lines, from - 2, at) ??
    missingDash(lines, from, at) ??
    continuation(lines, from, at, keyNames) ??
    missingColon(lines, from, at, keyNames) ??
    colonInText(lines, from, at) ??
    misIndent(lines, at + 1, at + 1) ??
    tabIndent(lines);
  if (found) {
    const { edit, edits, ...rest } = found;
    return {
      code: 'SW_YAML_SYNTAX',
      severity: 'error',
      file,
      ...rest,
      ...(edits ? { edits } : edit && { edits: [{ line: found.line, col: edit.col, endLine: found.line, endCol: edit.endCol, text: edit.text }] }),
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
export function yamlProblems(errors: readonly YAMLError[], counter: LineCounter, file: string, source: string, keyNames: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = duplicateKeys(errors, counter, file, source.split(/\r?\n/));
  let text = source;
  let current = { errors, counter };
  // Lines a fix has changed: a later mistake found on one would have the columns of the mended text.
  const mended = new Set<number>();
  // Reading again costs a parse each time: a file of many brackets (where the parser is slow) or a very long one is read once.
  const rounds = source.length > 150_000 || (source.match(/[[{]/g)?.length ?? 0) > 200 ? 1 : MOST;
  for (let round = 0; round < rounds; round++) {
    const error = current.errors.find((e) => e.code !== 'DUPLICATE_KEY');
    if (!error) break;
    const problem = firstSyntaxProblem(error, current.counter, file, text, keyNames);
    if (mended.has(problem.line)) break;
    problems.push(problem);
    const edits = problem.edits ?? [];
    // A fix that adds or removes lines would move every line after it: the next mistake is found once that fix is made.
    if (!edits.length || edits.some((e) => e.text.split('\n').length !== e.endLine - e.line + 1)) break;
    text = applyEdits(text, edits);
    for (const e of edits) for (let n = e.line; n <= e.endLine; n++) mended.add(n);
    const next = new LineCounter();
    const doc = parseDocument(text, { lineCounter: next, prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
    current = { errors: doc.errors, counter: next };
  }
  // A later mistake's columns are of its own line as written when no fix before it touched that line.
  return problems;
}
