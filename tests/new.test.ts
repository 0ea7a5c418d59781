import { sitewright } from './helpers/cli.ts';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../cli/templates/index.ts';
import { loadFleet } from '../runtime/fleet.ts';
import { appFor } from './helpers/app.ts';

const answers = ['--name', 'Harbor & Pine', '--town', 'Maple Falls', '--phone', '(555) 555-0142', '--email', 'hello@harborpine.example.com', '--yes'];

describe('sitewright new', () => {
  it('scaffolds every template into a site that validates and serves every page', async () => {
    const sites = join(await mkdtemp(join(tmpdir(), 'sitewright-new-')), 'sites');
    for (const template of Object.keys(TEMPLATES)) {
      const prefix = `new${template.replace(/-/g, '')}`;
      const { code, stdout } = await sitewright('new', prefix, '--sites', sites, '--template', template, ...answers);
      expect(code, stdout).toBe(0);
      expect(stdout).toContain(`Created`);
    }
    const fleet = await loadFleet(sites);
    expect(fleet.results.flatMap((r) => r.problems)).toEqual([]);
    expect(fleet.sites.size).toBe(Object.keys(TEMPLATES).length);
    const app = await appFor(sites);
    for (const site of fleet.sites.values()) {
      const home = await app.inject({ method: 'GET', url: `/${site.prefix}` });
      expect(home.body).toContain('Harbor &amp; Pine');
      expect(home.body).toContain('Maple Falls');
      for (const target of site.targets) {
        const res = await app.inject({ method: 'GET', url: `/${site.prefix}${target.path === '/' ? '' : target.path}` });
        expect(res.statusCode, `/${site.prefix}${target.path}`).toBe(200);
      }
    }
    await app.close();
  });

  it.each([
    ['api', /reserved for the platform/],
    ['Bad_Name', /one lowercase word.*such as "badname"/],
    ['x', /one lowercase word/],
  ])('refuses the prefix %s and writes nothing', async (prefix, message) => {
    const sites = join(await mkdtemp(join(tmpdir(), 'sitewright-new-')), 'sites');
    const { code, stderr } = await sitewright('new', prefix, '--sites', sites, '--template', 'dental', ...answers);
    expect(code).toBe(1);
    expect(stderr).toMatch(message);
    expect(await readdir(sites).catch(() => [])).toEqual([]);
  });

  it('refuses an existing site, a missing value without a terminal, and a bad phone, writing nothing', async () => {
    const sites = join(await mkdtemp(join(tmpdir(), 'sitewright-new-')), 'sites');
    expect((await sitewright('new', 'harbor', '--sites', sites, '--template', 'restaurant', ...answers)).code).toBe(0);
    const again = await sitewright('new', 'harbor', '--sites', sites, '--template', 'restaurant', ...answers);
    expect(again.stderr).toContain('sites/harbor already exists');
    const missing = await sitewright('new', 'other', '--sites', sites, '--yes');
    expect(missing.stderr).toContain('missing --template, --name, --town, --phone, --email');
    const badPhone = await sitewright('new', 'third', '--sites', sites, '--template', 'town', ...answers.map((a) => (a === '(555) 555-0142' ? 'call us' : a)));
    expect(badPhone.code).toBe(1);
    expect(badPhone.stderr).toContain('SW_BAD_FORMAT');
    expect(await readdir(sites)).toEqual(['harbor']);
  });
});
