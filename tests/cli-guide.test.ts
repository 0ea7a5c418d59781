/**
 * The commands of "Your first site in ten minutes" (schema/guide/first-site.md), run as a reader
 * runs them: in a folder of sites that holds examples with advice of their own beside the site the
 * guide has them make.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { sitewright } from './helpers/cli.ts';

const GUIDE = fileURLToPath(new URL('../schema/guide/first-site.md', import.meta.url));
const DOCTOR_FIXTURES = fileURLToPath(new URL('./doctor/', import.meta.url));

describe('the guide to a first site', () => {
  let guide: string;
  let site: string;
  let sites: string;
  beforeAll(async () => {
    guide = await readFile(GUIDE, 'utf8');
    site = /^npx sitewright new (\S+)$/m.exec(guide)?.[1] ?? '';
    expect(site).toMatch(/^[a-z0-9]+$/);
    sites = await mkdtemp(join(tmpdir(), 'sitewright-guide-'));
    // Examples the doctor has advice for, as in the sites/ the reader starts in.
    for (const example of ['descriptions', 'headings']) await cp(join(DOCTOR_FIXTURES, example), join(sites, example), { recursive: true });
    const made = await sitewright(
      'new',
      site,
      '--sites',
      sites,
      '--template',
      'dental',
      '--name',
      'Maple Falls Dental',
      '--town',
      'Maple Falls',
      '--phone',
      '(555) 555-0100',
      '--email',
      'hello@maplefallsdental.example',
      '--yes',
    );
    expect(made.code, made.stderr).toBe(0);
    // The reader's edits leave a page without a description of its own.
    const file = join(sites, site, 'site.yaml');
    const written = await readFile(file, 'utf8');
    const edited = written.replace(/^ {4}description: .*\n/m, '');
    expect(edited).not.toBe(written);
    await writeFile(file, edited);
  });

  it("checks the reader's own site with the commands it gives, and none of the examples beside it", async () => {
    const checks = [...guide.matchAll(/^npx sitewright ((?:validate|doctor)\b[^#\n]*)/gm)]
      .map((m) => (m[1] ?? '').trim().split(/\s+/))
      // --layout opens Chromium: the same choice of sites, measured in a browser.
      .filter((args) => !args.includes('--layout'));
    expect(checks.map((args) => args[0])).toEqual(['validate', 'doctor']);
    const [validate, doctor] = await Promise.all(checks.map((args) => sitewright(...args, '--sites', sites)));
    expect(validate?.stdout).toMatch(/^1 site checked: 1 valid, 0 invalid; 0 errors/m);
    expect(doctor?.stdout).toContain(`${site}/site.yaml:`);
    expect(doctor?.stdout).toContain('SW_NO_DESCRIPTION');
    expect(doctor?.stdout).not.toMatch(/(descriptions|headings)\/site\.yaml/);
    expect(doctor?.stdout).toMatch(/^1 site checked \(\d+ pages\): 1 warning \(\d+ ms\)$/m);
  });

  it('the doctor without a name says which sites have warnings and how to check only one, naming the site saved last', async () => {
    const { code, stdout } = await sitewright('doctor', '--sites', sites);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Warnings by site: descriptions \\d+, headings \\d+, ${site} 1\\.$`, 'm'));
    expect(stdout).toContain(
      `Every site in ${sites} was checked. To check only yours, name it: sitewright doctor <prefix> (the site saved last: sitewright doctor ${site}).\n`,
    );
    // Named, the doctor checks that site alone and says nothing of the others.
    const named = await sitewright('doctor', '--sites', sites, site);
    expect(named.stdout).not.toContain('Every site in');
    expect(named.stdout).not.toContain('Warnings by site');
  });
});
