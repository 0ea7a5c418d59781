import { Type } from '@sinclair/typebox';
import { Enum, Text } from '../../schema/common.ts';
import { defineBlock } from '../types.ts';

/** Each dietary tag: the short label on the menu and the words screen readers hear. */
const DIETARY = {
  vegetarian: { short: 'V', full: 'Vegetarian' },
  vegan: { short: 'VG', full: 'Vegan' },
  'gluten-free': { short: 'GF', full: 'Gluten-free' },
  'dairy-free': { short: 'DF', full: 'Dairy-free' },
  spicy: { short: 'Hot', full: 'Spicy' },
  'contains-nuts': { short: 'N', full: 'Contains nuts' },
} as const;
type Dietary = keyof typeof DIETARY;
const DIETARY_NAMES = Object.keys(DIETARY) as Dietary[];

const Dish = Type.Object(
  {
    name: Text('The name of the dish or drink.', { maxLength: 100 }),
    description: Type.Optional(Text('What is in it, in a line.', { maxLength: 300 })),
    price: Text('The price as it should read, such as "$14" or "12.50".', { maxLength: 30 }),
    dietary: Type.Optional(
      Type.Array(Enum(DIETARY_NAMES, 'A dietary tag.'), {
        uniqueItems: true,
        description: `Dietary tags, shown as short labels: ${DIETARY_NAMES.map((d) => `${d} (${DIETARY[d].short})`).join(', ')}.`,
      }),
    ),
  },
  { additionalProperties: false, description: 'One dish or drink.' },
);

const Section = Type.Object(
  {
    name: Text('The section\'s heading, such as "Starters" or "Desserts".', { maxLength: 80 }),
    description: Type.Optional(Text('A line under the section heading, such as "Served until 3 pm".')),
    items: Type.Array(Dish, { minItems: 1, description: 'The dishes of this section, in order.' }),
  },
  { additionalProperties: false, description: 'A section of the menu.' },
);

const props = Type.Object(
  {
    heading: Text('The heading above the menu.', { default: 'Menu' }),
    intro: Type.Optional(Text('A sentence under the heading.')),
    sections: Type.Array(Section, { minItems: 1, maxItems: 20, description: 'The sections of the menu, in order.' }),
    footnote: Type.Optional(Text('Small print under the menu, such as "Please tell us about any allergies when you order."')),
  },
  { additionalProperties: false },
);

function Tags({ tags }: { tags: readonly Dietary[] }) {
  return (
    <ul className="menu-tags">
      {tags.map((tag) => (
        <li key={tag} className={`menu-tag menu-tag-${tag}`}>
          <span aria-hidden="true">{DIETARY[tag].short}</span>
          <span className="visually-hidden">{DIETARY[tag].full}</span>
        </li>
      ))}
    </ul>
  );
}

export const menu = defineBlock({
  type: 'menu',
  title: 'Menu',
  description: 'A restaurant or café menu: sections of dishes with descriptions, prices and dietary labels.',
  props,
  Component({ heading, intro, sections, footnote }) {
    const used = DIETARY_NAMES.filter((d) => sections.some((s) => s.items.some((i) => i.dietary?.includes(d))));
    return (
      <section className="block menu">
        <div className="container narrow">
          <h2>{heading}</h2>
          {intro ? <p className="lede">{intro}</p> : null}
          {sections.map((section, s) => (
            <div key={s} className="menu-section">
              <h3 className="menu-section-name">{section.name}</h3>
              {section.description ? <p className="menu-section-description">{section.description}</p> : null}
              <ul className="menu-items">
                {section.items.map((dish, i) => (
                  <li key={i} className="menu-item">
                    <p className="menu-item-head">
                      <span className="menu-item-name">{dish.name}</span> <span className="menu-item-price">{dish.price}</span>
                    </p>
                    {dish.description ? <p className="menu-item-description">{dish.description}</p> : null}
                    {dish.dietary?.length ? <Tags tags={dish.dietary} /> : null}
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {used.length ? (
            <p className="menu-legend" aria-hidden="true">
              {used.map((d) => (
                <span key={d}>
                  <span className="menu-tag">{DIETARY[d].short}</span> {DIETARY[d].full}
                </span>
              ))}
            </p>
          ) : null}
          {footnote ? <p className="menu-footnote">{footnote}</p> : null}
        </div>
      </section>
    );
  },
  example: {
    heading: 'Lunch menu',
    intro: 'Served Tuesday to Saturday, 11:30 am to 3 pm. Everything is made in our kitchen that morning.',
    sections: [
      {
        name: 'Small plates',
        items: [
          { name: 'Roasted tomato soup', description: 'With basil oil and sourdough from Harbor Bakery.', price: '$8', dietary: ['vegetarian'] },
          { name: 'Crispy chickpeas', description: 'Smoked paprika, lemon, sea salt.', price: '$6', dietary: ['vegan', 'gluten-free'] },
        ],
      },
      {
        name: 'Mains',
        description: 'All mains come with a side salad or fries.',
        items: [
          {
            name: 'Chicken satay bowl',
            description: 'Jasmine rice, pickled cucumber and peanut sauce.',
            price: '$16',
            dietary: ['gluten-free', 'contains-nuts'],
          },
          { name: 'Fish tacos', description: 'Beer-battered cod, chipotle slaw, lime.', price: '$17', dietary: ['spicy'] },
          { name: 'Mushroom and leek pie', description: 'Flaky pastry, mash and gravy.', price: '$15', dietary: ['vegetarian'] },
        ],
      },
    ],
    footnote: 'Please tell us about any allergies when you order. A service charge is never added.',
  },
});
