import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { areaPage } from './index.tsx';

const indent = (yaml: string, by: string) => yaml.replace(/^(?=.)/gm, by);

const AREAS = `collections:
  areas:
    kind: area
    items:
      - region: Lake County
        city: Millbrook
        population: 12400
        highlights: [Old Town, Riverside]
      - region: Lake County
        city: Cedar Falls
        body: Cedar Falls has *its own* text.
      - region: Lake County
        city: Ashford
      - region: Pine County
        city: Dunmore
`;

function siteWith(areaBlocks?: object[]) {
  const blocks = areaBlocks ? `    blocks:\n${indent(stringify(areaBlocks), '      ')}` : '';
  const pages = `  - path: /contact
    title: Contact
    blocks:
      - type: rich-text
        markdown: Write to us.
  - path: /{region}/{city}
    from: areas
${blocks}`;
  return siteFrom(siteWithBlocks('- type: rich-text\n  markdown: Home.', `${pages}\n${AREAS}`));
}

describe('area-page block', () => {
  const site = siteWith([{ type: 'area-page', ...areaPage.example }]);

  it('renders the example with the template filled from the area and the site', () => {
    const html = pageHtml(site, '/lake-county/millbrook');
    expect(html).toContain('<h1>Pest control in Millbrook</h1>');
    expect(html).toContain('<p class="item-meta">Lake County</p>');
    expect(html).toContain('Looking for pest control in Millbrook? Maple Falls Dental has protected homes and businesses across Lake County');
    expect(html).toContain('With around 12,400 residents, Millbrook sees');
    expect(html).toContain('<h2>What we see in Millbrook</h2>');
    expect(html).toContain('<li>Old Town</li>');
    expect(html).toContain('<a class="button" href="tel:5550142">Call 555-0142</a>');
    expect(html).toContain('href="/example/contact">Request an inspection</a>');
  });

  it('links other areas of the same region only', () => {
    const html = pageHtml(site, '/lake-county/millbrook');
    const nearby = html.slice(html.indexOf('<nav class="area-nearby"'));
    expect(nearby).toMatch(/^<nav class="area-nearby" aria-labelledby="([^"]+)"><h2 id="\1">Other towns we serve nearby<\/h2>/);
    expect(nearby).toContain('<a href="/example/lake-county/cedar-falls">Cedar Falls</a>');
    expect(nearby).toContain('<a href="/example/lake-county/ashford">Ashford</a>');
    expect(nearby).not.toContain('Millbrook</a>');
    expect(nearby).not.toContain('Dunmore');
    expect(pageHtml(site, '/pine-county/dunmore')).not.toContain('area-nearby');
  });

  it("prefers the area's own text, and leaves out template paragraphs it cannot fill", () => {
    const own = pageHtml(site, '/lake-county/cedar-falls');
    expect(own).toContain('Cedar Falls has <em>its own</em> text.');
    expect(own).not.toContain('Looking for pest control');
    const noPopulation = pageHtml(site, '/lake-county/ashford');
    expect(noPopulation).toContain('Looking for pest control in Ashford?');
    expect(noPopulation).not.toContain('residents');
    expect(noPopulation).not.toContain('{population}');
  });

  it('is the default block of an area page, and reads well without any props', () => {
    const html = pageHtml(siteWith(), '/lake-county/ashford');
    expect(html).toContain('<h1>Our services in Ashford</h1>');
    expect(html).toContain('Maple Falls Dental serves Ashford and the surrounding communities of Lake County.');
    expect(html).toContain('<h2>Get in touch</h2>');
  });

  it('points at an unknown placeholder in the template', () => {
    const blocks = indent(stringify([{ type: 'area-page', services: 'Pest control', template: 'Serving {citty} since 2001.' }]), '      ');
    const yaml = siteWithBlocks('- type: rich-text\n  markdown: Home.', `  - path: /{region}/{city}\n    from: areas\n    blocks:\n${blocks}\n${AREAS}`);
    const [problem] = problemsOf(yaml);
    expect(problem).toContain('SW_UNKNOWN_PLACEHOLDER');
    expect(problem).toContain('Did you mean "city"?');
  });
});
