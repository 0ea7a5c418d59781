/**
 * The doctor's fixes, made as they say: a fix that deletes something carries its edits, and the
 * edits applied to the file leave that finding gone and no other in its place; the doctor, run
 * again, does not ask for something else about the same heading.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../config/load-site.ts';
import { applyEdits } from '../config/problem.ts';
import { loadSiteFolder } from '../fleet.ts';
import { checkResult, type SiteReport } from './doctor.ts';
import type { Finding } from './finding.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const FIXTURES = fileURLToPath(new URL('../../tests/doctor/', import.meta.url));
const TODAY = '2026-06-15';

const NAMES = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'invalid')
  .map((e) => e.name)
  .sort();

async function report(name: string): Promise<SiteReport> {
  return checkResult(await loadSiteFolder(FIXTURES, name, BLOCKS, { keepDocument: true }), { today: TODAY });
}

/** The doctor on the same site with another text. */
function again(before: SiteReport, source: string): SiteReport {
  const media = new Set(readdirSync(`${FIXTURES}${before.prefix}`).includes('media') ? readdirSync(`${FIXTURES}${before.prefix}/media`) : []);
  return checkResult(loadSite({ blocks: BLOCKS, prefix: before.prefix, file: before.file, source, media, keepDocument: true }), { today: TODAY });
}

const count = (findings: Finding[]) => findings.reduce((m, f) => m.set(f.code, (m.get(f.code) ?? 0) + 1), new Map<string, number>());

describe("the doctor's fixes, applied as written", () => {
  it.each(NAMES)('%s: a fix that deletes carries its edits, and once made the finding is gone and none is new', async (name) => {
    const before = await report(name);
    for (const finding of before.findings) {
      const where = `${finding.code} at ${finding.line}:${finding.col} (Fix: ${finding.fix})`;
      if (/^delete /.test(finding.fix)) expect(finding.edits, `${where} deletes but says not what`).toBeDefined();
      if (!finding.edits) continue;
      const after = again(before, applyEdits(before.source, finding.edits));
      expect(after.checked, `${where}: the site no longer loads once fixed`).toBe(true);
      const was = count(before.findings);
      const now = count(after.findings);
      expect(now.get(finding.code) ?? 0, `${where} is still there after its fix`).toBeLessThan(was.get(finding.code) ?? 0);
      for (const [code, n] of now) expect(n, `${where}: the fix brought ${code}`).toBeLessThanOrEqual(was.get(code) ?? 0);
    }
  });

  it('finds no repeated title on a cart page titled "Your cart!" whose cart is headed "Your cart", with its heading or without', async () => {
    const cart = await report('cartpage');
    expect(cart.checked).toBe(true);
    expect(cart.findings.filter((f) => f.code === 'SW_REPEATED_TITLE')).toEqual([]);
    // What the doctor once asked for: the cart's own "Your cart" came back in its place.
    const without = again(cart, cart.source.replace(/^ {8}heading: Your cart\n/m, ''));
    expect(without.source).not.toBe(cart.source);
    expect(without.findings.filter((f) => f.code === 'SW_REPEATED_TITLE')).toEqual([]);
  });

  it('deletes the heading that repeats the title with its edit, and the doctor run again finds no repeated title', async () => {
    const before = await report('repeatedtitle');
    const deletions = before.findings.filter((f) => f.code === 'SW_REPEATED_TITLE' && f.edits);
    expect(deletions.map((f) => f.line)).toEqual([33, 41, 81]);
    const after = again(
      before,
      applyEdits(
        before.source,
        deletions.flatMap((f) => f.edits ?? []),
      ),
    );
    // The other two ask for words only the author can write.
    expect(after.findings.filter((f) => f.code === 'SW_REPEATED_TITLE').map((f) => f.fix)).toEqual([
      "make this faq block's heading say what the block adds, not the page's title again.",
      'make the line "# Aftercare" say what this part is about, not the page\'s title again (deleted, it would leave "The first day" a level too deep under the title).',
    ]);
  });
});
