import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, renderBlocks, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { areaList } from './index.tsx';

const AREAS = `  - path: /{region}/{city}
    from: areas
collections:
  areas:
    kind: area
    items:
      - { region: Pine County, city: Dunmore }
      - { region: Lake County, city: Millbrook }
      - { region: Lake County, city: Ashford }
      - { region: lake county, city: Cedar Falls }
`;

const site = siteFrom(siteWithBlocks(stringify([{ type: 'area-list', ...areaList.example }]), AREAS));

describe('area-list block', () => {
  it('renders the example: one heading per region, each town linked to its page', () => {
    const html = pageHtml(site, '/');
    expect(html).toContain('<h2>Areas we serve</h2>');
    expect(html).toContain('<h3>Lake County</h3>');
    expect(html).toContain('<h3>Pine County</h3>');
    expect(html).toContain('<a href="/example/lake-county/millbrook">Millbrook</a>');
  });

  it('groups regions written differently, and sorts regions and towns by name', () => {
    const html = renderBlocks(site, [{ type: 'area-list', collection: 'areas', order: 'alphabetical' }]);
    expect(html.match(/<h2>/g)).toHaveLength(2);
    const order = [...html.matchAll(/>([A-Z][a-z]+(?: [A-Z][a-z]+)?)</g)].map((m) => m[1]);
    expect(order).toEqual(['Lake County', 'Ashford', 'Cedar Falls', 'Millbrook', 'Pine County', 'Dunmore']);
  });

  it('keeps the written order when asked', () => {
    const html = renderBlocks(site, [{ type: 'area-list', collection: 'areas', order: 'as-written' }]);
    expect(html.indexOf('Pine County')).toBeLessThan(html.indexOf('Lake County'));
    expect(html.indexOf('Millbrook')).toBeLessThan(html.indexOf('Ashford'));
  });
});
