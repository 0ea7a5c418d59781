import { sitewright } from './helpers/cli.ts';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_FLEET } from './helpers/app.ts';

describe('sitewright validate', () => {
  it('prints every problem with file:line:col and exits 1 when a site is invalid', async () => {
    const { code, stdout } = await sitewright('validate', '--sites', FIXTURE_FLEET);
    expect(code).toBe(1);
    expect(stdout).toContain('tests/fixtures/fleet/broken/site.yaml:14:15  SW_UNKNOWN_BLOCK  Unknown block type');
    expect(stdout).toContain('tests/fixtures/fleet/api/site.yaml:1:1  SW_PREFIX_RESERVED');
    expect(stdout).toMatch(/4 sites checked: 2 valid, 2 invalid; 2 errors, 0 warnings \(\d+ ms\)\n$/);
  });

  it('exits 0 on the fleet in sites/', async () => {
    const { code, stdout } = await sitewright('validate');
    expect(stdout).toMatch(/ 0 invalid; 0 errors/);
    expect(code).toBe(0);
  });

  it('gives the same problems as JSON for tools', async () => {
    const { stdout } = await sitewright('validate', '--sites', FIXTURE_FLEET, '--format', 'json');
    const report = JSON.parse(stdout) as { sites: { site: string; valid: boolean; problems: { code: string; line: number; col: number }[] }[] };
    const broken = report.sites.find((s) => s.site === 'broken');
    expect(broken?.valid).toBe(false);
    expect(broken?.problems[0]).toMatchObject({ code: 'SW_UNKNOWN_BLOCK', line: 14, col: 15 });
  });
});

describe('sitewright validate --fix', () => {
  it('makes the suggested fixes of a site with a syntax mistake and mistakes behind it, and leaves it valid', async () => {
    const sites = await mkdtemp(join(tmpdir(), 'sitewright-fix-'));
    await mkdir(join(sites, 'lotus'));
    const file = join(sites, 'lotus', 'site.yaml');
    const written = [
      'schemaVersion: 1',
      'site:',
      '  name: Lotus Flow Yoga',
      '  kind: yoga-studio',
      '  description: Yoga and pilates classes for every level in Stowe.',
      '  tagline: Classes daily: mornings and evenings',
      '  adress:',
      '    street: 12 Mill Street',
      '    locality: Stowe',
      '    postalCode: 05672',
      'theme:',
      '  colors:',
      '    primary: teal',
      'navigation:',
      '  - label: Home',
      '    href: /',
      '  - label: Classes',
      '    href: /clases',
      'pages:',
      '  - path: /',
      '    title Home',
      '    blocks:',
      '      - type: hero',
      '        heading: Breathe, stretch, grow stronger',
      '  - path: /classes',
      '    blocks:',
      '      - type: rich-text',
      '        markdown: Morning flow and evening restorative yoga.',
      '',
    ].join('\n');
    await writeFile(file, written);
    const { code, stdout } = await sitewright('validate', 'lotus', '--sites', sites, '--fix');
    // The file as the problems name it: in the folder --sites points at, not sites/.
    expect(stdout).toMatch(new RegExp(`^${file.replaceAll('.', '\\.')}: made \\d+ fixes$`, 'm'));
    expect(stdout).not.toContain('sites/lotus');
    expect(stdout).toMatch(/1 site checked: 1 valid, 0 invalid; 0 errors/);
    expect(code).toBe(0);
    const now = await readFile(file, 'utf8');
    expect(now).toContain('  kind: fitness\n');
    expect(now).toContain('  tagline: "Classes daily: mornings and evenings"\n');
    expect(now).toContain('  address:\n');
    expect(now).toContain('    postalCode: "05672"\n');
    expect(now).toContain('    primary: "#0f766e"\n');
    expect(now).toContain('    href: /classes\n');
    expect(now).toContain('    title: Home\n');
    expect(now).toContain('    title: Classes\n');
  });
});

describe('sitewright routes', () => {
  it('prints every concrete address as JSON, leaving invalid sites out with a note', async () => {
    const { stdout, stderr } = await sitewright('routes', '--json', '--sites', FIXTURE_FLEET);
    const rows = JSON.parse(stdout) as { site: string; path: string }[];
    expect(rows).toContainEqual(expect.objectContaining({ site: 'alpha', path: '/blog/five-signs-of-a-hidden-leak' }));
    expect(rows.some((r) => r.site === 'broken')).toBe(false);
    expect(stderr).toContain('2 invalid site(s) left out: api, broken');
  });
});
