import { sitewright } from './helpers/cli.ts';
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

describe('sitewright routes', () => {
  it('prints every concrete address as JSON, leaving invalid sites out with a note', async () => {
    const { stdout, stderr } = await sitewright('routes', '--json', '--sites', FIXTURE_FLEET);
    const rows = JSON.parse(stdout) as { site: string; path: string }[];
    expect(rows).toContainEqual(expect.objectContaining({ site: 'alpha', path: '/blog/five-signs-of-a-hidden-leak' }));
    expect(rows.some((r) => r.site === 'broken')).toBe(false);
    expect(stderr).toContain('2 invalid site(s) left out: api, broken');
  });
});
