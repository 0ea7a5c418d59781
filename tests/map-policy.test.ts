/**
 * The map block under the Content-Security-Policy: the page that shows a map, and no other, may
 * frame openstreetmap.org (and nothing else), however it is sent; before the visitor asks, the
 * page holds no frame at all.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapKey } from '../blocks/map/osm.ts';
import { securityHeaders } from '../runtime/server/security-headers.ts';
import { appFor } from './helpers/app.ts';

const MAP = `type: map
lat: 45.5231
lng: -122.6765`;

const siteYaml = (name: string, footer: string, visit: string) => `schemaVersion: 1
site:
  name: ${name}
  kind: bicycle-shop
  description: Bicycle repairs.
theme:
  colors: { primary: "#134e4a" }
navigation:
  - { label: Home, href: / }
${footer}pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Back on the road tomorrow
  - path: /visit
    title: Visit
    blocks:
      - ${visit.replace(/\n/g, '\n        ')}
`;

const BASE = securityHeaders()['content-security-policy'] as string;
const FRAMED = `${BASE};frame-src https://www.openstreetmap.org`;
const KEY = mapKey({ lat: 45.5231, lng: -122.6765 });

let app: FastifyInstance;
beforeAll(async () => {
  const sites = await mkdtemp(join(tmpdir(), 'sitewright-map-'));
  const write = async (prefix: string, yaml: string) => {
    await mkdir(join(sites, prefix));
    await writeFile(join(sites, prefix, 'site.yaml'), yaml);
  };
  await write('wheels', siteYaml('Wheels', '', MAP));
  await write('rims', siteYaml('Rims', `footer:\n  blocks:\n    - ${MAP.replace(/\n/g, '\n      ')}\n`, 'type: rich-text\nmarkdown: Come and see us.'));
  app = await appFor(sites);
}, 120_000);
afterAll(() => app?.close());

const get = (url: string) => app.inject({ method: 'GET', url });

describe('a page with a map', () => {
  it('may frame openstreetmap.org and nothing else, every time it is sent from the cache', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/wheels/visit');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBe(FRAMED);
      expect(res.body).toContain('Show map</button>');
      expect(res.body).not.toContain('<iframe');
    }
  });

  it('frames the map when asked without JavaScript, under the same policy', async () => {
    const res = await get(`/wheels/visit?map=${KEY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(FRAMED);
    expect(res.body).toMatch(/<iframe src="https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=[^"]+" title="Map of Wheels"/);
  });

  it('leaves every other page, and every other answer, under the policy that frames nothing from elsewhere', async () => {
    for (const url of ['/wheels', '/wheels/no-such-page', '/wheels/sitemap.xml']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toBe(BASE);
    }
    expect(BASE).not.toContain('frame-src');
    expect(BASE).toContain("default-src 'self'");
  });

  it('lets every page of a site with a map in its footer frame it, its "page not found" too', async () => {
    for (const [url, status] of [
      ['/rims', 200],
      ['/rims/visit', 200],
      ['/rims/no-such-page', 404],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-security-policy'], url).toBe(FRAMED);
      expect(res.body.slice(res.body.indexOf('<footer')), url).toContain('Show map</button>');
    }
  });
});
