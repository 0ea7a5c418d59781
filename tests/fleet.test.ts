/**
 * The fleet in sites/: every site loads, and every address that `sitewright routes` prints
 * answers 200 with the page's own title.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem } from '../runtime/config/problem.ts';
import { loadFleet, type Fleet } from '../runtime/fleet.ts';
import { escapeHtml } from '../runtime/render/escape.ts';
import { pageTitle } from '../runtime/render/page.tsx';
import { appFor } from './helpers/app.ts';
import { BLOCKS } from '../blocks/registry.ts';

const SITES = fileURLToPath(new URL('../sites', import.meta.url));
let fleet: Fleet;
let app: Awaited<ReturnType<typeof appFor>>;

beforeAll(async () => {
  fleet = await loadFleet(SITES, BLOCKS);
  app = await appFor(SITES);
});
afterAll(() => app.close());

// Every address of 103 sites: CPU-bound, several times slower on a busy machine.
describe('the fleet', { timeout: 180_000 }, () => {
  it('has no invalid site', () => {
    const messages = fleet.results.flatMap((r) => r.problems.map((p) => formatProblem(p, r.source)));
    expect(messages.join('\n\n')).toBe('');
  });

  it('answers every address with 200 and its own title', async () => {
    const failures: string[] = [];
    for (const site of fleet.sites.values()) {
      for (const target of site.targets) {
        const url = `/${site.prefix}${target.path === '/' ? '' : target.path}`;
        const res = await app.inject({ method: 'GET', url });
        const title = escapeHtml(pageTitle(target));
        if (res.statusCode !== 200) failures.push(`${url}: ${res.statusCode}`);
        else if (!res.body.includes(`<title>${title}`)) failures.push(`${url}: title is not "${title}"`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('has no two home pages that are near-copies (under 60% of word 3-grams shared)', async () => {
    const grams = new Map<string, Set<string>>();
    for (const prefix of fleet.sites.keys()) {
      const html = (await app.inject({ method: 'GET', url: `/${prefix}` })).body;
      const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
      const words =
        main
          .replace(/<[^>]+>/g, ' ')
          .replace(/&[a-z#0-9]+;/g, ' ')
          .toLowerCase()
          .match(/[a-z0-9']+/g) ?? [];
      grams.set(prefix, new Set(words.slice(2).map((w, i) => `${words[i]} ${words[i + 1]} ${w}`)));
    }
    const pairs: string[] = [];
    const entries = [...grams];
    for (let i = 0; i < entries.length; i++) {
      for (let j = i + 1; j < entries.length; j++) {
        const [a, ga] = entries[i] as [string, Set<string>];
        const [b, gb] = entries[j] as [string, Set<string>];
        let shared = 0;
        for (const g of ga) if (gb.has(g)) shared++;
        const ratio = shared / Math.max(1, Math.min(ga.size, gb.size));
        if (ratio >= 0.6) pairs.push(`${a} ~ ${b}: ${(ratio * 100).toFixed(0)}%`);
      }
    }
    expect(pairs).toEqual([]);
  });
});
