import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadFleet } from '../fleet.ts';
import { loadSite } from './load-site.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const ERRORS = fileURLToPath(new URL('../../tests/errors/', import.meta.url));
const FLEET = fileURLToPath(new URL('../../tests/fixtures/fleet/', import.meta.url));

describe('one site never takes the others down', () => {
  it('loads every other site when one holds an alias bomb, an alias without its anchor or one inside itself', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitewright-isolation-'));
    await cp(join(FLEET, 'alpha'), join(dir, 'alpha'), { recursive: true });
    for (const name of ['bomb', 'without-anchor', 'inside-itself']) {
      await mkdir(join(dir, name.replace(/-/g, '')));
      await writeFile(join(dir, name.replace(/-/g, ''), 'site.yaml'), await readFile(join(ERRORS, `alias-${name}.yaml`)));
    }
    const fleet = await loadFleet(dir, BLOCKS);
    expect([...fleet.sites.keys()]).toEqual(['alpha']);
    expect([...fleet.broken.keys()].sort()).toEqual(['bomb', 'insideitself', 'withoutanchor']);
    for (const result of fleet.broken.values()) expect(result.problems.map((p) => p.code)).toEqual(['SW_YAML_ALIAS']);
  });

  it('turns a fault of the loader itself into a problem for that site alone', async () => {
    // A media list that is not a Set makes the loader fail inside, where it checks the site's images; the caller still gets a result.
    const source = await readFile(join(FLEET, 'alpha', 'site.yaml'), 'utf8');
    const result = loadSite({ blocks: BLOCKS, prefix: 'alpha', file: 'sites/alpha/site.yaml', source, media: null as unknown as Set<string> });
    expect(result.site).toBeUndefined();
    expect(result.problems).toEqual([expect.objectContaining({ code: 'SW_LOAD_FAILED', line: 1, col: 1 })]);
  });
});
