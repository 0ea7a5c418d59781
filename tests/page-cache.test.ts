/**
 * The page cache: a byte budget that holds however many pages are visited (the least recently
 * asked for go first), a new site version that replaces the old one's pages, and a form page
 * whose time stamp, to the second, lets its filled bytes be made once a second.
 */
import { describe, expect, it } from 'vitest';
import { loadFleet } from '../runtime/fleet.ts';
import { Signer } from '../runtime/services/signing.ts';
import { PageCache } from '../runtime/server/site-pages.ts';
import type { Site } from '../runtime/site.ts';
import { FIXTURE_FLEET, FORMS_FLEET } from './helpers/app.ts';
import { targetAt } from './helpers/site.tsx';

const assetsFor = () => ({ stylesheet: '/s.css' });

describe('the page cache', () => {
  it('keeps no more bytes than its budget, dropping the pages asked for least recently', async () => {
    const fleet = await loadFleet(FIXTURE_FLEET);
    const site = fleet.sites.get('alpha') as Site;
    const paths = site.targets.map((t) => t.path);
    expect(paths.length).toBeGreaterThan(3);
    const one = new PageCache({ origin: 'https://x.example', assetsFor }).page(site, targetAt(site, paths[0] as string)).size;
    const pages = new PageCache({ origin: 'https://x.example', assetsFor, budget: one * 2.5 });
    const first = pages.page(site, targetAt(site, paths[0] as string));
    pages.page(site, targetAt(site, paths[1] as string));
    // Asked for again: now the most recent, so the second page goes first.
    expect(pages.page(site, targetAt(site, paths[0] as string))).toBe(first);
    for (const path of paths.slice(2)) {
      pages.page(site, targetAt(site, path));
      expect(pages.size).toBeLessThanOrEqual(one * 2.5 + 1);
    }
    expect(pages.page(site, targetAt(site, paths[1] as string))).not.toBe(undefined);
    const again = new PageCache({ origin: 'https://x.example', assetsFor, budget: 1 });
    again.page(site, targetAt(site, paths[0] as string));
    again.page(site, targetAt(site, paths[1] as string));
    // One page is always kept, however small the budget.
    expect(again.size).toBeGreaterThan(0);
  });

  it("drops a site's pages when a new version of it is served", async () => {
    const fleet = await loadFleet(FIXTURE_FLEET);
    const site = fleet.sites.get('alpha') as Site;
    const pages = new PageCache({ origin: 'https://x.example', assetsFor });
    const old = pages.page(site, targetAt(site, '/'));
    const held = pages.size;
    const next = { ...site, version: `${site.version}-next` };
    expect(pages.page(next, targetAt(next, '/'))).not.toBe(old);
    expect(pages.size).toBe(held);
  });
});

describe("a form page's time stamp", () => {
  it('is the same within a second and new the next, and the page is filled once for each', async () => {
    let now = 1_700_000_000_250;
    const signer = new Signer(Buffer.from('k'.repeat(40)), { now: () => now });
    const a = signer.secondToken();
    now += 500;
    expect(signer.secondToken()).toBe(a);
    now += 400;
    const b = signer.secondToken();
    expect(b).not.toBe(a);
    expect(signer.checkTimeToken(b, now + 5_000)).toBe('ok');

    const fleet = await loadFleet(FORMS_FLEET);
    const site = [...fleet.sites.values()].find((s) => s.targets.some((t) => t.path === '/contact')) as Site;
    const pages = new PageCache({ origin: 'https://x.example', assetsFor, slots: { token: () => signer.secondToken() } });
    const entry = pages.page(site, targetAt(site, '/contact'));
    const slotted = entry.slotted;
    expect(slotted).toBeDefined();
    const first = slotted?.filled({ token: () => signer.secondToken() });
    expect(slotted?.filled({ token: () => signer.secondToken() })).toBe(first);
    expect(first?.body.toString()).toContain(`value="${b}"`);
    now += 1_000;
    expect(slotted?.filled({ token: () => signer.secondToken() })).not.toBe(first);
  });
});
