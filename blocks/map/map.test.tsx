import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { BASE_YAML, pageHtml, problemsOf, siteFrom, targetAt } from '../../tests/helpers/site.tsx';
import { renderPage } from '../../runtime/render/page.tsx';
import { map } from './index.tsx';
import { embedUrl, mapKey } from './osm.ts';

const ADDRESS = `  address:
    street: 118 Harbor Lane
    locality: Maple Falls
    region: VT
    postalCode: "05401"
`;

/** A site with an address whose /visit page shows a map (its example, changed by `props`), and a home page without one. */
function siteYaml(props: object = {}, address = ADDRESS) {
  const base = BASE_YAML.replace('  email: hello@maplefalls.example.com\n', `  email: hello@maplefalls.example.com\n${address}`);
  const blocks = stringify([{ type: 'map', ...map.example, ...props }]).replace(/^/gm, '      ');
  return `${base}pages:\n  - path: /\n    title: Home\n    blocks:\n      - type: hero\n        heading: Welcome\n  - path: /visit\n    title: Visit\n    blocks:\n${blocks}`;
}

const KEY = mapKey({ lat: 45.5231, lng: -122.6765 });

/** Every address the page makes the browser fetch by itself: what frames, pictures and scripts load, and the stylesheets and hints it links. */
const fetched = (html: string) => [
  ...[...html.matchAll(/\s(?:src|srcset|data-src|poster)="([^"]*)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link\b[^>]*>/g)]
    .filter((m) => /rel="(stylesheet|preload|modulepreload|prefetch|preconnect|dns-prefetch)"/.test(m[0]))
    .map((m) => /href="([^"]*)"/.exec(m[0])?.[1]),
];

describe('map block', () => {
  it('shows the address, a link to the place and to directions, and a Show map button, and makes the browser fetch nothing from OpenStreetMap', () => {
    const html = pageHtml(siteFrom(siteYaml()), '/visit');
    expect(html).toContain('<h2 id="map-' + KEY + '-heading">Find the workshop</h2>');
    expect(html).toContain('<address>118 Harbor Lane<br/>Maple Falls, VT 05401</address>');
    expect(html).toContain('<a href="https://www.openstreetmap.org/?mlat=45.5231&amp;mlon=-122.6765#map=17/45.5231/-122.6765">View on OpenStreetMap</a>');
    expect(html).toContain('<a href="https://www.openstreetmap.org/directions?route=%3B45.5231%2C-122.6765">Get directions</a>');
    // Without JavaScript the button asks the page itself for the map.
    expect(html).toContain(`<form class="map-ask" action="/example/visit#map-${KEY}" method="get">`);
    expect(html).toContain(`<input type="hidden" name="map" value="${KEY}"/>`);
    expect(html).toContain('<button type="submit" class="button">Show map</button>');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('embed.html');
    expect(fetched(html)).toEqual(expect.arrayContaining(['/assets/test.css', '/assets/client/main.js']));
    expect(fetched(html).filter((url) => /^(https?:)?\/\//.test(url ?? ''))).toEqual([]);
  });

  it('shows the map in the page once the visitor asks without JavaScript (?map=<key>), named for screen readers', () => {
    const html = pageHtml(siteFrom(siteYaml()), '/visit', { map: KEY });
    expect(html).toContain(`<iframe src="${embedUrl({ lat: 45.5231, lng: -122.6765 }, 17).replace(/&/g, '&amp;')}" title="Map of the workshop"`);
    expect(html).not.toContain('Show map</button>');
    // Another map's key, or another word, shows nothing.
    expect(pageHtml(siteFrom(siteYaml()), '/visit', { map: 'other' })).not.toContain('<iframe');
  });

  it('without coordinates shows the address and a search for it on OpenStreetMap, and no button', () => {
    const html = pageHtml(siteFrom(siteYaml({ lat: undefined, lng: undefined, address: '4 Mill Yard, Maple Falls' })), '/visit');
    expect(html).toContain('<address>4 Mill Yard, Maple Falls</address>');
    expect(html).toContain('<a href="https://www.openstreetmap.org/search?query=4%20Mill%20Yard%2C%20Maple%20Falls">View on OpenStreetMap</a>');
    expect(html).toContain('<a href="https://www.openstreetmap.org/directions?to=4%20Mill%20Yard%2C%20Maple%20Falls">Get directions</a>');
    expect(html).not.toContain('Show map');
  });

  it('leaves the directions out when asked', () => {
    expect(pageHtml(siteFrom(siteYaml({ directions: false })), '/visit')).not.toContain('Get directions');
  });

  it('lets the page that shows a map, and no other, frame openstreetmap.org', () => {
    const site = siteFrom(siteYaml());
    const render = (path: string) => renderPage(site, targetAt(site, path), { origin: 'https://sites.example.com', assets: { stylesheet: '/s.css' } });
    expect(render('/visit').frames).toEqual(['https://www.openstreetmap.org']);
    expect(render('/').frames).toEqual([]);
    // A map that cannot be shown (no coordinates) frames nothing either.
    const plain = siteFrom(siteYaml({ lat: undefined, lng: undefined }));
    expect(renderPage(plain, targetAt(plain, '/visit'), { origin: 'https://sites.example.com', assets: { stylesheet: '/s.css' } }).frames).toEqual([]);
  });

  it('frames the place at the middle of a box as wide as the zoom asks', () => {
    const url = new URL(embedUrl({ lat: 0, lng: 10 }, 16));
    expect(url.origin + url.pathname).toBe('https://www.openstreetmap.org/export/embed.html');
    expect(url.searchParams.get('marker')).toBe('0,10');
    const [west, south, east, north] = (url.searchParams.get('bbox') ?? '').split(',').map(Number) as [number, number, number, number];
    expect((west + east) / 2).toBeCloseTo(10, 6);
    expect((south + north) / 2).toBeCloseTo(0, 6);
    // 400 pixels at zoom 16: 360° / 2^16 per 256 pixels.
    expect(east - west).toBeCloseTo((400 * 360) / (256 * 2 ** 16), 5);
    expect(new URL(embedUrl({ lat: 0, lng: 10 }, 17)).searchParams.get('bbox')).not.toBe(url.searchParams.get('bbox'));
  });

  it('reports a latitude without a longitude, and a map with no place at all', () => {
    const [half] = problemsOf(siteYaml({ lng: undefined }));
    expect(half).toContain('SW_MISSING_KEY');
    expect(half).toContain('The map has "lat" but no "lng"');
    const [none] = problemsOf(siteYaml({ lat: undefined, lng: undefined }, ''));
    expect(none).toContain('The map has no place to show');
  });
});
