/**
 * The live preview beside the editor. It reloads after each save that had no errors, keeping its
 * scroll; the page menu changes which page it shows. The two sides follow each other: a click on a
 * block of the preview takes the editor to the block's lines (the preview itself never navigates),
 * and moving the cursor scrolls the preview to the block drawn from that line and outlines it.
 */
import { blockAround, blockElements, blockForLine, previewBlocks, type PreviewBlock } from './blocks.ts';

export interface PreviewOptions {
  iframe: HTMLIFrameElement;
  select: HTMLSelectElement | null;
  /** The preview's address; a page's path (without its leading slash) is added to it. */
  base: string;
  /** A block of the preview was clicked: these are its first line in the draft. */
  onBlock: (line: number) => void;
}

/** The outline of the block the cursor is in, written through the element's style (the page's CSP allows that, not style attributes). */
const MARK = { outline: '3px solid #0b5f73', outlineOffset: '-3px' } as const;

export class Preview {
  private blocks: PreviewBlock[] = [];
  private marked: { elements: HTMLElement[]; saved: { outline: string; outlineOffset: string }[] } | null = null;
  private markedBlock: PreviewBlock | undefined;
  private line = 1;
  private restore: { x: number; y: number } | null = null;

  constructor(private readonly options: PreviewOptions) {
    options.iframe.addEventListener('load', () => this.loaded());
    options.select?.addEventListener('change', () => this.showPage(options.select?.value ?? '/'));
    if (options.iframe.contentDocument?.readyState === 'complete') this.loaded();
  }

  /** Shows one page of the draft (a path such as "/about"). */
  showPage(path: string): void {
    this.restore = null;
    this.options.iframe.src = this.options.base + path.replace(/^\//, '');
  }

  /** Draws the preview again from the saved draft, at the same scroll. */
  reload(): void {
    const win = this.options.iframe.contentWindow;
    try {
      if (!win) throw new Error('no preview window');
      this.restore = { x: win.scrollX, y: win.scrollY };
      win.location.reload();
    } catch {
      this.restore = null;
      const { iframe } = this.options;
      iframe.src = iframe.getAttribute('src') ?? iframe.src;
    }
  }

  /** The cursor is on this line of the draft: scroll the preview to its block and outline it. */
  follow(line: number): void {
    this.line = line;
    const block = blockForLine(this.blocks, line);
    if (block === this.markedBlock) return;
    this.unmark();
    this.markedBlock = block;
    if (!block) return;
    const elements = blockElements(block).filter((e): e is HTMLElement => 'style' in e);
    this.marked = { elements, saved: elements.map((e) => ({ outline: e.style.outline, outlineOffset: e.style.outlineOffset })) };
    for (const element of elements) Object.assign(element.style, MARK);
    if (elements[0]) this.scrollTo(elements[0]);
  }

  /** Scrolls the preview (and only the preview, not the studio around it) to show the top of an element. */
  private scrollTo(element: HTMLElement): void {
    const win = element.ownerDocument.defaultView;
    if (!win) return;
    const box = element.getBoundingClientRect();
    if (box.top >= 0 && box.top < win.innerHeight * 0.8) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    win.scrollTo({ top: Math.max(0, win.scrollY + box.top - 16), behavior: reduce ? 'auto' : 'smooth' });
  }

  private unmark(): void {
    this.marked?.elements.forEach((element, i) => Object.assign(element.style, this.marked?.saved[i]));
    this.marked = null;
    this.markedBlock = undefined;
  }

  private loaded(): void {
    const doc = this.previewDocument();
    this.marked = null;
    this.markedBlock = undefined;
    this.blocks = doc ? previewBlocks(doc) : [];
    if (!doc) return;
    doc.addEventListener('click', (event) => this.clicked(event), true);
    doc.addEventListener('submit', (event) => event.preventDefault(), true);
    this.syncSelect(doc);
    if (this.restore) doc.defaultView?.scrollTo(this.restore.x, this.restore.y);
    this.restore = null;
    this.follow(this.line);
  }

  private previewDocument(): Document | null {
    try {
      return this.options.iframe.contentDocument;
    } catch {
      return null;
    }
  }

  /** The page menu names the page the preview shows, whichever way it got there. */
  private syncSelect(doc: Document): void {
    const select = this.options.select;
    const base = new URL(this.options.base, location.href).pathname;
    const path = doc.location?.pathname ?? '';
    if (!select || !path.startsWith(base)) return;
    const page = `/${path.slice(base.length)}`;
    if ([...select.options].some((o) => o.value === page)) select.value = page;
  }

  private clicked(event: MouseEvent): void {
    // The target is a node of the preview's window, which has its own Node class.
    const node = event.target as Node | null;
    if (!node || typeof node.nodeType !== 'number') return;
    const element = node.nodeType === 1 ? (node as Element) : node.parentElement;
    if (element?.closest('a[href], area[href]')) event.preventDefault();
    const block = blockAround(this.blocks, node);
    if (block) this.options.onBlock(block.from);
  }
}
