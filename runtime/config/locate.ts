import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';

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
