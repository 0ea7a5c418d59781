import { describe, expect, it } from 'vitest';
import { buildPath, parsePattern, PatternError } from './pattern.ts';
import { createRouter, type Route } from './router.ts';

/** A route that has an item for exactly the given concrete paths. */
function route(source: string, paths: string[]): Route<string> {
  const pattern = parsePattern(source);
  const known = new Set(paths);
  return { pattern, lookup: (params) => (known.has(buildPath(pattern, params)) ? source : undefined) };
}

describe('route precedence: static beats parameter beats catch-all', () => {
  // Every dynamic shape of the specification on one site (the town-area shapes, the town's
  // catch-all and news, the blog, careers, team, coaching and per-artist pages), written in
  // an order that would give wrong answers if the router trusted the order of the YAML.
  const router = createRouter([
    route('/{slug*}', ['/departments', '/departments/public-works/roads', '/news/archive', '/about/history']),
    route('/{slug}', ['/alt-text', '/about', '/events']),
    route('/{organization}/{slug}', ['/library/membership', '/library/events-policy', '/rotary/events']),
    route('/{artist}/thank-you', ['/maya-chen/thank-you']),
    route('/{organization}/news/{slug}', ['/library/news/new-hours']),
    route('/{organization}/news', ['/library/news']),
    route('/{organization}/events/{slug}', ['/library/events/story-time']),
    route('/{organization}/events', ['/library/events', '/rotary/events']),
    route('/news/{slug}', ['/news/budget-2027']),
    route('/business-coaching/{slug}', ['/business-coaching/growth-lab']),
    route('/team/{name}', ['/team/ana-ruiz']),
    route('/careers/{slug}', ['/careers/hvac-technician']),
    route('/blog/page/{page}', ['/blog/page/2']),
    route('/blog/category/{category}', ['/blog/category/web']),
    route('/blog/{slug}', ['/blog/first-post', '/blog/category']),
    route('/blog', ['/blog']),
    route('/about', ['/about']),
    route('/', ['/']),
  ]);

  const table: [path: string, winner: string | null][] = [
    ['/', '/'],
    ['/about', '/about'],
    ['/blog', '/blog'],
    ['/blog/first-post', '/blog/{slug}'],
    ['/blog/category', '/blog/{slug}'],
    ['/blog/category/web', '/blog/category/{category}'],
    ['/blog/page/2', '/blog/page/{page}'],
    ['/careers/hvac-technician', '/careers/{slug}'],
    ['/team/ana-ruiz', '/team/{name}'],
    ['/business-coaching/growth-lab', '/business-coaching/{slug}'],
    ['/news/budget-2027', '/news/{slug}'],
    ['/news/archive', '/{slug*}'],
    ['/alt-text', '/{slug}'],
    ['/events', '/{slug}'],
    ['/library/events', '/{organization}/events'],
    ['/rotary/events', '/{organization}/events'],
    ['/library/events/story-time', '/{organization}/events/{slug}'],
    ['/library/news', '/{organization}/news'],
    ['/library/news/new-hours', '/{organization}/news/{slug}'],
    ['/library/membership', '/{organization}/{slug}'],
    ['/library/events-policy', '/{organization}/{slug}'],
    ['/maya-chen/thank-you', '/{artist}/thank-you'],
    ['/departments', '/{slug*}'],
    ['/departments/public-works/roads', '/{slug*}'],
    ['/about/history', '/{slug*}'],
    ['/blog/no-such-post', null],
    ['/library/events/no-such-event', null],
    ['/nothing/here/at/all', null],
  ];

  it.each(table)('%s → %s', (path, winner) => {
    const match = router.match(path);
    expect(match.kind === 'match' ? match.route.pattern.source : null).toBe(winner);
  });

  it('a service-area shape sits below fixed first segments', () => {
    const areas = createRouter([
      route('/{region}/{city}', ['/lake-county/millbrook', '/blog/tips']),
      route('/blog/{slug}', ['/blog/tips']),
      route('/areas', ['/areas']),
    ]);
    const winner = (p: string) => {
      const m = areas.match(p);
      return m.kind === 'match' ? m.route.pattern.source : null;
    };
    expect(winner('/lake-county/millbrook')).toBe('/{region}/{city}');
    expect(winner('/blog/tips')).toBe('/blog/{slug}');
    expect(winner('/areas')).toBe('/areas');
    expect(winner('/lake-county')).toBeNull();
  });
});

describe('patterns', () => {
  it('parses parameters, catch-alls and shapes', () => {
    const p = parsePattern('/{organization}/events/{slug}');
    expect(p.params).toEqual(['organization', 'slug']);
    expect(p.shape).toBe('/{}/events/{}');
    expect(parsePattern('/{slug*}').segments).toEqual([{ kind: 'rest', name: 'slug' }]);
    expect(parsePattern('/').segments).toEqual([]);
  });

  it.each([
    ['/{slug*}/more', /only be the last part/],
    ['/Blog', /not a valid path part/],
    ['about', /starts with/],
    ['/{a}/{a}', /appears twice/],
    ['/blog/', /not a valid path part/],
  ])('refuses %s', (source, message) => {
    expect(() => parsePattern(source)).toThrow(PatternError);
    expect(() => parsePattern(source)).toThrow(message);
  });

  it('builds a path back from parameters', () => {
    expect(buildPath(parsePattern('/{region}/{city}'), { region: 'lake-county', city: 'millbrook' })).toBe('/lake-county/millbrook');
    expect(buildPath(parsePattern('/{slug*}'), { slug: 'a/b/c' })).toBe('/a/b/c');
  });
});
