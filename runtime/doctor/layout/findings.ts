/**
 * The findings of `doctor --layout`, from what Chromium measured on each page at each width:
 * pure functions of the measurements and the site, so they are tested without a browser.
 */
import { address, get, strings, type Draft, type Exam } from '../exam.ts';
import type { Target } from '../../site.ts';
import type { Position } from '../../config/locate.ts';
import type { Measurement, Spot, TapTarget, WideTable } from './measurement.ts';
import { blockPath, blockType, inHeader, whereIs } from './where.ts';

/** A logo drawn shorter than this cannot be read; targets smaller than this (both ways) are hard to tap. */
export const MIN_PX = 24;
/** The widest a logo can be, against its height, and still be drawn MIN_PX tall beside the menu button at 320 px. */
const LOGO_RATIO = 4;

const ratio = (w: number, h: number) => {
  const r = w / h;
  return r >= 10 ? String(Math.round(r)) : String(Math.round(r * 10) / 10);
};

/** What a person would call an element. */
export function describe(el: Spot): string {
  const text = el.text ? ` "${el.text}"` : '';
  if (el.region === 'header') {
    if (el.part === 'logo') return 'the logo';
    if (el.part === 'name') return `the site name${text}`;
    if (el.part === 'tagline') return `the tagline${text}`;
    if (el.part === 'menu-button') return 'the menu button';
    if (el.part === 'search-box') return el.tag === 'button' ? 'the search button' : 'the search box';
  }
  if (el.region === 'title') return `the page's title${text}`;
  switch (el.tag) {
    case 'a':
      return `the link${text}`;
    case 'button':
    case 'summary':
      return `the button${text}`;
    case 'input':
    case 'select':
    case 'textarea':
      return 'a form field';
    case 'img':
      return `the image ${el.src?.split('/').pop() ?? ''}`.trim();
    case 'table':
      return 'a table';
    case 'pre':
    case 'code':
      return 'a block of code';
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return `the heading${text}`;
    default:
      return text ? `the text${text}` : `a <${el.tag}>`;
  }
}

function overflow(exam: Exam, target: Target, m: Measurement, url: string): Draft[] {
  const o = m.overflow;
  if (!o) return [];
  const el = o.offender;
  const code = el.tag === 'pre' || el.tag === 'code';
  const word = el.kind === 'text' && !code ? el.word : undefined;
  const what = word ? `the word "${word}" in ${describe(el)}` : describe(el);
  const type = el.region === 'main' ? blockType(target, el.block) : undefined;
  // An e-mail or web address as a button's or link's words: a short label reads better and wraps.
  const address = /\S@\S+\.\S|^(https?:\/\/|www\.)/.test(el.word ?? el.text ?? '');
  let fix: string;
  if (code) fix = 'break the long lines of the code, or write it as ordinary text.';
  else if (address) fix = 'give it a few words as its label, such as "E-mail us" or "Our booking page": the address itself stays in the link.';
  else if (word) fix = `put a space or a hyphen in "${word}"; a long web address reads better as a link on a few words.`;
  else if (el.region === 'header') fix = 'shorten the name or tagline, or give a logo no wider than 4:1.';
  else if (type) fix = `make this ${type} block narrower on a phone: shorter words, fewer things side by side.`;
  else fix = 'make what sticks out narrower: shorter words, fewer things side by side.';
  return [
    {
      code: 'SW_PAGE_OVERFLOW',
      at: whereIs(exam, target, el, el.word),
      detail: `On ${url} at ${m.width} px wide, the page is ${o.scrollWidth} px wide, so it scrolls sideways: ${what} reaches ${el.right} px.`,
      fix,
      address: url,
    },
  ];
}

/** The line of Markdown a table starts on: its header row, found by its cells (else the block's first table). */
function tableLine(exam: Exam, target: Target, table: WideTable): string | undefined {
  const block = blockPath(target, table.spot.block);
  if (!block) return undefined;
  const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const wanted = norm(table.columns.join(''));
  let first: string | undefined;
  for (const { value } of strings(get(exam.site.data, block), block)) {
    const lines = value.split('\n');
    for (let i = 0; i + 1 < lines.length; i++) {
      const line = lines[i] as string;
      if (!line.includes('|') || !/^\s*\|?\s*:?-{3,}/.test(lines[i + 1] as string)) continue;
      if (norm(line) === wanted) return line.trim();
      first ??= line.trim();
    }
  }
  return first;
}

function wideTables(exam: Exam, target: Target, m: Measurement, url: string): Draft[] {
  return m.wideTables.map((table) => {
    const columns = table.columns.filter(Boolean);
    const name = columns.length ? `"${columns.join(' | ')}"` : 'on this page';
    const most = Math.max(1, table.fitting);
    return {
      code: 'SW_WIDE_TABLE',
      at: whereIs(exam, target, table.spot, tableLine(exam, target, table)),
      detail: `On ${url} at ${m.width} px wide, the table ${name} is ${table.tableWidth} px wide in a ${table.boxWidth} px column: ${table.fitting} of its ${table.columns.length} columns show, and visitors scroll it sideways for the rest.`,
      fix: `split it into tables of at most ${most} column${most === 1 ? '' : 's'}, or turn it so that its columns become rows.`,
      address: url,
    };
  });
}

function header(exam: Exam, target: Target, m: Measurement, url: string): Draft[] {
  const h = m.header;
  if (!h) return [];
  const logo = exam.site.data.site.logo;
  const drafts: Draft[] = [];
  // Its size as read from the file, or as written where the file could not be read.
  const size = logo ? (exam.site.images.get(logo.src) ?? (logo.width && logo.height ? { width: logo.width, height: logo.height } : undefined)) : undefined;
  const shape = size ? ` (this one is ${ratio(size.width, size.height)}:1)` : '';
  // The logo shares the row with the name: whichever part is hit, a logo that is too wide pushed it there.
  const byLogo = size ? size.width / size.height > LOGO_RATIO : false;
  for (const o of h.overlaps) {
    drafts.push({
      code: 'SW_HEADER_OVERLAP',
      at: byLogo ? inHeader(exam, 'logo') : inHeader(exam, o.a.part),
      detail: `At ${m.width} px wide, ${describe(o.a)} overlaps ${describe(o.b)} by ${o.across} × ${o.down} px, so part of one is hidden behind the other.`,
      fix: byLogo
        ? `give a logo no wider than 4:1${shape}, such as a compact version of it.`
        : `shorten ${o.a.part === 'tagline' ? '"tagline:"' : 'the site\'s "name:"'}.`,
      address: url,
    });
  }
  if (h.logo && h.logo.spot.height < MIN_PX && logo) {
    const { naturalWidth: w, naturalHeight: nh } = h.logo;
    const shrunk = nh >= MIN_PX;
    drafts.push({
      code: 'SW_SMALL_LOGO',
      at: inHeader(exam, 'logo'),
      detail: shrunk
        ? `At ${m.width} px wide, the logo is drawn ${h.logo.spot.width} × ${h.logo.spot.height} px: ${w} × ${nh} is ${ratio(w, nh)} times as wide as it is tall, so it shrinks that far to fit beside the menu, and under ${MIN_PX} px tall it cannot be read.`
        : `At ${m.width} px wide, the logo is drawn ${h.logo.spot.width} × ${h.logo.spot.height} px, and under ${MIN_PX} px tall it cannot be read.`,
      fix: shrunk
        ? `give a logo no wider than 4:1${shape}, such as a compact version of it.`
        : `use a logo file at least ${MIN_PX * 2} px tall (this one is ${nh} px).`,
      address: url,
    });
  }
  return drafts;
}

/** Targets that are too small, one finding per line of the file: a row of tiny links is one thing to fix. */
function taps(exam: Exam, target: Target, m: Measurement, url: string): Draft[] {
  const byLine = new Map<number, { at: Position; items: TapTarget[] }>();
  for (const tap of m.taps) {
    const at = whereIs(exam, target, tap.spot);
    const group = byLine.get(at.line) ?? { at, items: [] };
    group.items.push(tap);
    byLine.set(at.line, group);
  }
  return [...byLine.values()].map(({ at, items }) => {
    const [first] = items as [TapTarget, ...TapTarget[]];
    const size = ({ spot: el, size }: TapTarget) => (size ? `${size.width} × ${size.height}` : `${el.width} × ${el.height}`);
    const room = (t: TapTarget) => (t.offset !== undefined ? ` with ${t.offset} px of room around it` : '');
    const what =
      items.length === 1
        ? `${describe(first.spot)} is ${size(first)} px${room(first)}`
        : `${items.length} targets are too small: ${items
            .slice(0, 4)
            .map((t) => `${describe(t.spot)} (${size(t)} px)`)
            .join(', ')}${items.length > 4 ? '…' : ''}`;
    const links = items.every((t) => t.spot.tag === 'a');
    const fix =
      first.spot.region === 'header'
        ? 'this part of the header is drawn by Sitewright: please report it.'
        : links && items.length > 1
          ? 'put each of these links on a line of its own (a list), or give them labels of a few words.'
          : links
            ? `give the link a label of a few words rather than "${first.spot.text}".`
            : 'make it bigger, or give it more room from the controls beside it.';
    return {
      code: 'SW_TAP_TARGET',
      at,
      detail: `On ${url} at ${m.width} px wide, ${what}: a finger needs ${MIN_PX} × ${MIN_PX} px, or that much room around a smaller target.`,
      fix,
      address: url,
    };
  });
}

/** Every finding of one page at one width. */
export function layoutDrafts(exam: Exam, target: Target, m: Measurement): Draft[] {
  const url = address(exam.site, target.path);
  return [...overflow(exam, target, m, url), ...wideTables(exam, target, m, url), ...header(exam, target, m, url), ...taps(exam, target, m, url)];
}
