/**
 * What `doctor --layout` says about a measurement, and where in site.yaml it points, without a
 * browser: the measurements are written here as Chromium reports them (see probe.ts).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSiteFolder } from '../../fleet.ts';
import type { Target } from '../../site.ts';
import { examine, type Exam } from '../exam.ts';
import { findChromium, ChromiumMissing } from './chromium.ts';
import { layoutDrafts } from './findings.ts';
import type { Measurement, Spot, TapTarget } from './measurement.ts';
import { BLOCKS } from '../../../blocks/registry.ts';

const FIXTURES = fileURLToPath(new URL('../../../tests/doctor/', import.meta.url));

async function examOf(name: string): Promise<Exam> {
  const result = await loadSiteFolder(FIXTURES, name, BLOCKS, { keepDocument: true });
  if (!result.site || !result.parsed) throw new Error(`${name} does not load`);
  return examine(result.site, result.source, result.parsed, '2026-06-15');
}

const at = (exam: Exam, path: string): Target => {
  const target = exam.site.targets.find((t) => t.path === path);
  if (!target) throw new Error(`no page ${path}`);
  return target;
};

const measured = (m: Partial<Measurement>): Measurement => ({ width: 320, wideTables: [], taps: [], ...m });
const spot = (s: Partial<Spot>): Spot => ({ region: 'main', tag: 'div', text: '', width: 10, height: 10, ...s });
/** The line and the text it points at. */
const pointed = (exam: Exam, d: { at: { line: number; col: number; length: number } }) => ({
  line: d.at.line,
  text: exam.source.split('\n')[d.at.line - 1]?.slice(d.at.col - 1, d.at.col - 1 + d.at.length),
});

describe('doctor --layout: from measurements to findings', () => {
  it('points a page that scrolls sideways at the long line of code inside the block that drew it', async () => {
    const exam = await examOf('overflow');
    const [d, ...rest] = layoutDrafts(
      exam,
      at(exam, '/your-stay'),
      measured({
        overflow: {
          scrollWidth: 429,
          offender: {
            ...spot({ block: 0, tag: 'code', text: 'QuaysideGuestHouse-Harbour-Rooms-5G-2026' }),
            right: 429,
            kind: 'element',
            word: 'QuaysideGuestHouse-Harbour-Rooms-5G-2026',
          },
        },
      }),
    );
    expect(rest).toEqual([]);
    expect(d).toMatchObject({
      code: 'SW_PAGE_OVERFLOW',
      fix: 'break the long lines of the code, or write it as ordinary text.',
      address: '/overflow/your-stay',
    });
    expect(pointed(exam, d!)).toEqual({ line: 32, text: 'QuaysideGuestHouse-Harbour-Rooms-5G-2026' });
    expect(d?.detail).toBe('On /overflow/your-stay at 320 px wide, the page is 429 px wide, so it scrolls sideways: a block of code reaches 429 px.');
  });

  it('names a word that will not break, and points at it', async () => {
    const exam = await examOf('overflow');
    const [d] = layoutDrafts(
      exam,
      at(exam, '/your-stay'),
      measured({
        overflow: { scrollWidth: 340, offender: { ...spot({ block: 0, tag: 'p', text: 'Join the network…' }), right: 340, kind: 'text', word: 'network' } },
      }),
    );
    expect(pointed(exam, d!)).toEqual({ line: 30, text: 'network' });
    expect(d?.fix).toBe('put a space or a hyphen in "network"; a long web address reads better as a link on a few words.');
  });

  it('points a table too wide for a phone at its header row, and says how many columns fit', async () => {
    const exam = await examOf('widetable');
    const columns = ['Class', 'Level', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Saturday', 'Teacher', 'Price'];
    const [d] = layoutDrafts(
      exam,
      at(exam, '/timetable'),
      measured({ wideTables: [{ spot: spot({ block: 0 }), columns, fitting: 3, tableWidth: 829, boxWidth: 280 }] }),
    );
    expect(d?.code).toBe('SW_WIDE_TABLE');
    expect(pointed(exam, d!)).toEqual({ line: 31, text: '| Class | Level | Monday | Tuesday | Wednesday | Thursday | Saturday | Teacher | Price |' });
    expect(d?.fix).toBe('split it into tables of at most 3 columns, or turn it so that its columns become rows.');
  });

  it('blames a logo wider than 4:1 for any overlap in the header, and the name when the logo is not to blame', async () => {
    const overlap = {
      a: spot({ region: 'header', part: 'name', tag: 'span', text: 'Copperline Electrical' }),
      b: spot({ region: 'header', part: 'menu-button', tag: 'summary', text: 'Menu' }),
      across: 7,
      down: 24,
    };
    const wide = await examOf('widelogo');
    const [byLogo] = layoutDrafts(wide, at(wide, '/'), measured({ header: { overlaps: [overlap] } }));
    expect(byLogo).toMatchObject({ code: 'SW_HEADER_OVERLAP', fix: 'give a logo no wider than 4:1 (this one is 20:1), such as a compact version of it.' });
    expect(pointed(wide, byLogo!)).toEqual({ line: 9, text: 'logo' });
    expect(byLogo?.detail).toBe(
      'At 320 px wide, the site name "Copperline Electrical" overlaps the menu button by 7 × 24 px, so part of one is hidden behind the other.',
    );

    const clean = await examOf('clean');
    const [byName] = layoutDrafts(clean, at(clean, '/'), measured({ header: { overlaps: [overlap] } }));
    expect(byName?.fix).toBe('shorten the site\'s "name:".');
    expect(pointed(clean, byName!)).toEqual({ line: 6, text: 'Maple Falls Pest Control' });
  });

  it('says a logo drawn under 24 px tall is too wide, or too small a file', async () => {
    const exam = await examOf('widelogo');
    const logo = (height: number, naturalHeight: number) =>
      measured({
        header: { overlaps: [], logo: { spot: spot({ region: 'header', part: 'logo', tag: 'img', width: 155, height }), naturalWidth: 1200, naturalHeight } },
      });
    expect(layoutDrafts(exam, at(exam, '/'), logo(24, 60))).toEqual([]);
    const [shrunk] = layoutDrafts(exam, at(exam, '/'), logo(8, 60));
    expect(shrunk).toMatchObject({ code: 'SW_SMALL_LOGO', fix: 'give a logo no wider than 4:1 (this one is 20:1), such as a compact version of it.' });
    expect(pointed(exam, shrunk!).line).toBe(9);
    const [tiny] = layoutDrafts(exam, at(exam, '/'), logo(20, 20));
    expect(tiny?.fix).toBe('use a logo file at least 48 px tall (this one is 20 px).');
  });

  it('makes one finding of a row of tiny links on one line of Markdown, pointing at the first', async () => {
    const exam = await examOf('taptargets');
    const tap = (letter: string): TapTarget => ({
      spot: spot({ block: 0, tag: 'a', text: letter, href: `#${letter.toLowerCase()}`, width: 12, height: 20 }),
      size: { width: 12, height: 20 },
      offset: 6,
    });
    const drafts = layoutDrafts(exam, at(exam, '/glossary'), measured({ taps: ['A', 'B', 'C', 'D'].map(tap) }));
    expect(drafts).toHaveLength(1);
    expect(pointed(exam, drafts[0]!)).toEqual({ line: 42, text: '#a' });
    expect(drafts[0]?.detail).toBe(
      'On /taptargets/glossary at 320 px wide, 4 targets are too small: the link "A" (12 × 20 px), the link "B" (12 × 20 px), the link "C" (12 × 20 px), the link "D" (12 × 20 px): a finger needs 24 × 24 px, or that much room around a smaller target.',
    );
    expect(drafts[0]?.fix).toBe('put each of these links on a line of its own (a list), or give them labels of a few words.');

    const [one] = layoutDrafts(exam, at(exam, '/glossary'), measured({ taps: [tap('B')] }));
    expect(one?.fix).toBe('give the link a label of a few words rather than "B".');
    expect(one?.detail).toContain('the link "B" is 12 × 20 px with 6 px of room around it');
  });
});

describe('doctor --layout: the header', () => {
  it('points at what made each part of it: the search box at "search:", the menu at "navigation:"', async () => {
    const result = await loadSiteFolder(fileURLToPath(new URL('../../../sites/', import.meta.url)), 'northgatelaw', BLOCKS, { keepDocument: true });
    if (!result.site || !result.parsed) throw new Error('northgatelaw does not load');
    const exam = examine(result.site, result.source, result.parsed);
    const home = at(exam, '/');
    const tap = (part: Spot['part'], tag: string): TapTarget => ({
      spot: spot({ region: 'header', part, tag, text: 'Search' }),
      size: { width: 20, height: 20 },
    });
    const [search, menu] = layoutDrafts(exam, home, measured({ taps: [tap('search-box', 'button'), tap('menu-button', 'summary')] }));
    expect(pointed(exam, search!).line).toBe(exam.source.split('\n').findIndex((line) => /^search:/.test(line)) + 1);
    expect(search?.fix).toBe('this part of the header is drawn by Sitewright: please report it.');
    expect(pointed(exam, menu!).text).toBe('navigation');
  });
});

describe('finding Chromium', () => {
  it('takes SITEWRIGHT_CHROMIUM, and says how to get Chromium when there is none', () => {
    expect(findChromium({ SITEWRIGHT_CHROMIUM: process.execPath }, [])).toBe(process.execPath);
    expect(() => findChromium({ SITEWRIGHT_CHROMIUM: '/nowhere/chromium' }, [])).toThrow(ChromiumMissing);
    expect(() => findChromium({}, ['/nowhere/chromium'])).toThrow(
      'doctor --layout renders pages in Chromium, and none was found (looked in /nowhere/chromium). Install it (Debian and Ubuntu: "apt-get install -y chromium"), or set SITEWRIGHT_CHROMIUM=/path/to/chromium.',
    );
    expect(findChromium({}, ['/nowhere/chromium', process.execPath])).toBe(process.execPath);
  });
});
