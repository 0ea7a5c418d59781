/**
 * `sitewright doctor` from the command line: the output validate authors know, the summary line,
 * the exit codes. (How long the whole fleet takes is measured by npm run bench.)
 */
import { sitewright, sitewrightWith } from '../../tests/helpers/cli.ts';
import { describe, expect, it } from 'vitest';

describe('sitewright doctor', () => {
  it('prints warnings like validation problems, a summary, and exits 0; 2 with --strict; 1 with an invalid site', async () => {
    const [plain, strict, all, json] = await Promise.all([
      sitewright('doctor', '--sites', 'tests/doctor', 'clean', 'headings'),
      sitewright('doctor', '--sites', 'tests/doctor', '--strict', 'headings'),
      sitewright('doctor', '--sites', 'tests/doctor'),
      sitewright('doctor', '--sites', 'tests/doctor', '--format', 'json', 'links'),
    ]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain(
      [
        'tests/doctor/headings/site.yaml:34:20  SW_HEADING_SKIP  A heading skips a level',
        '  On /headings/guides, the h4 "Carbon monoxide" comes right after the h2 "Safety": level 3 is skipped, so the outline screen readers offer has a hole in it.',
        '    33 |         heading: Safety',
        '  > 34 |         markdown: "#### Carbon monoxide\\n\\nFit an alarm on every floor." # expect: SW_HEADING_SKIP',
        '       |                    ^^^^^^^^^^^^^^^^^^^^',
        '  Fix: write it as a level-3 heading, "### Carbon monoxide".',
      ].join('\n'),
    );
    expect(plain.stdout).toMatch(/\n2 sites checked \(\d+ pages\): 4 warnings \(\d+ ms\)\n$/);
    expect(strict.code).toBe(2);

    expect(all.code).toBe(1);
    expect(all.stdout).toContain('tests/doctor/invalid/site.yaml: not checked: it has 1 error. Run "sitewright validate" and fix them first.');
    expect(all.stdout).toMatch(/\n16 sites checked \(\d+ pages\), 1 not checked: \d+ warnings \(\d+ ms\)\n$/);

    const report = JSON.parse(json.stdout) as { sites: { site: string; checked: boolean; warnings: { code: string; line: number; headline: string }[] }[] };
    expect(report.sites[0]).toMatchObject({ site: 'links', checked: true });
    expect(report.sites[0]?.warnings[0]).toMatchObject({
      code: 'SW_BROKEN_ANCHOR',
      line: 18,
      headline: 'A link points to a part of a page that does not exist',
    });
  }, 120_000);

  it('with --layout, also measures the pages in Chromium; without Chromium, says how to get it and exits 1', async () => {
    const [layout, missing] = await Promise.all([
      sitewright('doctor', '--sites', 'tests/doctor', '--layout', '--format', 'json', 'widetable'),
      sitewrightWith({ SITEWRIGHT_CHROMIUM: '/nowhere/chromium' }, 'doctor', '--sites', 'tests/doctor', '--layout', 'clean'),
    ]);
    expect(layout.code).toBe(0);
    const report = JSON.parse(layout.stdout) as {
      sites: { checked: boolean; warnings: { code: string; line: number; col: number; headline: string; fix: string }[] }[];
    };
    expect(report.sites[0]?.checked).toBe(true);
    expect(report.sites[0]?.warnings).toMatchObject([
      {
        code: 'SW_WIDE_TABLE',
        line: 31,
        col: 11,
        headline: 'A table is wider than a phone',
        fix: 'split it into tables of at most 3 columns, or turn it so that its columns become rows.',
      },
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toBe(
      'SITEWRIGHT_CHROMIUM is /nowhere/chromium, but there is no file there. Point it at a Chromium or Chrome program, or unset it to use the system\'s (Debian and Ubuntu: "apt-get install -y chromium").\n',
    );
  }, 120_000);

  it('refuses a prefix that has no folder', async () => {
    const { code, stderr } = await sitewright('doctor', '--sites', 'tests/doctor', 'nosuchsite');
    expect(code).toBe(1);
    expect(stderr).toContain('No site folder "nosuchsite" in tests/doctor.');
  }, 60_000);
});
