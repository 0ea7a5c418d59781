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

const SITES = fileURLToPath(new URL('../sites', import.meta.url));
let fleet: Fleet;
let app: Awaited<ReturnType<typeof appFor>>;

beforeAll(async () => {
  fleet = await loadFleet(SITES);
  app = await appFor(SITES);
});
afterAll(() => app.close());

describe('the fleet', () => {
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
});
