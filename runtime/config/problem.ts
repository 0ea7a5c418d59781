import { CODES, type Code } from './codes.ts';

export type Severity = 'error' | 'warning';

/** An author-facing problem at an exact spot of a site file. */
export interface Problem {
  code: Code;
  severity: Severity;
  file: string;
  line: number;
  col: number;
  /** How many characters to underline. */
  length: number;
  detail: string;
  fix: string;
  /** The problem is the whole file (a media file of the wrong type): no line of site.yaml to show. */
  whole?: boolean;
  /** The fix's first suggestion as changes to the file: applied literally, the problem is gone. */
  edits?: Edit[];
  /** The fix's first suggestion when it is a new name for the site's folder. */
  rename?: string;
  /** The fix's first suggestion when it is a file to put in the site's media folder. */
  upload?: string;
}

/** Replace the text from line:col up to (not including) endLine:endCol with `text`; positions count from 1. */
export interface Edit {
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  text: string;
}

/**
 * What a fix does to the file, before positions are known: the spot the problem points at
 * becomes `replace`; the value at the path becomes `value` (YAML text), or a list of `list`;
 * `insert` is a new "key: value" line (or lines) in the group of keys at the problem's path;
 * `append` is a new item (its lines, without the "- ") at the end of the list at the path;
 * `remove` deletes the entry at the path, key and value, or list item (with `rest`, the items
 * after it too).
 */
export type PendingEdit =
  { replace: string } | { append: string } | { value: string } | { list: string[] } | { insert: string } | { remove: true; rest?: boolean };

/** A problem before it has a position: where it is in the data, and whether it concerns the key or the value. */
export interface PendingProblem {
  code: Code;
  path: readonly (string | number)[];
  target: 'key' | 'value';
  detail: string;
  fix: string;
  severity?: Severity;
  /** Characters into the value, for problems inside a formula or template, and how many to underline. */
  offset?: number;
  span?: number;
  /** Text to point at inside the value (a link inside Markdown), where offsets cannot be counted. */
  find?: string;
  /** For a missing key: its name, so a misspelt key beside it can be recognised. */
  missing?: string;
  /** The fix's first suggestion as a change to the file. */
  edit?: PendingEdit;
  /** The fix's first suggestion when it is a file to put in the site's media folder. */
  upload?: string;
  /** Where the edit is made, when not at the problem's own path. */
  editPath?: readonly (string | number)[];
  /** Where a fix changes two places: the other changes. */
  alsoEdit?: { path: readonly (string | number)[]; target: 'key' | 'value'; edit: PendingEdit }[];
}

/** pages[1].blocks[0].type */
export function dataPath(path: readonly (string | number)[]): string {
  return path.reduce<string>((out, seg) => (typeof seg === 'number' ? `${out}[${seg}]` : out ? `${out}.${seg}` : seg), '');
}

export const headline = (code: Code) => CODES[code].headline;

/**
 * sites/brightsmile/site.yaml:14:15  SW_UNKNOWN_BLOCK  Unknown block type
 *   There is no block called "heroo" (pages[1].blocks[0].type).
 *     13 |     blocks:
 *   > 14 |       - type: heroo
 *        |               ^^^^^
 *   Fix: use one of: ...
 */
/** Characters of a line the code frame shows. */
const FRAME_WIDTH = 160;

export function formatProblem(problem: Problem, source: string): string {
  const lines = source.split(/\r?\n/);
  const out = [`${problem.file}:${problem.line}:${problem.col}  ${problem.code}  ${headline(problem.code)}`, `  ${problem.detail}`];
  const text = problem.whole ? undefined : lines[problem.line - 1];
  if (text !== undefined) {
    const first = Math.max(1, problem.line - 1);
    const width = String(problem.line).length;
    // A line longer than a screen is shown from a little before the spot, and cut after it.
    const from = problem.col > FRAME_WIDTH ? problem.col - 20 : 1;
    const cut = (line: string) => {
      const shown = line.slice(from - 1, from - 1 + FRAME_WIDTH);
      return `${from > 1 ? '…' : ''}${shown}${line.length > from - 1 + FRAME_WIDTH ? '…' : ''}`;
    };
    for (let n = first; n <= problem.line; n++) {
      out.push(`  ${n === problem.line ? '>' : ' '} ${String(n).padStart(width)} | ${cut(lines[n - 1] ?? '').replace(/\t/g, '→')}`.trimEnd());
    }
    const col = problem.col - from + 1 + (from > 1 ? 1 : 0);
    const room = Math.max(1, Math.min(text.length - (problem.col - 1), FRAME_WIDTH - (problem.col - from)));
    out.push(`    ${' '.repeat(width)} | ${' '.repeat(col - 1)}${'^'.repeat(Math.max(1, Math.min(problem.length, room)))}`);
  }
  out.push(`  Fix: ${problem.fix}`);
  return out.join('\n');
}

export function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.code.localeCompare(b.code));
}

/** Offset of line:col in the text (both from 1). */
function offsetOf(source: string, line: number, col: number): number {
  let at = 0;
  for (let n = 1; n < line; n++) {
    const next = source.indexOf('\n', at);
    if (next < 0) return source.length;
    at = next + 1;
  }
  return Math.min(source.length, at + col - 1);
}

/** The file with edits applied; edits must not overlap. */
export function applyEdits(source: string, edits: readonly Edit[]): string {
  const spans = edits
    .map((e) => ({ from: offsetOf(source, e.line, e.col), to: offsetOf(source, e.endLine, e.endCol), text: e.text }))
    .sort((a, b) => b.from - a.from);
  let out = source;
  for (const s of spans) out = out.slice(0, s.from) + s.text + out.slice(s.to);
  return out;
}
