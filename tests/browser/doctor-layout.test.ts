/**
 * `sitewright doctor --layout` in real Chromium: on the fixtures in tests/doctor/ it finds exactly
 * what each marks ("# layout: SW_CODE" for what only a browser sees, "# expect: SW_CODE" for the
 * other checks), nothing on the clean fixture, and nothing of its own on two sites of the fleet.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResultWith, type SiteReport } from '../../runtime/doctor/doctor.ts';
import { formatFinding, type Finding } from '../../runtime/doctor/finding.ts';
import { layoutChecks } from '../../runtime/doctor/layout/layout.ts';
import type { Measurement } from '../../runtime/doctor/layout/measurement.ts';
import { measureScript } from '../../runtime/doctor/layout/probe.ts';
import { LayoutSession } from '../../runtime/doctor/layout/session.ts';
import { loadSiteFolder } from '../../runtime/fleet.ts';
import { launchChromium } from '../helpers/browser.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const FIXTURES = fileURLToPath(new URL('../doctor/', import.meta.url));
const SITES = fileURLToPath(new URL('../../sites/', import.meta.url));
const TODAY = '2026-06-15';

/** What only --layout finds, and the check that runs without it too. */
const LAYOUT_CODES = new Set(['SW_PAGE_OVERFLOW', 'SW_WIDE_TABLE', 'SW_HEADER_OVERLAP', 'SW_SMALL_LOGO', 'SW_TAP_TARGET', 'SW_REPEATED_TITLE']);

let session: LayoutSession;
beforeAll(async () => {
  session = await LayoutSession.open(BLOCKS);
});
afterAll(async () => {
  await session?.close();
});

const reports = new Map<string, Promise<SiteReport>>();
/** One run of doctor --layout over a site, shared by the tests that read it. */
function layoutReport(sitesDir: string, name: string): Promise<SiteReport> {
  const key = join(sitesDir, name);
  let report = reports.get(key);
  if (!report) {
    report = loadSiteFolder(sitesDir, name, BLOCKS, { keepDocument: true }).then((result) =>
      checkResultWith(result, layoutChecks(session, join(sitesDir, name, 'media'), { today: TODAY }), { today: TODAY }),
    );
    reports.set(key, report);
  }
  return report;
}

/** "SW_CODE@line" for every "# expect:" and "# layout:" mark of a fixture. */
function marked(source: string): string[] {
  const marks: string[] = [];
  source.split('\n').forEach((text, i) => {
    const list = /#\s*(?:expect|layout):\s*(SW_.+)$/.exec(text)?.[1];
    for (const item of list?.split(',') ?? []) {
      const m = /^\s*(SW_[A-Z_]+)(?:\s+at\s+\+(\d+))?\s*$/.exec(item);
      if (!m) throw new Error(`cannot read the mark "${item}" on line ${i + 1}`);
      marks.push(`${m[1]}@${i + 1 + Number(m[2] ?? 0)}`);
    }
  });
  return marks.sort();
}

const found = (findings: Finding[]) => findings.map((f) => `${f.code}@${f.line}`).sort();

describe('doctor --layout on the fixtures', () => {
  it.each(['widetable', 'widelogo', 'taptargets', 'overflow', 'repeatedtitle'])('%s: finds exactly what it marks', async (name) => {
    const report = await layoutReport(FIXTURES, name);
    expect(report.checked, report.failure).toBe(true);
    expect(marked(report.source).some((m) => m.startsWith('SW_'))).toBe(true);
    expect(found(report.findings)).toEqual(marked(report.source));
  });

  it('finds nothing on the clean fixture, with its logo, long name, menu and images at every width', async () => {
    const report = await layoutReport(FIXTURES, 'clean');
    expect(report.pages).toBeGreaterThan(5);
    expect(report.findings.map((f) => formatFinding(f, report.source))).toEqual([]);
  });

  it('says what it found in words an author can act on', async () => {
    const table = (await layoutReport(FIXTURES, 'widetable')).findings[0];
    expect(table?.detail).toMatch(
      /^On \/widetable\/timetable at 320 px wide, the table "Class \| Level \| .*" is \d+ px wide in a 280 px column: \d of its 9 columns show/,
    );
    const logo = (await layoutReport(FIXTURES, 'widelogo')).findings[0];
    expect(logo).toMatchObject({ code: 'SW_SMALL_LOGO', fix: 'give a logo no wider than 4:1 (this one is 20:1), such as a compact version of it.' });
    expect(logo?.detail).toMatch(/^At 320 px wide, the logo is drawn \d+ × \d px: 1200 × 60 is 20 times as wide as it is tall/);
    const wide = (await layoutReport(FIXTURES, 'overflow')).findings[0];
    expect(wide?.detail).toMatch(
      /^On \/overflow\/your-stay at 320 px wide, the page is \d+ px wide, so it scrolls sideways: the text "reservations@quaysideguesthouse-harbourrooms\.example" reaches \d+ px\.$/,
    );
    expect(wide?.fix).toBe('give it a few words as its label, such as "E-mail us" or "Our booking page": the address itself stays in the link.');
  });
});

describe('doctor --layout on the fleet', () => {
  // A law firm with search in its header, and a restaurant with a menu, prices and opening hours.
  it.each(['northgatelaw', 'olivetree'])('%s: nothing to say about its layout', async (name) => {
    const report = await layoutReport(SITES, name);
    expect(report.checked, report.failure).toBe(true);
    expect(report.findings.filter((f) => LAYOUT_CODES.has(f.code)).map((f) => formatFinding(f, report.source))).toEqual([]);
  });
});

describe('the measurements', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('catches any overlap of the name and the menu button, measured on the words as drawn', async () => {
    const page = await (await browser.newContext({ viewport: { width: 320, height: 600 } })).newPage();
    const header = (nameCss: string) =>
      page.setContent(`<!doctype html><body style="margin:0"><header class="site-header"><div style="position:relative;height:60px">
        <a class="brand" href="/x" style="display:block"><span class="brand-text"><span class="brand-name" style="${nameCss}">Northumberland Countywide Chimney Sweeping</span></span></a>
        <nav class="site-nav" style="position:absolute;top:0;right:0"><details class="nav-menu"><summary style="display:block;width:100px;height:44px">Menu</summary></details></nav>
      </div></header><main></main></body>`);
    const measure = () => page.evaluate<Measurement>(measureScript({ tables: false, taps: false, header: true }));

    await header('white-space:nowrap');
    const [overlap, ...more] = (await measure()).header?.overlaps ?? [];
    expect(more).toEqual([]);
    expect(overlap).toMatchObject({ a: { region: 'header', part: 'name' }, b: { region: 'header', part: 'menu-button', tag: 'summary' } });
    expect(overlap?.across).toBeGreaterThan(1);

    // The name's box reaches under the button, but its words stop short of it: nothing is hidden.
    await header('display:block;width:100%;font-size:8px');
    expect((await measure()).header?.overlaps).toEqual([]);
    await page.context().close();
  });
});
