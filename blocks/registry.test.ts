/**
 * The block contract, checked for every registered block: its key, folder, example, checks,
 * rendering, islands, per-visitor slots and server half agree with what it declares.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSiteFolder } from '../runtime/fleet.ts';
import { outline } from '../runtime/render/outline.ts';
import { blocksHtml, renderPage } from '../runtime/render/page.tsx';
import type { Site, Target } from '../runtime/site.ts';
import { declaredRecords } from '../runtime/store/records.ts';
import type { BlockData } from '../schema/common.ts';
import { buildSiteSchema } from '../schema/compose.ts';
import { SCHEMA_ID } from '../schema/site.ts';
import { BLOCKS } from './registry.ts';

const SITES = fileURLToPath(new URL('../sites', import.meta.url));
/** Sites that between them have a collection of every kind: a block is tried on their pages and items. */
const SAMPLES = ['riverbend', 'clearpath', 'guardianpest', 'northwindhvac', 'harborpoint', 'brightsmile'];

let places: { site: Site; target: Target }[] = [];

beforeAll(async () => {
  const sites = await Promise.all(SAMPLES.map(async (prefix) => (await loadSiteFolder(SITES, prefix, BLOCKS)).site as Site));
  // One address per page entry of each sample site: a plain page, an item of each kind, a group.
  places = sites.flatMap((site) => [...new Map(site.targets.map((t) => [t.pageIndex, t])).values()].map((target) => ({ site, target })));
});

const ajv = new Ajv({ allErrors: true, strict: false, discriminator: true });
addFormats(ajv);
ajv.addSchema(buildSiteSchema(BLOCKS));
const validBlock = ajv.getSchema(`${SCHEMA_ID}#/$defs/block`);

describe.each(Object.entries(BLOCKS))('the %s block', (key, block) => {
  const data: BlockData = { ...(block.example as Record<string, unknown>), type: block.type };

  it('is registered under its type, and lives in the folder of that name', () => {
    expect(block.type).toBe(key);
    expect(existsSync(fileURLToPath(new URL(`./${key}/`, import.meta.url)))).toBe(true);
  });

  it('has an example that the site schema accepts and its own checks find nothing wrong with', () => {
    expect(validBlock?.(data), JSON.stringify(validBlock?.errors)).toBe(true);
    expect(block.check?.(block.example, { payments: { currency: 'USD', provider: 'test', receipts: '/payment-success' } }) ?? []).toEqual([]);
  });

  it('renders its example somewhere on the sample sites, and throws nowhere', () => {
    let rendered = 0;
    for (const { site, target } of places) {
      const html = blocksHtml(site, target, [data], '2026-06-15');
      if (html.trim()) rendered++;
    }
    expect(rendered).toBeGreaterThan(0);
  });

  it('ships a script exactly when it declares an island, loading the module it names', async () => {
    const place = places.find(({ site, target }) => blocksHtml(site, target, [data], '2026-06-15').trim());
    const target: Target = { ...(place?.target as Target), page: { ...(place?.target.page as Target['page']), blocks: [data] } };
    const site = place?.site as Site;
    const page = renderPage(site, target, {
      origin: 'https://sites.example.com',
      assets: { stylesheet: '/s.css', script: '/assets/client/main.js' },
      today: '2026-06-15',
    });
    expect(outline(site, target, BLOCKS).islands).toEqual(block.island ? [key] : []);
    expect(page.islands).toEqual(block.island ? [key] : []);
    expect(page.html.includes(`data-island="${key}"`)).toBe(Boolean(block.island));
    expect(page.html.includes('src="/assets/client/main.js"')).toBe(Boolean(block.island));
    if (block.island) {
      const module = (await import(/* @vite-ignore */ new URL(`./${key}/${block.island.module}`, import.meta.url).href)) as Record<string, unknown>;
      expect(typeof module[block.island.export]).toBe('function');
    }
    // A page with per-visitor slots carries their placeholders, to be filled per request.
    expect(page.perRequest).toEqual([...(block.perRequest ?? [])]);
  });

  it.runIf(Boolean(block.action))('has a server half whose body schema compiles, a key, and records declared well', () => {
    const action = block.action!;
    expect(() => new Ajv({ strict: false }).compile(action.bodySchema(block.example))).not.toThrow();
    expect(action.key(block.example)).toBeTruthy();
    expect(() => declaredRecords({ [key]: block })).not.toThrow();
  });
});
