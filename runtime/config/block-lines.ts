/**
 * Where each page's own blocks are in the file: for every page, each block's first and last line.
 * The studio marks a preview's blocks with them, so a click on a block finds its lines and a
 * cursor on a line finds its block.
 */
import { isMap, isSeq, type Document, type LineCounter, type Node } from 'yaml';

/** `[from, to]` lines (counted from 1) of each block of each page, by the page's and the block's place in the file. */
export type BlockLines = (readonly [number, number])[][];

export function blockLinesOf(doc: Document, counter: LineCounter): BlockLines {
  const pages = doc.get('pages', true);
  if (!isSeq(pages)) return [];
  return pages.items.map((page) => {
    const blocks = isMap(page) ? page.get('blocks', true) : undefined;
    if (!isSeq(blocks)) return [];
    return blocks.items.map((block) => linesOf(block as Node | null, counter));
  });
}

function linesOf(node: Node | null, counter: LineCounter): readonly [number, number] {
  const range = node?.range;
  if (!range) return [0, 0];
  // The node's end is where its last value ends (the next item's "- " may follow on the same line as that end's newline).
  const last = Math.max(range[0], range[1] - 1);
  return [counter.linePos(range[0]).line, counter.linePos(last).line];
}
