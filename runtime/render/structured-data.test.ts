import { describe, expect, it } from 'vitest';
import { BASE_YAML, pageHtml, siteFrom } from '../../tests/helpers/site.tsx';
import { NORTH_WIND as SITE, rich } from '../../tests/helpers/north-wind.ts';
import { renderNotFound } from './page.tsx';

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call --
   JSON-LD read back from rendered pages: the tests walk it freely, and their expectations check every value they reach. */
type Node = Record<string, any>;

/** The JSON-LD of a rendered page: exactly one script element, parsed. */
function jsonLdOf(html: string): Node[] {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  expect(scripts).toHaveLength(1);
  const data = JSON.parse((scripts[0] as RegExpMatchArray)[1] as string);
  expect(data['@context']).toBe('https://schema.org');
  return data['@graph'];
}

const ofType = (graph: Node[], type: string): Node => {
  const found = graph.find((n) => n['@type'] === type);
  if (!found) throw new Error(`no ${type} in ${graph.map((n) => n['@type']).join(', ')}`);
  return found;
};

const site = siteFrom(SITE, 'northwind', ['logo.png']);
const graphAt = (path: string) => jsonLdOf(pageHtml(site, path));
const ORG_ID = 'https://sites.example.com/northwind#organization';
/** The post whose title tries to close the script element. */
const HEAT_PUMPS = '/blog/heat-pumps';

describe('the organisation, on every page', () => {
  it('is the most specific type of its kind, with its details from the site identity', () => {
    const org = ofType(graphAt('/'), 'HVACBusiness');
    expect(org).toMatchObject({
      '@id': ORG_ID,
      name: 'North Wind Heating',
      url: 'https://sites.example.com/northwind',
      telephone: '(555) 555-0199',
      email: 'office@northwind.example.com',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '40 Kiln Street',
        addressLocality: 'Millbrook',
        addressRegion: 'VT',
        postalCode: '05401',
        addressCountry: 'US',
      },
      areaServed: ['Millbrook', 'Lake County'],
      sameAs: ['https://facebook.example.com/northwind'],
      logo: { '@type': 'ImageObject', url: 'https://sites.example.com/northwind/media/logo.png' },
    });
    expect(org.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:30', closes: '17:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '12:00' },
    ]);
  });

  it('is on every page of the site, the 404 page too', () => {
    for (const t of site.targets) expect(graphAt(t.path)[0]).toMatchObject({ '@id': ORG_ID, '@type': 'HVACBusiness' });
    const notFound = renderNotFound(site, '/404', { origin: 'https://sites.example.com', assets: { stylesheet: '/assets/test.css' } }).html;
    expect(jsonLdOf(notFound).map((n) => n['@type'])).toEqual(['HVACBusiness']);
  });

  it.each([
    ['dentist', 'Dentist', true],
    ['restaurant', 'Restaurant', true],
    ['insurance-agency', 'InsuranceAgency', true],
    ['basement-waterproofing', 'HomeAndConstructionBusiness', true],
    ['town-government', 'GovernmentOrganization', false],
    ['charity', 'NGO', false],
    ['veterinary', 'VeterinaryCare', false],
  ])('a %s site is a %s (opening hours: %s)', (kind, type, hours) => {
    const yaml = BASE_YAML.replace('kind: dentist', `kind: ${kind}`).replace(
      '  phone:',
      '  hours:\n    - days: [monday]\n      opens: "09:00"\n      closes: "17:00"\n  phone:',
    );
    const org = jsonLdOf(pageHtml(siteFrom(`${yaml}pages:\n  - path: /\n    title: Home\n${rich('Hi.')}`), '/'))[0] as Node;
    expect(org['@type']).toBe(type);
    expect(org.name).toBe('Maple Falls Dental');
    expect('openingHoursSpecification' in org).toBe(hours);
  });

  it('is a Person on a personal site, with the properties a person has', () => {
    const yaml = BASE_YAML.replace('kind: dentist', 'kind: personal');
    const me = jsonLdOf(pageHtml(siteFrom(`${yaml}pages:\n  - path: /\n    title: Home\n${rich('Hi.')}`), '/'))[0] as Node;
    expect(me).toMatchObject({ '@type': 'Person', name: 'Maple Falls Dental', telephone: '555-0142' });
    expect(me).not.toHaveProperty('openingHoursSpecification');
    expect(me).not.toHaveProperty('areaServed');
  });

  it('takes the towns it serves from its service-area pages when the identity lists none', () => {
    const yaml = SITE.replace('  areaServed: [Millbrook, Lake County]\n', '');
    expect(jsonLdOf(pageHtml(siteFrom(yaml, 'northwind', ['logo.png']), '/'))[0]?.areaServed).toEqual(['Fernbrook']);
  });
});

describe('the item a page shows: posts, news and events', () => {
  it('gives a post page a BlogPosting', () => {
    const post = ofType(graphAt('/blog/bleeding-radiators'), 'BlogPosting');
    expect(post).toMatchObject({
      headline: 'Bleeding radiators',
      url: 'https://sites.example.com/northwind/blog/bleeding-radiators',
      datePublished: '2026-01-10',
      dateModified: '2026-02-01',
      author: { '@type': 'Person', name: 'Ana Ruiz' },
      publisher: { '@id': ORG_ID },
      articleSection: 'Maintenance',
      keywords: 'radiators, winter',
      description: 'Let the air out before the cold.',
    });
  });

  it('names the organisation as the author of a post without one', () => {
    const post = ofType(graphAt(HEAT_PUMPS), 'BlogPosting');
    expect(post.author).toEqual({ '@id': ORG_ID });
    expect(post.dateModified).toBe('2026-03-05');
  });

  it('keeps author text from closing the script element', () => {
    const html = pageHtml(site, HEAT_PUMPS);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('</script><script>alert');
    expect(head).toContain('\\u003c/script>');
    expect(ofType(jsonLdOf(html), 'BlogPosting').headline).toBe('Heat pumps </script><script>alert(1)</script> & you');
  });

  it('gives a news page a NewsArticle', () => {
    expect(ofType(graphAt('/news/we-are-hiring'), 'NewsArticle')).toMatchObject({
      headline: 'We are hiring',
      datePublished: '2026-04-01',
      publisher: { '@id': ORG_ID },
      author: { '@id': ORG_ID },
    });
  });

  it('gives an event page an Event with its times, place and organiser', () => {
    expect(ofType(graphAt('/events/furnace-clinic'), 'Event')).toMatchObject({
      name: 'Furnace clinic',
      startDate: '2026-09-12T10:00',
      endDate: '2026-09-12T12:30',
      location: { '@type': 'Place', name: 'Millbrook library', address: { '@type': 'PostalAddress', addressLocality: 'Millbrook', addressRegion: 'VT' } },
      organizer: { '@id': ORG_ID },
    });
    expect(ofType(graphAt('/events/night-install-demo'), 'Event')).toMatchObject({ startDate: '2026-10-01T22:00', endDate: '2026-10-02T01:00' });
    const day = ofType(graphAt('/events/open-day'), 'Event');
    expect(day.startDate).toBe('2026-11-05');
    expect(day).not.toHaveProperty('endDate');
    expect(day.location).toMatchObject({ name: 'North Wind Heating' });
  });
});

describe('the item a page shows: jobs, people, places and groups', () => {
  it('gives a job page a JobPosting, with the pay only when it reads clearly', () => {
    const job = ofType(graphAt('/careers/hvac-technician'), 'JobPosting');
    expect(job).toMatchObject({
      title: 'HVAC technician',
      datePosted: '2026-05-01',
      validThrough: '2026-06-30',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@id': ORG_ID },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', streetAddress: '40 Kiln Street', addressLocality: 'Millbrook' } },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value: { '@type': 'QuantitativeValue', minValue: 28, maxValue: 34, unitText: 'HOUR' } },
    });
    expect(job.description).toBe('<p><strong>Fix</strong> furnaces. See <a href="https://sites.example.com/northwind/about">our team</a>.</p>\n');
    const apprentice = ofType(graphAt('/careers/apprentice'), 'JobPosting');
    expect(apprentice.employmentType).toBe('INTERN');
    expect(apprentice).not.toHaveProperty('baseSalary');
  });

  it('gives a person page a Person who works for the organisation', () => {
    expect(ofType(graphAt('/team/ana-ruiz'), 'Person')).toMatchObject({
      name: 'Ana Ruiz',
      jobTitle: 'Lead technician',
      worksFor: { '@id': ORG_ID },
      knowsAbout: ['heat pumps'],
    });
  });

  it('gives a service-area page a Service in its city and region', () => {
    expect(ofType(graphAt('/service-areas/lake-county/fernbrook'), 'Service')).toMatchObject({
      name: 'Heating repair in Fernbrook',
      provider: { '@id': ORG_ID },
      serviceType: 'Heating and cooling',
      areaServed: { '@type': 'City', name: 'Fernbrook', containedInPlace: { '@type': 'AdministrativeArea', name: 'Lake County' } },
    });
  });

  it('names an event or news organisation of a town-area site as its organiser', () => {
    const yaml = `${BASE_YAML.replace('kind: dentist', 'kind: town-area')}pages:
  - path: /
    title: Home
${rich('Hi.')}
  - path: /groups/{slug}
    from: orgs
  - path: /events/{slug}
    from: events
collections:
  orgs:
    kind: organization
    items:
      - name: Garden Club
        summary: Growing together.
        website: https://garden.example.com
  events:
    kind: event
    items:
      - title: Seed swap
        organization: garden-club
        date: 2026-03-01
`;
    const town = siteFrom(yaml);
    expect(ofType(jsonLdOf(pageHtml(town, '/events/seed-swap')), 'Event').organizer).toEqual({
      '@type': 'Organization',
      name: 'Garden Club',
      url: 'https://sites.example.com/example/groups/garden-club',
    });
    expect(jsonLdOf(pageHtml(town, '/groups/garden-club'))[1]).toMatchObject({
      '@type': 'Organization',
      name: 'Garden Club',
      sameAs: 'https://garden.example.com',
    });
  });
});

describe('BreadcrumbList', () => {
  const crumbs = (path: string) => ofType(graphAt(path), 'BreadcrumbList').itemListElement.map((c: Node) => [c.position, c.name, c.item]);
  const url = (path: string) => `https://sites.example.com/northwind${path}`;

  it('lead from the home page through the listing to an item', () => {
    expect(crumbs('/blog/bleeding-radiators')).toEqual([
      [1, 'Home', url('')],
      [2, 'Blog', url('/blog')],
      [3, 'Bleeding radiators', url('/blog/bleeding-radiators')],
    ]);
    expect(crumbs('/careers/hvac-technician').map((c: unknown[]) => c[1])).toEqual(['Home', 'Careers', 'HVAC technician']);
    expect(crumbs('/blog/topic/maintenance').map((c: unknown[]) => c[1])).toEqual(['Home', 'Blog', 'Maintenance']);
  });

  it('follow a nested page through its ancestors', () => {
    expect(crumbs('/guide/departments/roads')).toEqual([
      [1, 'Home', url('')],
      [2, 'Guide', url('/guide')],
      [3, 'Departments', url('/guide/departments')],
      [4, 'Roads', url('/guide/departments/roads')],
    ]);
  });

  it('skip steps that have no page', () => {
    expect(crumbs('/team/ana-ruiz').map((c: unknown[]) => c[1])).toEqual(['Home', 'Ana Ruiz']);
  });

  it('are left off top-level pages', () => {
    for (const path of ['/', '/about', '/blog']) expect(graphAt(path).map((n) => n['@type'])).toEqual(['HVACBusiness']);
  });
});

describe('feed links', () => {
  const feeds = (path: string) =>
    [...pageHtml(site, path).matchAll(/<link rel="alternate" type="application\/rss\+xml" title="([^"]*)" href="([^"]*)">/g)].map((m) => [m[1], m[2]]);
  const FEED = ['North Wind Heating', 'https://sites.example.com/northwind/feed.xml'];

  it("announce the blog's feed on the home page and the blog's pages", () => {
    for (const path of ['/', '/blog', '/blog/bleeding-radiators']) expect(feeds(path)).toEqual([FEED]);
    expect(feeds('/about')).toEqual([]);
    expect(feeds('/events/open-day')).toEqual([]);
  });

  it("announce a category's own feed on its page", () => {
    expect(feeds('/blog/topic/heat-pumps')).toEqual([
      FEED,
      ['North Wind Heating: Heat pumps', 'https://sites.example.com/northwind/feed.xml?category=heat-pumps'],
    ]);
  });

  it('are left out on a site without a blog', () => {
    const html = pageHtml(siteFrom(`${BASE_YAML}pages:\n  - path: /\n    title: Home\n${rich('Hi.')}`), '/');
    expect(html).not.toContain('application/rss+xml');
  });
});

describe('noindex', () => {
  it('keeps thank-you pages out of search results', () => {
    expect(pageHtml(site, '/contact/thank-you')).toContain('<meta name="robots" content="noindex">');
    expect(pageHtml(site, '/about')).not.toContain('noindex');
  });
});
