import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node, type Pair } from 'yaml';
import type { Edit, PendingEdit } from './problem.ts';

export interface Position {
  line: number;
  col: number;
  length: number;
}

const keyText = (key: unknown): string | undefined => (isScalar(key) ? String(key.value) : typeof key === 'string' ? key : undefined);

/**
 * Finds the YAML node at a data path (as ajv's instancePath gives it), following aliases, and
 * returns where to point: the key of the last map entry on the way (for "missing" and
 * "unknown key" problems) or the value itself. Where the path runs past what the file has,
 * it points at the deepest node that exists.
 */
/** Where a string is inside the value at a path (a link inside Markdown), or undefined. */
export function locateText(doc: Document, counter: LineCounter, source: string, path: readonly (string | number)[], text: string): Position | undefined {
  let node: unknown = doc.getIn(path as (string | number)[], true);
  if (isAlias(node)) node = node.resolve(doc);
  const range = (node as Node | undefined)?.range;
  if (!range) return undefined;
  const at = source.indexOf(text, range[0]);
  if (at < 0 || at > range[2]) return undefined;
  const pos = counter.linePos(at);
  return { line: pos.line, col: pos.col, length: text.length };
}

export function locate(doc: Document, counter: LineCounter, path: readonly (string | number)[], target: 'key' | 'value', offset?: number, span = 1): Position {
  let node: unknown = doc.contents;
  let key: Node | null = null;
  let keyIsLast = false;
  for (const segment of path) {
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && keyText(p.key) === String(segment));
      if (!pair) break;
      key = pair.key as Node;
      node = pair.value;
      keyIsLast = true;
    } else if (isSeq(node)) {
      const next = node.items[Number(segment)];
      if (next === undefined) break;
      node = next;
      keyIsLast = false;
    } else {
      break;
    }
  }
  const valueNode = node as Node | null;
  let range: readonly number[] | null | undefined;
  if (target === 'key') {
    range = keyIsLast && key?.range ? key.range : valueNode?.range;
    // A list item that is a map: point at its first key, the start of the entry.
    if (!keyIsLast && isMap(valueNode) && valueNode.items[0]) {
      const firstKey = valueNode.items[0].key as Node | null;
      range = firstKey?.range ?? range;
    }
  } else {
    range = valueNode?.range && (valueNode.range[1] > valueNode.range[0] || !key?.range) ? valueNode.range : key?.range;
  }
  if (!range) return { line: 1, col: 1, length: 1 };
  let start = range[0] as number;
  let end = range[1] as number;
  if (target === 'value' && offset !== undefined && isScalar(valueNode)) {
    const quoted = valueNode.type === 'QUOTE_DOUBLE' || valueNode.type === 'QUOTE_SINGLE';
    start = start + (quoted ? 1 : 0) + offset;
    end = start + span;
  }
  const pos = counter.linePos(start);
  const endPos = counter.linePos(Math.max(start + 1, end));
  // A value over several lines is underlined to the end of its first line.
  const length = endPos.line === pos.line ? endPos.col - pos.col : 1000;
  return { line: pos.line, col: pos.col, length: Math.max(1, length) };
}

/** The node at a path, with the pair or list that holds it. */
function nodeAt(doc: Document, path: readonly (string | number)[]): { node: unknown; pair?: Pair; parent?: unknown } | undefined {
  let node: unknown = doc.contents;
  let pair: Pair | undefined;
  let parent: unknown;
  for (const segment of path) {
    if (isAlias(node)) return undefined;
    parent = node;
    if (isMap(node)) {
      pair = node.items.find((p) => isPair(p) && keyText(p.key) === String(segment));
      if (!pair) return undefined;
      node = pair.value;
    } else if (isSeq(node)) {
      node = node.items[Number(segment)];
      pair = undefined;
      if (node === undefined) return undefined;
    } else {
      return undefined;
    }
  }
  return { node, pair, parent };
}

/** The start of the line after the one where the text before `offset` ends (trailing blank lines are not counted). */
function afterLine(source: string, offset: number): number {
  let end = offset;
  while (end > 0 && /\s/.test(source[end - 1] as string)) end--;
  const newline = source.indexOf('\n', end);
  return newline < 0 ? source.length : newline + 1;
}

const lineStart = (source: string, offset: number) => source.lastIndexOf('\n', offset - 1) + 1;

/** A pending fix as a change of the file, or undefined where the file's shape does not allow it to be written as one. */
export function resolveEdit(
  doc: Document,
  counter: LineCounter,
  source: string,
  edit: PendingEdit,
  path: readonly (string | number)[],
  target: 'key' | 'value',
  at: Position,
): Edit | undefined {
  const span = (from: number, to: number, text: string): Edit => {
    const a = counter.linePos(from);
    const b = counter.linePos(to);
    return { line: a.line, col: a.col, endLine: b.line, endCol: b.col, text };
  };
  const found = nodeAt(doc, path);
  if ('replace' in edit) {
    const range = target === 'key' ? (found?.pair?.key as Node | undefined)?.range : (found?.node as Node | undefined)?.range;
    if (!range || at.length !== Math.max(1, range[1] - range[0]) || counter.linePos(range[0]).line !== at.line || counter.linePos(range[0]).col !== at.col) {
      return { line: at.line, col: at.col, endLine: at.line, endCol: at.col + at.length, text: edit.replace };
    }
    return span(range[0], range[1], edit.replace);
  }
  if (!found) return undefined;
  if ('value' in edit || 'list' in edit) {
    const node = found.node as Node | null;
    const key = (found.pair?.key as Node | undefined)?.range;
    const range = node?.range;
    const text = 'value' in edit ? edit.value : `\n${edit.list.map((x) => `${' '.repeat(key ? key[0] - lineStart(source, key[0]) + 2 : 2)}- ${x}`).join('\n')}`;
    if (range && range[1] > range[0] && isScalar(node) && 'value' in edit) return span(range[0], range[1], text);
    if (!key) return range && range[1] > range[0] ? span(range[0], range[1], text) : undefined;
    const colon = source.indexOf(':', key[1]);
    let end = range && range[1] > range[0] ? range[1] : colon + 1;
    while (end > colon + 1 && /\s/.test(source[end - 1] as string)) end--;
    return span(colon + 1, end, text.startsWith('\n') ? text : ` ${text}`);
  }
  if ('append' in edit) {
    const list = found.node;
    if (!isSeq(list) || list.flow || !list.items.length) return undefined;
    const first = (list.items[0] as Node | null)?.range?.[0];
    const last = (list.items[list.items.length - 1] as Node | null)?.range?.[1];
    if (first === undefined || last === undefined) return undefined;
    const dash = source.lastIndexOf('-', first);
    const indent = ' '.repeat(dash - lineStart(source, dash));
    const end = afterLine(source, last);
    const [head, ...rest] = edit.append.split('\n');
    return span(end, end, [`${indent}- ${head}\n`, ...rest.map((l) => `${indent}  ${l}\n`)].join(''));
  }
  if ('insert' in edit) {
    const map = found.node;
    if (isMap(map) && map.flow) {
      const close = (map.range?.[1] ?? 1) - 1;
      return span(close, close, `${map.items.length ? ', ' : ''}${edit.insert}`);
    }
    if (isMap(map) && map.items.length) {
      const first = (map.items[0]?.key as Node | undefined)?.range?.[0] ?? 0;
      const indent = ' '.repeat(counter.linePos(first).col - 1);
      const last = map.items[map.items.length - 1] as Pair;
      const end = afterLine(source, (last.value as Node | null)?.range?.[1] ?? (last.key as Node).range?.[1] ?? first);
      const lines = edit.insert.split('\n').map((l) => `${indent}${l}\n`);
      return span(end, end, lines.join(''));
    }
    if ((map === null || (isScalar(map) && map.value === null)) && found.pair) {
      const key = (found.pair.key as Node).range;
      if (!key) return undefined;
      const indent = ' '.repeat(key[0] - lineStart(source, key[0]) + 2);
      const end = afterLine(source, key[1] + 1);
      return span(
        end,
        end,
        edit.insert
          .split('\n')
          .map((l) => `${indent}${l}\n`)
          .join(''),
      );
    }
    return undefined;
  }
  return removal(source, counter, found, edit.rest);
}

/** The change that deletes an entry: a key with its value (the pair), or a list item (with `rest`, the items after it too). */
export function removal(source: string, counter: LineCounter, found: { node: unknown; pair?: Pair; parent?: unknown }, rest = false): Edit | undefined {
  const span = (from: number, to: number): Edit => {
    const a = counter.linePos(from);
    const b = counter.linePos(to);
    return { line: a.line, col: a.col, endLine: b.line, endCol: b.col, text: '' };
  };
  if (found.pair && isMap(found.parent)) {
    const key = (found.pair.key as Node).range;
    if (!key) return undefined;
    const items = found.parent.items;
    const next = items[items.indexOf(found.pair) + 1];
    const before = source.slice(lineStart(source, key[0]), key[0]);
    if (/-\s*$/.test(before) && next) return span(key[0], (next.key as Node).range?.[0] ?? key[0]);
    const end = afterLine(source, (found.node as Node | null)?.range?.[1] ?? key[1]);
    return span(lineStart(source, key[0]), end);
  }
  if (isSeq(found.parent)) {
    const range = (found.node as Node | null)?.range;
    const last = rest ? (found.parent.items[found.parent.items.length - 1] as Node | null)?.range : range;
    if (!range || !last) return undefined;
    return span(lineStart(source, range[0]), afterLine(source, last[1]));
  }
  return undefined;
}
