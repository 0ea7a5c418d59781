import { describe, expect, it } from 'vitest';
import type { PageData } from '../../schema/site.ts';
import type { Target } from '../site.ts';
import { dashedPath, suggestPage } from './page-suggest.ts';

const page = (path: string, title: string, blocks: PageData['blocks'] = []): Target => ({
  page: { path, title, blocks },
  pageIndex: 0,
  path,
});

const site = [
  page('/', 'Home', [{ type: 'note', markdown: 'Parking, prices and opening hours: all on their own pages.' }]),
  page('/services', 'Services', [{ type: 'price-board', groups: [{ name: 'Visits', items: [{ name: 'Check-up', price: '$60' }] }] }]),
  page('/visit', 'Visit us', [{ type: 'note', markdown: 'Free parking behind the studio on Mill Street.' }]),
  page('/hours', 'When we are open'),
  page('/about/team/anna', 'Dr. Anna Berg'),
  page('/our-team', 'Our team'),
];
const suggest = (path: string, targets = site) => {
  const paths = new Set(targets.map((t) => t.path));
  return suggestPage(path, targets, (p) => paths.has(p));
};

describe('the page a link to nowhere meant', () => {
  it('writes a path the way page paths are: lowercase, dashes between words', () => {
    expect(dashedPath('/Our%20Team/')).toBe('/our-team');
    expect(dashedPath('/About_Us.html')).toBe('/about-us');
    expect(dashedPath('/Contact  Us')).toBe('/contact-us');
  });

  it('offers the dashed lowercase form when that page exists, saying why', () => {
    expect(suggest('/Our Team')).toEqual({ path: '/our-team', fix: 'write it "/our-team": page paths are written in lowercase, with dashes between words.' });
  });

  it('says how page paths are written when even that form is no page', () => {
    const { path, fix } = suggest('/Gift Cards');
    expect(path).toBeUndefined();
    expect(fix).toBe(
      'page paths are written in lowercase, with dashes between words, so this would be "/gift-cards", and no page is there either: link to one of the pages the site has, or add a page at "/gift-cards".',
    );
  });

  it('finds a page one level further down by the end of its address', () => {
    const { path, fix } = suggest('/team/anna');
    expect(path).toBe('/about/team/anna');
    expect(fix).toContain('Its address ends in "/team/anna".');
    expect(suggest('/anna').path).toBe('/about/team/anna');
  });

  it('finds a page by a word of its address', () => {
    const { path, fix } = suggest('/opening-hours');
    expect(path).toBe('/hours');
    expect(fix).toContain('Its address has "hours" in it.');
  });

  it('finds "/prices" on the page with the price list, by a word of its blocks', () => {
    expect(suggest('/prices')).toEqual({
      path: '/services',
      fix: 'did you mean "/services"? It has a price-board block. Otherwise add a page at "/prices".',
    });
  });

  it('prefers a page whose title says the word over one whose blocks do', () => {
    const fees = page('/fees', 'Prices and fees', [{ type: 'note', markdown: 'Pay by card or cash.' }]);
    const { path, fix } = suggest('/prices', [...site, fees]);
    expect(path).toBe('/fees');
    expect(fix).toContain('Its title is "Prices and fees".');
  });

  it('finds a page by its text, but not by the home page mentioning everything', () => {
    const { path, fix } = suggest('/parking');
    expect(path).toBe('/visit');
    expect(fix).toContain('Its text is about "parking".');
    expect(
      suggest(
        '/parking',
        site.filter((t) => t.path !== '/visit'),
      ).path,
    ).toBeUndefined();
  });

  it('reads pages with mistakes of their own as far as they go', () => {
    const broken = { page: { path: '/rates', title: 7, blocks: [null, { type: 3 }, { heading: ['x'] }] }, pageIndex: 0, path: '/rates' } as unknown as Target;
    expect(suggest('/prices', [broken]).path).toBeUndefined();
  });
});
