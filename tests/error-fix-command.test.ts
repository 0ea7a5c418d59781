/**
 * `sitewright validate --fix` on every golden fixture, as an author runs it: the fixture is a site
 * folder (tests/errors/media as its media), the command makes its fixes, and the site is read
 * again. Every problem whose fix is a change to the file must be gone: a fix that changed the
 * wrong line would leave its problem (or one like it) behind, still offering a change.
 */
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixSites } from '../cli/fix.ts';
import { loadSiteFolder } from '../runtime/fleet.ts';
import type { Problem } from '../runtime/config/problem.ts';
import { BLOCKS } from '../blocks/registry.ts';
import { ERRORS_DIR, errorCases, readCase } from './helpers/error-fixtures.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitewright-fix-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('validate --fix on the golden fixtures', () => {
  it.each(errorCases)('%s: every fix the command can make is made, works, and brings no new kind of problem', async (name) => {
    const { source, prefix } = readCase(name);
    const sites = join(dir, name.replace(/\.yaml$/, ''));
    await mkdir(join(sites, prefix), { recursive: true });
    await writeFile(join(sites, prefix, 'site.yaml'), source);
    await symlink(join(ERRORS_DIR, 'media'), join(sites, prefix, 'media'));
    const before = await loadSiteFolder(sites, prefix, BLOCKS);
    await fixSites(sites, BLOCKS, [prefix]);
    const after = await loadSiteFolder(sites, prefix, BLOCKS);
    const said = (p: Problem) => `${p.code} at ${p.line}:${p.col}: ${p.detail} (Fix: ${p.fix})`;
    // A fix that needs a file put in the media folder is left to the author.
    const left = after.problems.filter((p) => !p.whole && !p.upload && p.edits?.length);
    expect(left.map(said)).toEqual([]);
    // Mending the syntax lets the later checks read on; no fix may bring a kind of problem the file did not have.
    const codes = new Set(before.problems.map((p) => p.code));
    expect(after.problems.filter((p) => !codes.has(p.code)).map(said)).toEqual([]);
  });
});
