/**
 * Finds the blocks of a previewed page. The preview wraps each block in comments naming its place
 * in the draft, `<!--sw-block I FROM TO-->` … `<!--/sw-block I-->`, so a click in the preview can
 * find the lines it came from, and a line of the draft can find what it draws.
 */

/** One block of the previewed page: its index and the lines FROM–TO (from 1) of the draft that wrote it. */
export interface PreviewBlock {
  index: number;
  from: number;
  to: number;
  start: Comment;
  end: Comment | null;
}

const OPEN = /^\s*sw-block (\d+) (\d+) (\d+)\s*$/;
const CLOSE = /^\s*\/sw-block (\d+)\s*$/;

/** Every block marked in the document, in document order, each with its closing comment when there is one. */
export function previewBlocks(doc: Document): PreviewBlock[] {
  const root = doc.documentElement;
  if (!root) return [];
  const walker = doc.createTreeWalker(root, 128 /* NodeFilter.SHOW_COMMENT */);
  const blocks: PreviewBlock[] = [];
  const open: PreviewBlock[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const comment = node as Comment;
    const opening = OPEN.exec(comment.data);
    if (opening) {
      const block = { index: Number(opening[1]), from: Number(opening[2]), to: Number(opening[3]), start: comment, end: null };
      blocks.push(block);
      open.push(block);
      continue;
    }
    const closing = CLOSE.exec(comment.data);
    if (!closing) continue;
    const at = open.findLastIndex((block) => block.index === Number(closing[1]));
    if (at < 0) continue;
    (open[at] as PreviewBlock).end = comment;
    open.splice(at);
  }
  return blocks;
}

const follows = (a: Node, b: Node) => (a.compareDocumentPosition(b) & 4) /* DOCUMENT_POSITION_FOLLOWING */ !== 0;

/** The innermost block around a node of the preview (the target of a click), if any. */
export function blockAround(blocks: readonly PreviewBlock[], node: Node): PreviewBlock | undefined {
  let found: PreviewBlock | undefined;
  for (const block of blocks) {
    if (!follows(block.start, node)) break;
    const closed = block.end ? follows(node, block.end) : true;
    if (closed) found = block;
  }
  return found;
}

/** The block drawn from a line of the draft: the narrowest whose lines contain it. */
export function blockForLine(blocks: readonly PreviewBlock[], line: number): PreviewBlock | undefined {
  let found: PreviewBlock | undefined;
  for (const block of blocks) {
    if (line < block.from || line > block.to) continue;
    if (!found || block.to - block.from <= found.to - found.from) found = block;
  }
  return found;
}

/**
 * The elements a block drew: those between its comments when both have the same parent, otherwise
 * the element just after its opening comment (or the element holding it).
 */
export function blockElements(block: PreviewBlock): Element[] {
  const elements: Element[] = [];
  if (block.end && block.end.parentNode === block.start.parentNode) {
    for (let node = block.start.nextSibling; node && node !== block.end; node = node.nextSibling) {
      if (node.nodeType === 1) elements.push(node as Element);
    }
  }
  if (elements.length) return elements;
  const near = block.start.nextElementSibling ?? block.start.parentElement;
  return near ? [near] : [];
}
