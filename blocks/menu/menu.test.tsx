import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { menu } from './index.tsx';

const yamlOf = (props: object = {}) => stringify([{ type: 'menu', ...menu.example, ...props }]);

describe('menu block', () => {
  it('renders sections of dishes with prices and descriptions', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf())), '/');
    expect(html).toContain('<h2>Lunch menu</h2>');
    expect(html).toContain('<h3 class="menu-section-name">Mains</h3><p class="menu-section-description">All mains come with a side salad or fries.</p>');
    expect(html).toContain('<p class="menu-item-head"><span class="menu-item-name">Fish tacos</span> <span class="menu-item-price">$17</span></p>');
    expect(html).toContain('<p class="menu-footnote">Please tell us about any allergies when you order.');
  });

  it('shows dietary tags as short labels, with the full words for screen readers', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf())), '/');
    expect(html).toContain('<li class="menu-tag menu-tag-vegan"><span aria-hidden="true">VG</span><span class="visually-hidden">Vegan</span></li>');
    expect(html).toContain(
      '<li class="menu-tag menu-tag-contains-nuts"><span aria-hidden="true">N</span><span class="visually-hidden">Contains nuts</span></li>',
    );
    expect(html).toContain('<p class="menu-legend" aria-hidden="true">');
  });

  it('has no legend when no dish is tagged', () => {
    const sections = [{ name: 'Drinks', items: [{ name: 'Lemonade', price: '$4' }] }];
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf({ sections }))), '/');
    expect(html).not.toContain('menu-legend');
    expect(html).not.toContain('menu-tags');
  });

  it('suggests the right dietary tag for a near miss', () => {
    const broken = yamlOf().replace('- gluten-free', '- glutenfree');
    const [problem] = problemsOf(siteWithBlocks(broken));
    expect(problem).toContain('SW_NOT_ALLOWED');
    expect(problem).toMatch(/did you mean "gluten-free"\?/i);
  });
});
