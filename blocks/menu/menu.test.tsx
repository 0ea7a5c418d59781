import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { restaurantYaml } from '../../tests/fixtures/order/restaurant.ts';
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

describe('menu block: ordering', () => {
  it('shows a dish’s options with their prices, and "Sold out today"', () => {
    const html = pageHtml(siteFrom(restaurantYaml()), '/menu');
    expect(html).toContain(
      '<ul class="menu-options"><li><span class="menu-option-name">Toppings:</span> <!-- -->Spiced lamb (+$6), Extra pita (+$3)</li></ul>',
    );
    expect(html).toContain(
      '<li class="menu-item menu-item-sold-out"><p class="menu-item-head"><span class="menu-item-name">Olives</span> <span class="menu-item-price">$6</span></p><p class="menu-item-status"><strong>Sold out today</strong></p>',
    );
  });

  it('reports a price an order page cannot read, at its line, unless the dish is not offered online', () => {
    const sections = [{ name: 'Fish', items: [{ name: 'Catch of the day', price: 'Market price' }] }];
    const [problem, ...rest] = problemsOf(restaurantYaml({ menu: { sections } }));
    expect(rest).toEqual([]);
    expect(problem).toContain('sites/example/site.yaml:');
    expect(problem).toContain('SW_AMOUNT');
    expect(problem).toContain('"Market price" cannot be read as one price, so "Catch of the day" cannot be ordered online.');
    expect(problem).toMatch(/> +\d+ \| +price: Market price\n +\| +\^+/);
    expect(problem).toContain('add "orderable: false"');
    expect(problemsOf(restaurantYaml({ menu: { sections: [{ name: 'Fish', items: [{ ...sections[0]?.items[0], orderable: false }] }] } }))).toEqual([]);
    // A menu no order page offers may say what it likes.
    expect(problemsOf(siteWithBlocks(stringify([{ type: 'menu', sections }])))).toEqual([]);
  });

  it('reports two dishes ordered under one id, and option groups and choices that cannot be told apart', () => {
    const sections = [
      { name: 'Lunch', items: [{ name: 'Soup', price: '$6' }] },
      { name: 'Dinner', items: [{ name: 'Soup', price: '$8' }] },
    ];
    const [dup] = problemsOf(restaurantYaml({ menu: { sections } }));
    expect(dup).toContain('SW_NOT_UNIQUE');
    expect(dup).toContain('"Soup" and "Soup" would both be ordered as "soup".');
    expect(dup).toContain('Fix: give one of them its own id, such as "id: soup-2".');
    const options = [
      { name: 'Size', choices: [{ name: 'Small' }, { name: 'small' }] },
      { name: 'size', choices: [{ name: 'Large', price: 'two dollars' }] },
    ];
    const problems = problemsOf(restaurantYaml({ menu: { sections: [{ name: 'Soups', items: [{ name: 'Soup', price: '$6', options }] }] } }));
    expect(problems.map((p) => /SW_[A-Z_]+/.exec(p)?.[0])).toEqual(['SW_NOT_UNIQUE', 'SW_NOT_UNIQUE', 'SW_AMOUNT']);
    expect(problems[2]).toContain('"two dollars" cannot be read as a price difference for "Large".');
  });

  it('refuses "max" on a pick-one group, and a max above its choices', () => {
    const options = [{ name: 'Side', pick: 'one', max: 1, choices: [{ name: 'Rice' }] }];
    const [problem] = problemsOf(
      siteWithBlocks(stringify([{ type: 'menu', sections: [{ name: 'Mains', items: [{ name: 'Kofta', price: '$9', options }] }] }])),
    );
    expect(problem).toContain('SW_NOT_ALLOWED');
    expect(problem).toContain('"max" has no meaning there');
    const any = [{ name: 'Extras', pick: 'any', max: 3, choices: [{ name: 'Feta' }] }];
    const [above] = problemsOf(
      siteWithBlocks(stringify([{ type: 'menu', sections: [{ name: 'Mains', items: [{ name: 'Kofta', price: '$9', options: any }] }] }])),
    );
    expect(above).toContain('SW_OUT_OF_RANGE');
  });
});
