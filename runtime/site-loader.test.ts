import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteFolder } from './fleet.ts';
import { SiteLoader, type SiteLoaderBudget } from './site-loader.ts';
import { BLOCKS } from '../blocks/registry.ts';
import { BLOCKS_MODULE } from '../cli/blocks.ts';

const SITES = new URL('../sites/', import.meta.url).pathname;
let dir: string;
const loaders: SiteLoader[] = [];
const loader = (options: SiteLoaderBudget) => {
  const made = new SiteLoader({ ...options, blocks: BLOCKS, blocksModule: BLOCKS_MODULE });
  loaders.push(made);
  return made;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitewright-loader-'));
  for (const prefix of ['brightsmile', 'oakridge']) await cp(join(SITES, prefix), join(dir, prefix), { recursive: true });
  await cp(join(SITES, 'brightsmile'), join(dir, 'tagged'), { recursive: true });
  await writeFile(join(dir, 'tagged', 'site.yaml'), 'schemaVersion: 1\nsite: !!binary aGVsbG8=\n');
});
afterAll(async () => {
  await Promise.all(loaders.map((l) => l.close()));
});

describe('SiteLoader: documents read in worker threads, within a budget', () => {
  it('builds the same site a read in this thread builds', async () => {
    const pool = loader({ threads: 2 });
    const [a, b] = await Promise.all([pool.load(dir, 'brightsmile'), loadSiteFolder(dir, 'brightsmile', BLOCKS)]);
    expect(a.problems).toEqual([]);
    expect(a.site?.version).toBe(b.site?.version);
    expect(a.site?.targets.map((t) => t.path)).toEqual(b.site?.targets.map((t) => t.path));
    expect(a.site?.router.match('/services').kind).toBe('match');
    expect(a.site?.actions.size).toBe(b.site?.actions.size);
    expect(Object.isFrozen(a.site?.data.pages)).toBe(true);
    expect(pool.times.get('brightsmile')).toBeGreaterThan(0);
  });

  it('reports a document with problems as a read in this thread does', async () => {
    const result = await loader({ threads: 1 }).load(dir, 'tagged');
    expect(result.site).toBeUndefined();
    expect(result.problems.map((p) => [p.code, p.line])).toEqual([['SW_YAML_TAG', 2]]);
  });

  it('stops a read that runs past its deadline with SW_LOAD_TIMEOUT, and goes on with the next site', async () => {
    const pool = loader({ threads: 1, deadlineMs: 1 });
    const [late, next] = await Promise.all([pool.load(dir, 'oakridge'), pool.load(dir, 'brightsmile')]);
    expect(late.problems.map((p) => p.code)).toEqual(['SW_LOAD_TIMEOUT']);
    expect(late.problems[0]?.detail).toContain('longer than 0.001 seconds');
    expect(next.problems.map((p) => p.code)).toEqual(['SW_LOAD_TIMEOUT']);
    // A thread with time enough reads the same sites.
    const roomy = loader({ threads: 1 });
    expect((await roomy.load(dir, 'oakridge')).site?.prefix).toBe('oakridge');
  });

  it('stops a thread that needs more memory than its limit, and the server thread goes on', async () => {
    const result = await loader({ threads: 1, memoryMb: 4 }).load(dir, 'brightsmile');
    expect(result.site).toBeUndefined();
    expect(result.problems.map((p) => p.code)).toEqual(['SW_LOAD_TIMEOUT']);
  });

  it('takes a read a visitor waits for before the ones queued earlier', async () => {
    const pool = loader({ threads: 1 });
    const order: string[] = [];
    const reads = ['oakridge', 'tagged', 'brightsmile'].map((p) => pool.load(dir, p).then(() => order.push(p)));
    pool.hurry('brightsmile');
    await Promise.all(reads);
    expect(order).toEqual(['brightsmile', 'oakridge', 'tagged']);
  });
});
