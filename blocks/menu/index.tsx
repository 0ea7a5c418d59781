import { defineBlock } from '../contract.ts';
import { checkMenu } from './check.ts';
import { DIETARY, DIETARY_NAMES, Tags } from '../kits/menu/dietary.tsx';
import { menuProps, type DishProps } from '../kits/menu/schema.ts';

/** A dish's option groups in a line each: "Size: Small (-$2), Regular, Large (+$4)". */
function Options({ options }: { options: NonNullable<DishProps['options']> }) {
  return (
    <ul className="menu-options">
      {options.map((group, g) => (
        <li key={g}>
          <span className="menu-option-name">{`${group.name}:`}</span> {group.choices.map((c) => (c.price ? `${c.name} (${c.price})` : c.name)).join(', ')}
        </li>
      ))}
    </ul>
  );
}

export const menu = defineBlock({
  type: 'menu',
  title: 'Menu',
  description:
    'A restaurant or café menu: sections of dishes with descriptions, prices, dietary labels, the options a dish comes with, and a "sold out today" mark. An order block can offer it for pickup and delivery.',
  props: menuProps,
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
                  <li key={i} className={dish.soldOut ? 'menu-item menu-item-sold-out' : 'menu-item'}>
                    <p className="menu-item-head">
                      <span className="menu-item-name">{dish.name}</span> <span className="menu-item-price">{dish.price}</span>
                    </p>
                    {dish.soldOut ? (
                      <p className="menu-item-status">
                        <strong>Sold out today</strong>
                      </p>
                    ) : null}
                    {dish.description ? <p className="menu-item-description">{dish.description}</p> : null}
                    {dish.options?.length ? <Options options={dish.options} /> : null}
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
          {
            name: 'Fish tacos',
            description: 'Beer-battered cod, chipotle slaw, lime.',
            price: '$17',
            dietary: ['spicy'],
            options: [{ name: 'Tortillas', pick: 'one', required: true, choices: [{ name: 'Corn' }, { name: 'Flour' }] }],
          },
          { name: 'Mushroom and leek pie', description: 'Flaky pastry, mash and gravy.', price: '$15', dietary: ['vegetarian'], soldOut: true },
        ],
      },
    ],
    footnote: 'Please tell us about any allergies when you order. A service charge is never added.',
  },
  check: checkMenu,
});
