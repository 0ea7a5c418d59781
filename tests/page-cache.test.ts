/**
 * The page cache: a byte budget that holds however many pages are visited (the least recently
 * asked for go first), a new site version that replaces the old one's pages, and a form page
 * whose time stamp, to the second, lets its filled bytes be made once a second; a page of
 * coming events that keeps an evening's event until midnight where the site is.
 */
import { describe, expect, it } from 'vitest';
import { loadFleet } from '../runtime/fleet.ts';
import { Signer } from '../runtime/services/signing.ts';
import { PageCache } from '../runtime/server/site-pages.ts';
import type { Site } from '../runtime/site.ts';
import { FIXTURE_FLEET, FORMS_FLEET } from './helpers/app.ts';
import { BASE_YAML, siteFrom, targetAt } from './helpers/site.tsx';
import { BLOCKS } from '../blocks/registry.ts';

const assetsFor = () => ({ stylesheet: '/s.css' });

describe('the page cache', () => {
  it('keeps no more bytes than its budget, dropping the pages asked for least recently', async () => {
    const fleet = await loadFleet(FIXTURE_FLEET, BLOCKS);
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
    const fleet = await loadFleet(FIXTURE_FLEET, BLOCKS);
    const site = fleet.sites.get('alpha') as Site;
    const pages = new PageCache({ origin: 'https://x.example', assetsFor });
    const old = pages.page(site, targetAt(site, '/'));
    const held = pages.size;
    const next = { ...site, version: `${site.version}-next` };
    expect(pages.page(next, targetAt(next, '/'))).not.toBe(old);
    expect(pages.size).toBe(held);
  });
});

describe('a page of coming events', () => {
  it("lists an evening's event until midnight in the site's own zone, and is made again then", () => {
    const site = siteFrom(
      BASE_YAML.replace('  email: hello@maplefalls.example.com\n', '  email: hello@maplefalls.example.com\n  timeZone: America/New_York\n') +
        `collections:
  events:
    kind: event
    items:
      - slug: open-evening
        title: Open evening
        date: 2026-12-04
        start: "18:00"
        end: "21:00"
pages:
  - path: /
    title: Home
    blocks:
      - type: event-list
        heading: Coming up
        collection: events
        empty: Nothing is planned.
`,
    );
    // 01:00 UTC on the 5th is 20:00 on the 4th in New York: the event is on now.
    let now = Date.parse('2026-12-05T01:00:00Z');
    const pages = new PageCache({ origin: 'https://x.example', assetsFor, now: () => now });
    const html = () => pages.page(site, targetAt(site, '/')).cached.body.toString();
    expect(html()).toContain('Open evening');
    now = Date.parse('2026-12-05T04:59:00Z');
    expect(html()).toContain('Open evening');
    // Midnight in New York (05:00 UTC): the kept page is made again, and the event has gone.
    now = Date.parse('2026-12-05T05:00:00Z');
    expect(html()).not.toContain('Open evening');
    expect(html()).toContain('Nothing is planned.');
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

    const fleet = await loadFleet(FORMS_FLEET, BLOCKS);
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
