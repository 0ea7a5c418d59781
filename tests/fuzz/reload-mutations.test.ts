/**
 * 300 seeded mutations of the fleet's files saved into one site of a running server and
 * reloaded: the reload never throws, the other site always serves, and the mutated site always
 * answers its home page (its new version, or the last good one) without a server error.
 */
import { cp, mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadFleet } from '../../runtime/fleet.ts';
import { buildApp } from '../../runtime/server/app.ts';
import { Reloader } from '../../runtime/server/reload.ts';
import { mutate, seeded } from './mutate.ts';

const SITES = fileURLToPath(new URL('../../sites/', import.meta.url));
const ALPHA = fileURLToPath(new URL('../fixtures/fleet/alpha/', import.meta.url));
const CASES = 300;

describe('mutated site files saved into a running server', () => {
  it(`never take it or another site down (${CASES} reloads)`, async () => {
    const prefixes = (await readdir(SITES)).sort();
    const dir = await mkdtemp(join(tmpdir(), 'sitewright-reload-fuzz-'));
    await cp(ALPHA, join(dir, 'alpha'), { recursive: true });
    await mkdir(join(dir, 'victim'));
    await writeFile(join(dir, 'victim', 'site.yaml'), await readFile(join(SITES, 'brightsmile', 'site.yaml')));
    const reloads = new Reloader({ current: await loadFleet(dir) }, { keepLastGood: true });
    const app = await buildApp({ fleet: reloads.holder.current, origin: 'https://sites.example.com', reloads });
    const failures: string[] = [];
    const tally = { updated: 0, kept: 0 };
    for (let seed = 1; seed <= CASES; seed++) {
      const random = seeded(seed + 50_000);
      const prefix = prefixes[Math.floor(random() * prefixes.length)] as string;
      const { source, names } = mutate(await readFile(join(SITES, prefix, 'site.yaml'), 'utf8'), random);
      const label = `seed ${seed + 50_000}, ${prefix}, ${names.join(' + ')}`;
      await writeFile(join(dir, 'victim', 'site.yaml'), source);
      try {
        const outcome = await reloads.reloadSite('victim');
        if (outcome.status === 'updated') tally.updated++;
        else tally.kept++;
      } catch (error) {
        failures.push(`${label}: reload threw ${String(error)}`);
        continue;
      }
      const [alpha, victim] = await Promise.all([app.inject('/alpha'), app.inject('/victim')]);
      if (alpha.statusCode !== 200) failures.push(`${label}: /alpha answered ${alpha.statusCode}`);
      if (victim.statusCode !== 200) failures.push(`${label}: /victim answered ${victim.statusCode}`);
    }
    await app.close();
    console.log(`${CASES} reloads: ${tally.updated} new versions served, ${tally.kept} kept the last good one; ${failures.length} failures`);
    expect(failures.slice(0, 20)).toEqual([]);
  }, 600_000);
});
