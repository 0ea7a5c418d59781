/**
 * What `doctor --layout` measures in a rendered page, run inside Chromium. `measure` and the parts
 * it calls are sent to the page as their source text (`measureScript`), so none of them may use
 * anything from outside the functions sent; each part is handed what it needs, and the result is
 * plain JSON. Which block of the site file drew an element is read from the comments the renderer
 * writes around each of the page's own blocks when asked to (markBlocks).
 */
import type { Measurement, MeasureOptions, Overflow, Overlap, Spot, TapTarget, WideTable } from './measurement.ts';

/** What every part of the measurement uses: a number in whole pixels, a text shortened, an element's text, and where an element is. */
interface Helpers {
  round: (n: number) => number;
  short: (text: string) => string;
  textOf: (el: Element) => string;
  spotOf: (el: Element) => Spot;
}

/** Runs in the page. The helpers that say where an element is: in which region, which part of the header, which of the page's own blocks. */
function pageHelpers(): Helpers {
  const round = (n: number) => Math.round(n);

  // The page's own blocks: pairs of comments written around each.
  const marks: { index: number; start: Comment; end?: Comment }[] = [];
  const comments = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
  for (let node = comments.nextNode(); node; node = comments.nextNode()) {
    const m = /^(\/?)sw-block (\d+)$/.exec(node.nodeValue ?? '');
    if (!m) continue;
    const index = Number(m[2]);
    if (!m[1]) marks.push({ index, start: node as Comment });
    else {
      const open = marks.find((x) => x.index === index && !x.end);
      if (open) open.end = node as Comment;
    }
  }
  const blockOf = (el: Node): number | undefined =>
    marks.find(
      (m) =>
        m.end &&
        m.start.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING &&
        m.end.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING &&
        !el.contains(m.start),
    )?.index;

  const textOf = (el: Element) => ((el as HTMLElement).innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
  const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

  const spotOf = (el: Element): Spot => {
    const rect = el.getBoundingClientRect();
    const header = el.closest('.site-header');
    const part: Spot['part'] = !header
      ? undefined
      : el.closest('.brand-logo')
        ? 'logo'
        : el.closest('.brand-name')
          ? 'name'
          : el.closest('.brand-tagline')
            ? 'tagline'
            : el.closest('.nav-menu > summary')
              ? 'menu-button'
              : el.closest('.site-nav')
                ? 'nav'
                : el.closest('.site-search')
                  ? 'search-box'
                  : el.closest('.brand')
                    ? 'name'
                    : undefined;
    const region: Spot['region'] = header
      ? 'header'
      : el.closest('.site-footer')
        ? 'footer'
        : el.closest('main .page-header')
          ? 'title'
          : el.closest('main')
            ? 'main'
            : 'page';
    const link = el.closest('a[href]');
    const img = el.closest('img') ?? el.querySelector('img');
    return {
      block: region === 'main' ? blockOf(el) : undefined,
      region,
      ...(part ? { part } : {}),
      tag: el.tagName.toLowerCase(),
      text: short(el.tagName === 'IMG' ? (el.getAttribute('alt') ?? '') : textOf(el)),
      ...(link ? { href: link.getAttribute('href') ?? '' } : {}),
      ...(img ? { src: img.getAttribute('src') ?? '' } : {}),
      width: round(rect.width),
      height: round(rect.height),
    };
  };

  return { round, short, textOf, spotOf };
}

/** Runs in the page. The page is wider than the screen: what sticks out furthest, the outermost of equals. */
function findOverflow(width: number, { round, short, spotOf }: Helpers): Overflow | undefined {
  /** Inside a box that clips or scrolls what overflows it: such an element cannot widen the page. */
  const clipped = (el: Element): boolean => {
    for (let up = el.parentElement; up && up !== document.body && up !== document.documentElement; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return true;
    }
    return false;
  };
  const shown = (el: Element) => {
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.position !== 'fixed';
  };

  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth <= width) return undefined;
  let best: { el: Element; right: number; kind: 'element' | 'text'; word?: string } | undefined;
  const consider = (el: Element, right: number, kind: 'element' | 'text', word?: string) => {
    if (right <= width + 0.5) return;
    if (!best || right > best.right + 1) best = { el, right, kind, word };
  };
  for (const el of document.body.querySelectorAll('*')) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.right <= width + 0.5 || !shown(el) || clipped(el)) continue;
    consider(el, rect.right, 'element');
  }
  // Text can stick out of its element's box: a long word that cannot be broken.
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.nodeValue?.trim() || !shown(parent)) continue;
    range.selectNodeContents(node);
    const right = Math.max(...[...range.getClientRects()].map((r) => r.right));
    if (right <= width + 0.5 || clipped(node as unknown as Element)) continue;
    const parentRight = parent.getBoundingClientRect().right;
    if (right <= parentRight + 0.5) continue;
    consider(parent, right, 'text');
  }
  // The word that crosses the edge, to find it in the file: the first of the offender's text that does.
  if (best && !best.word) {
    const inside = document.createTreeWalker(best.el, NodeFilter.SHOW_TEXT);
    for (let node = inside.nextNode(); node && !best.word; node = inside.nextNode()) {
      for (const m of (node.nodeValue ?? '').matchAll(/\S+/g)) {
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        if (range.getBoundingClientRect().right > width + 0.5) {
          best.word = m[0];
          break;
        }
      }
    }
  }
  if (!best) return undefined;
  return {
    scrollWidth,
    offender: { ...spotOf(best.el), right: round(best.right), kind: best.kind, ...(best.word ? { word: short(best.word) } : {}) },
  };
}

/** Runs in the page. Tables that scroll sideways in their own box (markdown.ts wraps each). */
function findWideTables({ round, short, textOf, spotOf }: Helpers): WideTable[] {
  const wideTables: WideTable[] = [];
  for (const box of document.querySelectorAll('.table-scroll')) {
    const table = box.querySelector('table');
    if (!table || box.scrollWidth <= box.clientWidth + 1) continue;
    const left = box.getBoundingClientRect().left;
    const firstRow = table.querySelector('tr');
    const cells = firstRow ? [...firstRow.children] : [];
    const fitting = cells.filter((c) => c.getBoundingClientRect().right <= left + box.clientWidth + 0.5).length;
    wideTables.push({
      spot: spotOf(box),
      columns: cells.map((c) => short(textOf(c))),
      fitting,
      tableWidth: round(table.getBoundingClientRect().width),
      boxWidth: round(box.clientWidth),
    });
  }
  return wideTables;
}

/** Runs in the page. The header: the logo and the name against the menu button, the menu and the search box. */
function measureHeader({ round, spotOf }: Helpers): Measurement['header'] {
  const boxes = (el: Element | null): DOMRect[] => {
    if (!el) return [];
    if (el.tagName === 'IMG') return [el.getBoundingClientRect()];
    // Text as drawn, line by line: a box can be wider than its words, or narrower than a word that does not fit.
    const range = document.createRange();
    range.selectNodeContents(el);
    return [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
  };
  const visible = (el: Element) => el.getBoundingClientRect().width > 0 && getComputedStyle(el).visibility !== 'hidden';
  const brand = ['.brand-logo', '.brand-name', '.brand-tagline'].map((s) => document.querySelector(`.site-header ${s}`)).filter((e) => e !== null);
  const others = [
    ...document.querySelectorAll(
      '.site-header .nav-menu > summary, .site-header .site-nav a, .site-header .site-search input, .site-header .site-search button',
    ),
  ].filter(visible);
  const overlaps: Overlap[] = [];
  for (const a of brand) {
    for (const b of others) {
      const rb = b.getBoundingClientRect();
      let across = 0;
      let down = 0;
      for (const ra of boxes(a)) {
        const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (x > 1 && y > 1 && x * y > across * down) [across, down] = [x, y];
      }
      if (across) overlaps.push({ a: spotOf(a), b: spotOf(b), across: round(across), down: round(down) });
    }
  }
  const img = document.querySelector<HTMLImageElement>('.site-header .brand-logo');
  return {
    overlaps,
    // A logo that did not load (a file that is not a picture) is validate's business, not a size to judge.
    ...(img && visible(img) && img.naturalWidth > 0
      ? {
          logo: {
            spot: spotOf(img),
            naturalWidth: Number(img.getAttribute('width')) || img.naturalWidth,
            naturalHeight: Number(img.getAttribute('height')) || img.naturalHeight,
          },
        }
      : {}),
  };
}

/** Runs in the page. Targets too small to tap, by axe-core's rule for WCAG 2.2's 2.5.8 (it knows the exceptions: inline links in text, spacing). */
async function findTaps({ round, spotOf }: Helpers): Promise<TapTarget[]> {
  const taps: TapTarget[] = [];
  const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
  interface AxeCheck {
    id: string;
    data?: { width?: number; height?: number; closestOffset?: number } | null;
  }
  interface AxeResults {
    violations: { nodes: { element?: Element; any: AxeCheck[] }[] }[];
  }
  const results = await axe.run(document, {
    runOnly: { type: 'rule', values: ['target-size'] },
    resultTypes: ['violations'],
    elementRef: true,
  });
  for (const node of results.violations.flatMap((v) => v.nodes)) {
    if (!node.element) continue;
    const size = node.any.find((c) => c.id === 'target-size')?.data;
    const offset = node.any.find((c) => c.id === 'target-offset')?.data;
    taps.push({
      spot: spotOf(node.element),
      ...(size?.width !== undefined && size.height !== undefined ? { size: { width: round(size.width), height: round(size.height) } } : {}),
      ...(offset?.closestOffset !== undefined ? { offset: round(offset.closestOffset) } : {}),
    });
  }
  return taps;
}

/** Runs in the page, with the parts above sent beside it. */
export async function measure(options: MeasureOptions): Promise<Measurement> {
  const width = document.documentElement.clientWidth;
  const helpers = pageHelpers();
  const overflow = findOverflow(width, helpers);
  const wideTables = options.tables ? findWideTables(helpers) : [];
  const header = options.header && document.querySelector('.site-header') ? measureHeader(helpers) : undefined;
  const taps = options.taps ? await findTaps(helpers) : [];
  return { width, ...(overflow ? { overflow } : {}), wideTables, ...(header ? { header } : {}), taps };
}

/** The parts `measure` calls, declared in the page's script beside it under their own names. */
const PARTS = [pageHelpers, findOverflow, findWideTables, measureHeader, findTaps];

/**
 * The source the page evaluates: the parts, then `measure` called with the options. A build that
 * keeps function names (tsx, vitest) may call a `__name` helper inside a function's text: the page
 * gets one that does nothing.
 */
export const measureScript = (options: MeasureOptions): string =>
  `((__name) => {\n${PARTS.map((part) => part.toString()).join('\n')}\nreturn (${measure.toString()})(${JSON.stringify(options)});\n})((f) => f)`;
