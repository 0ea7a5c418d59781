/**
 * The doctor's checks, on the sites in tests/doctor/: each finds what its fixture marks with
 * "# expect: SW_CODE" at exactly those lines, and nothing on the clean site.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../config/load-site.ts';
import { loadSiteFolder } from '../fleet.ts';
import { altFault } from './checks/alt-text.ts';
import { jaccard } from './checks/areas.ts';
import { contactLinkFault } from './checks/contacts.ts';
import { DOCTOR_CODES } from './codes.ts';
import { checkResult, type SiteReport } from './doctor.ts';
import { formatFinding, type Finding, type FindingCode } from './finding.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const FIXTURES = fileURLToPath(new URL('../../tests/doctor/', import.meta.url));
const TODAY = '2026-06-15';

const reports = new Map<string, SiteReport>();
async function report(name: string): Promise<SiteReport> {
  let found = reports.get(name);
  if (!found) {
    found = checkResult(await loadSiteFolder(FIXTURES, name, BLOCKS, { keepDocument: true }), { today: TODAY });
    reports.set(name, found);
  }
  return found;
}

/** "SW_CODE@line" for every "# expect:" mark of a fixture. */
function expected(source: string): string[] {
  const marks: string[] = [];
  source.split('\n').forEach((text, i) => {
    const list = /#\s*expect:\s*(SW_.+)$/.exec(text)?.[1];
    for (const item of list?.split(',') ?? []) {
      const m = /^\s*(SW_[A-Z_]+)(?:\s+at\s+\+(\d+))?\s*$/.exec(item);
      if (!m) throw new Error(`cannot read the mark "${item}" on line ${i + 1}`);
      marks.push(`${m[1]}@${i + 1 + Number(m[2] ?? 0)}`);
    }
  });
  return marks.sort();
}

const found = (findings: Finding[], code?: FindingCode) =>
  findings
    .filter((f) => !code || f.code === code)
    .map((f) => `${f.code}@${f.line}`)
    .sort();

const FIXTURE_NAMES = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'invalid')
  .map((e) => e.name)
  .sort();

/** Every check, with the fixture that shows it. */
const CHECKS: { check: string; code: FindingCode; fixtures: string[] }[] = [
  { check: '1. pages without a description of their own', code: 'SW_NO_DESCRIPTION', fixtures: ['descriptions'] },
  { check: '2. images without useful alt text', code: 'SW_ALT_TEXT', fixtures: ['alttext'] },
  { check: '3. headings that skip a level', code: 'SW_HEADING_SKIP', fixtures: ['headings'] },
  { check: '4. duplicate page titles', code: 'SW_DUPLICATE_TITLE', fixtures: ['titles'] },
  { check: '5. area pages that are near-copies', code: 'SW_THIN_AREA_PAGE', fixtures: ['areas'] },
  { check: '6. theme colours under WCAG AA', code: 'SW_LOW_CONTRAST', fixtures: ['contrast', 'contrastfocus'] },
  { check: '7. links to pages that do not exist', code: 'SW_BROKEN_LINK', fixtures: ['links'] },
  { check: '7. links to #anchors that do not exist', code: 'SW_BROKEN_ANCHOR', fixtures: ['links'] },
  { check: '8. mailto: and tel: links that cannot work', code: 'SW_CONTACT_LINK', fixtures: ['phones'] },
  { check: '8. phone numbers written unlike the rest of the site', code: 'SW_PHONE_STYLE', fixtures: ['phones'] },
  { check: "9. a first heading that repeats the page's title", code: 'SW_REPEATED_TITLE', fixtures: ['repeatedtitle'] },
];

describe('sitewright doctor: the fixtures', () => {
  it.each(FIXTURE_NAMES)('%s loads, and the doctor finds exactly what it marks', async (name) => {
    const r = await report(name);
    expect(r.checked, `${name} must be a valid site`).toBe(true);
    expect(found(r.findings)).toEqual(expected(r.source));
  });

  it('finds nothing at all on the clean site', async () => {
    const r = await report('clean');
    expect(r.pages).toBeGreaterThan(5);
    expect(r.findings.map((f) => formatFinding(f, r.source))).toEqual([]);
  });

  it('leaves a site that does not load to validate', async () => {
    const r = await report('invalid');
    expect(r).toMatchObject({ checked: false, errors: 1, findings: [] });
  });
});

describe.each(CHECKS)('check $check ($code)', ({ code, fixtures }) => {
  it('is found on its fixture, at the marked lines', async () => {
    for (const name of fixtures) {
      const r = await report(name);
      const marks = expected(r.source).filter((m) => m.startsWith(`${code}@`));
      expect(marks.length, `${name} marks at least one ${code}`).toBeGreaterThan(0);
      expect(found(r.findings, code)).toEqual(marks);
    }
  });

  it('is not found on the clean site', async () => {
    expect(found((await report('clean')).findings, code)).toEqual([]);
  });
});

describe('where findings point', () => {
  const at = async (name: string, code: FindingCode, line: number) => {
    const f = (await report(name)).findings.find((x) => x.code === code && x.line === line);
    if (!f) throw new Error(`no ${code} on line ${line} of ${name}`);
    return f;
  };

  it('points at a heading inside a block of Markdown, not at the block', async () => {
    const r = await report('headings');
    const f = await at('headings', 'SW_HEADING_SKIP', 41);
    expect(r.source.split('\n')[40]?.slice(f.col - 1, f.col - 1 + f.length)).toBe('#### Banging when it starts');
    expect(f.fix).toBe('write it as a level-3 heading, "### Banging when it starts".');
  });

  it('finds no skip under a list with no heading of its own: its items are then h2', async () => {
    const r = await report('headings');
    expect(r.findings.some((f) => f.line === 51)).toBe(false);
  });

  it('points at the link inside Markdown, and says once that a menu link fails on every page', async () => {
    const r = await report('links');
    const inText = await at('links', 'SW_BROKEN_LINK', 53);
    expect(r.source.split('\n')[52]?.slice(inText.col - 1, inText.col - 1 + inText.length)).toBe('/comfort-club');
    const menu = await at('links', 'SW_BROKEN_ANCHOR', 18);
    expect(menu.detail).toMatch(/The same on 2 other pages\.$/);
  });

  it('points at the alt text, and at the colour written in the theme', async () => {
    expect(await at('alttext', 'SW_ALT_TEXT', 27)).toMatchObject({ col: 16, length: 12 });
    expect(await at('contrast', 'SW_LOW_CONTRAST', 16)).toMatchObject({ col: 11, length: 9 });
  });

  it('points at the second of two pages with the same title', async () => {
    const f = await at('titles', 'SW_DUPLICATE_TITLE', 27);
    expect(f.detail).toBe(
      '/titles/about-the-firm has the same title as /titles/about (line 20): "About us | Bramford Legal". Browser tabs and search results cannot tell them apart.',
    );
  });

  it('points at the phone number inside the text, and writes it the usual way', async () => {
    const f = await at('phones', 'SW_PHONE_STYLE', 35);
    expect(f).toMatchObject({ col: 29, length: 12, fix: 'write it "(555) 555-0199", the way the site writes phone numbers everywhere else.' });
  });

  it('points at the heading that repeats the title, and its fix, done as it says, leaves nothing to find', async () => {
    const r = await report('repeatedtitle');
    const markdown = await at('repeatedtitle', 'SW_REPEATED_TITLE', 33);
    expect(r.source.split('\n')[32]?.slice(markdown.col - 1, markdown.col - 1 + markdown.length)).toBe('# About us');
    expect(markdown.fix).toBe('delete the line "# About us": the page\'s title already says it.');
    const heading = await at('repeatedtitle', 'SW_REPEATED_TITLE', 41);
    expect(heading.fix).toBe('delete "heading:" from this rich-text block: the page\'s title already stands right above it.');
    const required = await at('repeatedtitle', 'SW_REPEATED_TITLE', 48);
    expect(required.fix).toBe("make this faq block's heading say what the block adds, not the page's title again.");
    // Deleting this one would leave its "###" right under the title, a level skipped: it is to be reworded instead.
    const deeper = await at('repeatedtitle', 'SW_REPEATED_TITLE', r.source.split('\n').findIndex((l) => l.includes('body: "# Aftercare')) + 1);
    expect(deeper.fix).toBe(
      'make the line "# Aftercare" say what this part is about, not the page\'s title again (deleted, it would leave "The first day" a level too deep under the title).',
    );
    const fixed = r.source
      .split('\n')
      .filter((_line, i) => i !== 32 && i !== 40)
      .join('\n')
      .replace('heading: Questions # expect: SW_REPEATED_TITLE', 'heading: Before your first visit')
      .replace('body: "# Why floss first\\n\\n', 'body: "')
      .replace('body: "# Aftercare\\n', 'body: "# After a filling\\n');
    const again = checkResult(loadSite({ blocks: BLOCKS, prefix: 'repeatedtitle', file: r.file, source: fixed, media: new Set(), keepDocument: true }), {
      today: TODAY,
    });
    expect(again.checked).toBe(true);
    expect(found(again.findings)).toEqual([]);
  });

  it('prints a finding like a validation problem: location, code, headline, detail, frame, fix', async () => {
    const r = await report('alttext');
    const f = await at('alttext', 'SW_ALT_TEXT', 10);
    expect(formatFinding(f, r.source)).toBe(
      [
        'tests/doctor/alttext/site.yaml:10:10  SW_ALT_TEXT  An image has no useful alt text',
        '  The alt text of "logo.png" (the site logo) says only "Logo", which tells people who cannot see the image nothing about what it shows.',
        '     9 |     src: logo.png',
        '  > 10 |     alt: Logo # expect: SW_ALT_TEXT',
        '       |          ^^^^',
        '  Fix: say whose logo it is, such as "Oak Hollow Decks logo", or write "" because the name is written beside it in the header.',
      ].join('\n'),
    );
  });

  it('asks a wide logo, which the header reads out as the site’s name, for alt text for link previews, never for ""', async () => {
    const r = await report('widelogo');
    const source = r.source.replace('    alt: ""', '    alt: Logo');
    const again = checkResult(loadSite({ blocks: BLOCKS, prefix: 'widelogo', file: r.file, source, media: new Set(['wordmark.svg']), keepDocument: true }), {
      today: TODAY,
    });
    const f = again.findings.find((x) => x.code === 'SW_ALT_TEXT');
    expect(f?.fix).toBe(
      'say whose logo it is, such as "Copperline Electrical logo": the header reads out the site\'s name for this wide logo, but link previews show this text.',
    );
  });

  it('sorts findings by line, and every one is a warning with a catalogued headline', async () => {
    for (const name of FIXTURE_NAMES) {
      const { findings } = await report(name);
      expect(findings.map((f) => f.line)).toEqual([...findings.map((f) => f.line)].sort((a, b) => a - b));
      for (const f of findings) {
        expect(f.severity).toBe('warning');
        expect(f.code in DOCTOR_CODES || f.code === 'SW_BROKEN_LINK').toBe(true);
      }
    }
  });
});

describe('the rules behind the checks', () => {
  it('tells useless alt text from a description', () => {
    expect(altFault('IMG_2041.jpg', 'IMG_2041.jpg')).toBe('file');
    expect(altFault('DSC00123', 'deck.jpg')).toBe('file');
    expect(altFault('deck', 'gallery/deck.jpg')).toBe('file');
    expect(altFault('Logo', 'logo.png')).toBe('generic');
    expect(altFault('Our logo', 'brand.svg')).toBe('generic');
    expect(altFault('hero image', 'a.jpg')).toBe('generic');
    expect(altFault('Photo 3', 'a.jpg')).toBe('generic');
    expect(altFault('Northwind Heating logo', 'logo.svg')).toBeUndefined();
    expect(altFault('Portrait of Ana Lopez', 'ana.jpg')).toBeUndefined();
    expect(altFault('Team photo at the 2024 picnic', 'team.jpg')).toBeUndefined();
    expect(altFault('', 'a.jpg')).toBeUndefined();
  });

  it('accepts usable mailto: and tel: links, and short emergency numbers', () => {
    for (const ok of [
      'mailto:hello@example.com',
      'mailto:a@example.com,b@example.org?subject=Hi%20there',
      'tel:+15555550142',
      'tel:(555) 555-0142',
      'tel:911',
      'tel:5555550142;ext=12',
    ]) {
      expect(contactLinkFault(ok), ok).toBeUndefined();
    }
    expect(contactLinkFault('mailto:')).toBe('has no e-mail address after "mailto:"');
    expect(contactLinkFault('mailto:hello@example')).toBe('"hello@example" is not an e-mail address');
    expect(contactLinkFault('tel:1-800-FLOWERS')).toMatch(/has letters in it/);
    expect(contactLinkFault('tel:555-01')).toBe('"555-01" has only 5 digits');
  });

  it('measures word 3-grams shared between pages', () => {
    const a = new Set(['a b c', 'b c d', 'c d e', 'd e f']);
    expect(jaccard(a, new Set(a))).toBe(1);
    expect(jaccard(a, new Set(['a b c', 'b c d', 'x y z']))).toBe(0.4);
  });
});
