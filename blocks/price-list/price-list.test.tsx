import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { priceList } from './index.tsx';

const yamlOf = (props: object) => stringify([{ type: 'price-list', ...priceList.example, ...props }]);
const text = (html: string) => html.replace(/<!-- -->/g, '');

describe('price-list block', () => {
  it('renders each group as a table named by its heading, with row and column headers', () => {
    const html = text(pageHtml(siteFrom(siteWithBlocks(yamlOf({}))), '/'));
    expect(html).toContain('<h2>Prices</h2>');
    const [, id] = html.match(/<h3 id="([^"]+)" class="price-group-name">Check-ups<\/h3>/) ?? [];
    expect(id).toBeTruthy();
    expect(html).toContain(`<table class="price-table" aria-labelledby="${id}">`);
    expect(html).toContain('<th scope="col"><span class="visually-hidden">Service</span></th><th scope="col"><span class="visually-hidden">Price</span></th>');
    expect(html).toContain(
      '<th scope="row"><span class="price-name">New patient exam</span> <span class="price-description">Full exam, X-rays and a treatment plan.</span></th>',
    );
    expect(html).toContain('<td><span class="price-amount">$120</span> <span class="price-note">most plans cover this</span></td>');
    expect(html).toContain('<p class="price-footnote">Payment plans are available for treatments over $500.</p>');
  });

  it('gives every group its own heading id and names the item column as told', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf({ itemLabel: 'Treatment' }))), '/');
    const ids = [...html.matchAll(/<h3 id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(html).toContain('<span class="visually-hidden">Treatment</span>');
  });

  it('points at a price written as a number', () => {
    const broken = yamlOf({}).replace('price: $89', 'price: 89');
    const [problem] = problemsOf(siteWithBlocks(broken));
    expect(problem).toContain('SW_WRONG_TYPE');
    expect(problem).toContain('"89"');
  });
});
