import { describe, expect, it } from 'vitest';
import { BASE_YAML, load, problemsOf, siteFrom } from '../../tests/helpers/site.tsx';

const ALL_SHAPES = `${BASE_YAML}pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Welcome
  - path: /about
    title: About
    blocks:
      - type: rich-text
        markdown: About us.
  - path: /{slug}
    from: guides
  - path: /blog/{slug}
    from: posts
  - path: /blog/category/{category}
    from: posts
    groupBy: category
  - path: /careers/{slug}
    from: jobs
  - path: /team/{name}
    from: people
  - path: /{artist}/thank-you
    from: people
    noindex: true
  - path: /{organization}/events
    from: orgs
    title: "Events — {name}"
  - path: /{organization}/events/{slug}
    from: events
collections:
  guides:
    kind: page
    items:
      - title: Alt text that helps
        body: Describe what matters.
  posts:
    kind: post
    items:
      - title: Why captions matter
        date: 2026-02-01
        category: Video & Audio
        body: Captions help everyone.
  jobs:
    kind: job
    items:
      - title: HVAC Service Technician
        location: Millbrook
        employment: full-time
        posted: 2026-03-01
        body: Fix furnaces.
  people:
    kind: person
    items:
      - name: Dr. Ana Ruíz
        role: Dentist
  orgs:
    kind: organization
    items:
      - slug: library
        name: Riverbend Library
        summary: Books and more.
  events:
    kind: event
    items:
      - slug: story-time
        organization: library
        title: Story time
        date: 2026-07-01
`;

describe('loading a site', () => {
  it('makes one address per item, filling parameters from fields or the slug', () => {
    const site = siteFrom(ALL_SHAPES);
    expect(site.targets.map((t) => t.path)).toEqual([
      '/',
      '/about',
      '/alt-text-that-helps',
      '/blog/why-captions-matter',
      '/blog/category/video-and-audio',
      '/careers/hvac-service-technician',
      '/team/dr-ana-ruiz',
      '/dr-ana-ruiz/thank-you',
      '/library/events',
      '/library/events/story-time',
    ]);
    expect(site.collections.get('people')?.items[0]?.path).toBe('/team/dr-ana-ruiz');
  });

  it('fills defaults from the schema and freezes the result', () => {
    const site = siteFrom(ALL_SHAPES);
    expect(site.data.site.language).toBe('en');
    expect(site.data.theme.colors.background).toBe('#ffffff');
    expect(Object.isFrozen(site.data.pages[0])).toBe(true);
  });

  it('refuses an item whose address a page already has', () => {
    const yaml = ALL_SHAPES.replace('      - title: Alt text that helps', '      - title: Alt text that helps\n        slug: about');
    const [problem] = problemsOf(yaml);
    expect(problem).toContain('SW_URL_TAKEN');
    expect(problem).toContain('would be at /about, but the page "/about" is already there');
  });

  it('gives a site with search: true its results page, unless it wrote one', () => {
    const made = siteFrom(ALL_SHAPES.replace('pages:\n', 'search: true\npages:\n'));
    const page = made.targets.find((t) => t.path === '/search')?.page;
    expect(page).toMatchObject({ title: 'Search', noindex: true, blocks: [{ heading: 'Search Maple Falls Dental' }] });
    expect(siteFrom(ALL_SHAPES).targets.some((t) => t.path === '/search')).toBe(false);
    const own = siteFrom(
      ALL_SHAPES.replace(
        'pages:\n',
        'search: true\npages:\n  - path: /search\n    title: Find\n    blocks:\n      - type: search\n        heading: Find a page\n',
      ),
    );
    expect(own.targets.filter((t) => t.path === '/search').map((t) => t.page.title)).toEqual(['Find']);
  });

  it('reports an item that takes the address of the search page search: true makes', () => {
    const yaml = ALL_SHAPES.replace('pages:\n', 'search: true\npages:\n').replace(
      '      - title: Alt text that helps',
      '      - title: Alt text that helps\n        slug: search',
    );
    const [problem] = problemsOf(yaml);
    expect(problem).toContain('SW_URL_TAKEN');
    expect(problem).toContain('/search');
  });

  it('reports every problem in one pass, sorted by line', () => {
    const yaml = ALL_SHAPES.replace('kind: dentist', 'kind: dentst')
      .replace('    from: jobs', '    from: job')
      .replace('        date: 2026-07-01', '        date: 1st of July');
    const result = load(yaml);
    expect(result.site).toBeUndefined();
    expect(result.problems.map((p) => p.code)).toEqual(['SW_NOT_ALLOWED', 'SW_UNKNOWN_COLLECTION', 'SW_BAD_FORMAT']);
    const lines = result.problems.map((p) => p.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  it('follows YAML aliases to the node that is wrong', () => {
    const yaml = `${BASE_YAML}footer:
  links: &legal
    - label: Privacy
      href: /privacy
pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Hi
        actions: *legal
`;
    // Used twice through the alias, wrong once: one problem, at the line where it is written.
    const problems = load(yaml).problems;
    expect(problems.map((p) => [p.code, p.line, p.col])).toEqual([['SW_BROKEN_LINK', 17, 13]]);
  });

  it('keeps a site with a schema error out of route checks that would only add noise', () => {
    const yaml = ALL_SHAPES.replace('        body: Captions help everyone.', '        body:');
    const codes = load(yaml).problems.map((p) => p.code);
    expect(codes).toEqual(['SW_EMPTY_VALUE']);
  });
});
