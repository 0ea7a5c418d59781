/**
 * The budget of one site document: what it may hold before any costly step reads it. A document
 * is untrusted input (owners publish their own), so its size is checked before parsing, and its
 * shape — tags, nesting, the length of keys and of names from a fixed list — right after, in one
 * walk that costs no more than the parse did. Anything over budget is refused at its line with a
 * message that quotes at most a few dozen characters of it.
 */
import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, visit, type Document, type LineCounter, type Node } from 'yaml';
import { removal } from './locate.ts';
import type { Edit, Problem } from './problem.ts';

/** Bytes a site document may have: the largest site of the fleet is about 65 KB. `SITE_MAX_BYTES` changes it. */
export function maxSiteBytes(env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.SITE_MAX_BYTES);
  return Number.isInteger(set) && set > 0 ? set : 512 * 1024;
}

/** Values a document may write (before aliases): the largest site of the fleet writes under 2,000. */
export const MAX_VALUES = 50_000;
/** Groups inside groups: a real site goes about ten deep (pages, blocks, items, fields). */
export const MAX_DEPTH = 32;
/** Characters in a key: every key the format knows has fewer than thirty. */
export const MAX_KEY_LENGTH = 100;
/** Characters in a value taken from a fixed list (a block's type, a site's kind): every choice is shorter. */
export const MAX_NAME_LENGTH = 100;
/** Characters of an author's text quoted in a message: enough to recognise it. */
const QUOTED = 40;

/**
 * The tags YAML's core schema reads; any other would make a value Sitewright cannot use (bytes, code, objects).
 * Written as one string: the runtime names no block, and a block shares its name with one of these words.
 */
const CORE_TAGS = new Set('str int float bool null map seq'.split(' ').map((t) => `tag:yaml.org,2002:${t}`));

/** A long text as a message quotes it: its start, and how long it really is. */
export function quoteStart(text: string): string {
  return text.length <= QUOTED ? `"${text}"` : `"${text.slice(0, QUOTED)}…" (${text.length.toLocaleString('en')} characters)`;
}

/**
 * A message with any run of more than 80 characters without a space cut to its start: a huge value
 * that reached a message by another way is still quoted in a line, not a megabyte.
 */
export function clipRuns(text: string): string {
  return text.length <= 80 ? text : text.replace(/[^\s"“”]{81,}/g, (run) => `${run.slice(0, QUOTED)}… (${run.length.toLocaleString('en')} characters)`);
}

/** The size check, made on the bytes before anything parses them: the problem sits where the limit is passed. */
export function sizeProblem(source: string, file: string, max = maxSiteBytes(), bytes = Buffer.byteLength(source)): Problem | undefined {
  if (bytes <= max) return undefined;
  // The character where the limit is passed (at most `max` characters in: a character is at least a byte).
  const within = Buffer.from(source.slice(0, max + 1))
    .subarray(0, max)
    .toString().length;
  const before = source.slice(0, within);
  const line = before.split('\n').length;
  const col = within - before.lastIndexOf('\n');
  return {
    code: 'SW_SITE_TOO_LARGE',
    severity: 'error',
    file,
    line,
    col,
    length: 1,
    detail: `site.yaml is ${kb(bytes)}; a site document can be at most ${kb(max)}, and this line is past that.`,
    fix: 'move long texts into fewer words or onto pages of their own, and pictures or documents into the media folder; a whole site fits in a tenth of the limit.',
  };
}

/**
 * Every value in YAML is set apart by a comma or a line break, so counting those bounds the values
 * of a document before the parser builds a node for each: a list of half a million numbers is
 * refused in a millisecond, not parsed for seconds. Prose has a few hundred per page.
 */
export function separatorsProblem(source: string, file: string): Problem | undefined {
  let count = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if ((c === 44 || c === 10) && ++count > MAX_VALUES) {
      const line = source.slice(0, i).split('\n').length;
      return {
        code: 'SW_SITE_TOO_LARGE',
        severity: 'error',
        file,
        line,
        col: i - source.lastIndexOf('\n', i - 1),
        length: 1,
        detail: `The file writes more than ${MAX_VALUES.toLocaleString('en')} values by here (texts, numbers, list items, each after a comma or on a line of its own); the largest real site writes under 2,000.`,
        fix: 'remove the long list that reaches here, or keep it in a file of its own outside the site document.',
      };
    }
  }
  return undefined;
}

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toLocaleString('en', { maximumFractionDigits: bytes < 10240 ? 1 : 0 })} KB`);

/**
 * Tags, nesting and the length of keys and names, in one walk of the parsed document (aliases are
 * not followed: aliasProblems bounds what they expand to). Each problem once, at its own line.
 */
export function shapeProblems(doc: Document, counter: LineCounter, file: string, source: string, fixedKeys: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  const names = fixedKeys;
  const at = (from: number, length: number, code: Problem['code'], detail: string, fix: string, edit: Edit | undefined): void => {
    const pos = counter.linePos(from);
    problems.push({ code, severity: 'error', file, line: pos.line, col: pos.col, length: Math.max(1, length), detail, fix, ...(edit && { edits: [edit] }) });
  };
  /** Removing the entry a node is the value of (or its list item). */
  const remove = (node: unknown, path: readonly unknown[]): Edit | undefined => {
    const parent = path[path.length - 1];
    if (isSeq(parent)) return removal(source, counter, { node, parent });
    const pair = isPair(parent) ? parent : undefined;
    const map = path[path.length - 2];
    return pair && isMap(map) ? removal(source, counter, { node: pair.value, pair, parent: map }) : undefined;
  };
  let deepReported = false;
  let values = 0;
  visit(doc, {
    Node(_key, node, path) {
      if (++values > MAX_VALUES) {
        at(
          node.range?.[0] ?? 0,
          1,
          'SW_SITE_TOO_LARGE',
          `The file writes more than ${MAX_VALUES.toLocaleString('en')} values by here (texts, numbers, list items); the largest real site writes under 2,000.`,
          'remove the long list that ends here, or keep it in a file of its own outside the site document.',
          undefined,
        );
        return visit.BREAK;
      }
      const tag = node.tag;
      if (tag && !CORE_TAGS.has(tag) && !isAlias(node)) {
        const start = (node as Node).range?.[0] ?? 0;
        const written = tagBefore(source, start);
        at(
          written ? written.from : start,
          written ? written.text.length : 1,
          'SW_YAML_TAG',
          `The tag ${quoteStart(written?.text ?? tag)} asks YAML to make something other than text, a number, true or false, or a list: Sitewright reads only those.`,
          'remove the tag and write the value as plain text.',
          written && {
            ...span(counter, written.from, written.from + written.text.length + (source[written.from + written.text.length] === ' ' ? 1 : 0)),
            text: '',
          },
        );
      }
      const depth = path.filter((p) => isCollection(p)).length;
      if (isCollection(node) && depth >= MAX_DEPTH && !deepReported) {
        deepReported = true;
        const top = chainTop(node, path);
        at(
          (node as Node).range?.[0] ?? 0,
          1,
          'SW_TOO_DEEP',
          `The groups and lists here sit more than ${MAX_DEPTH} deep inside each other; no part of a site goes deeper than about ten.`,
          'remove the nested part, or write it as a flat list.',
          remove(top.node, top.path),
        );
        return visit.SKIP;
      }
      return undefined;
    },
    Pair(_key, pair, path) {
      const key = pair.key;
      if (isScalar(key) && typeof key.value === 'string' && key.value.length > MAX_KEY_LENGTH) {
        at(
          key.range?.[0] ?? 0,
          Math.min(key.value.length, QUOTED),
          'SW_KEY_TOO_LONG',
          `The key ${quoteStart(key.value)} is longer than any key a site can have (at most ${MAX_KEY_LENGTH} characters).`,
          'remove this line, or write the key you meant.',
          removal(source, counter, { node: pair.value, pair: pair, parent: path[path.length - 1] }),
        );
        return visit.SKIP;
      }
      const value = pair.value;
      if (isScalar(key) && names.has(String(key.value)) && isScalar(value) && typeof value.value === 'string' && value.value.length > MAX_NAME_LENGTH) {
        // The whole entry the name belongs to goes: a block or field without its type means nothing.
        const map = path[path.length - 1];
        const item = path[path.length - 2];
        at(
          value.range?.[0] ?? 0,
          Math.min(value.value.length, QUOTED),
          'SW_VALUE_TOO_LONG',
          `"${String(key.value)}" takes a short name from a fixed list, but this value is ${quoteStart(value.value)}.`,
          `write one of the names "${String(key.value)}" takes (each is under ${MAX_NAME_LENGTH} characters), or remove the entry.`,
          isSeq(item) ? removal(source, counter, { node: map, parent: item }) : removal(source, counter, { node: value, pair: pair, parent: map }),
        );
        return visit.SKIP;
      }
      return undefined;
    },
  });
  return problems;
}

const span = (counter: LineCounter, from: number, to: number): Omit<Edit, 'text'> => {
  const a = counter.linePos(from);
  const b = counter.linePos(to);
  return { line: a.line, col: a.col, endLine: b.line, endCol: b.col };
};

/** The tag written before a value ("!!binary"), found on the value's line, before any anchor. */
function tagBefore(source: string, start: number): { from: number; text: string } | undefined {
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  const before = source.slice(lineStart, start);
  const m = /(![^\s]*)\s+(?:&\S+\s+)?$/.exec(before) ?? /(![^\s]*)\s*$/.exec(before);
  if (m) return { from: lineStart + (m.index ?? 0), text: m[1] as string };
  // A tag alone on the line above its value.
  const prevStart = source.lastIndexOf('\n', lineStart - 2) + 1;
  const prev = /(![^\s]*)\s*$/.exec(source.slice(prevStart, Math.max(prevStart, lineStart - 1)));
  return prev ? { from: prevStart + prev.index, text: prev[1] as string } : undefined;
}

/** The top of a run of groups that each hold only the next one: removing it removes the nesting and nothing else. */
function chainTop(node: unknown, path: readonly unknown[]): { node: unknown; path: readonly unknown[] } {
  let top = node;
  let i = path.length - 1;
  while (i >= 0) {
    const parent = path[i];
    if (isPair(parent)) {
      const map = path[i - 1];
      if (!isMap(map) || map.items.length !== 1) break;
      top = map;
      i -= 2;
    } else if (isSeq(parent)) {
      if (parent.items.length !== 1) break;
      top = parent;
      i -= 1;
    } else break;
  }
  return { node: top, path: path.slice(0, i + 1) };
}
