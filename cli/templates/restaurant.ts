import { call, cards, link, page, richText, siteDocument, type Template } from './shared.ts';

export const restaurant: Template = {
  label: 'Restaurant',
  hint: 'menu, opening hours, private dining',
  group: 'Food & drink',
  kind: 'restaurant',
  synonyms: ['bistro', 'diner', 'pub', 'bar', 'pizzeria', 'takeaway'],
  build: (a) =>
    siteDocument(a, {
      kind: 'restaurant',
      tagline: `Seasonal cooking in ${a.town}`,
      description: `${a.name} serves seasonal lunch and dinner in ${a.town}, cooked from scratch with produce from nearby farms.`,
      hours: [
        { days: ['tuesday', 'wednesday', 'thursday'], opens: '11:30', closes: '21:30' },
        { days: ['friday', 'saturday'], opens: '11:30', closes: '22:30' },
        { days: ['sunday'], opens: '11:00', closes: '20:00' },
      ],
      theme: {
        colors: { primary: '#7c2d12', accent: '#a16207', background: '#fffbf5', surface: '#f7efe4' },
        fonts: { heading: 'old-style', body: 'humanist' },
        corners: 'soft',
      },
      nav: [
        ['Menu', '/menu'],
        ['Private dining', '/private-dining'],
        ['About', '/about'],
      ],
      footer: `${a.name}, ${a.town}. Call to reserve a table.`,
      hero: {
        eyebrow: a.town,
        heading: 'Good food, cooked from scratch',
        text: 'A short menu that changes with the seasons, and a table waiting for you.',
        actions: [link('See the menu', '/menu'), { ...call(a), style: 'secondary' }],
      },
      home: [
        cards('Why people come back', [
          ['Local produce', 'Vegetables, meat and cheese from farms within an hour of the kitchen.'],
          ['Bread baked here', 'Sourdough every morning, from a starter older than the restaurant.'],
          ['Room for everyone', 'High chairs, a step-free entrance and a quiet corner for long lunches.'],
        ]),
      ],
      pages: [
        page('/menu', 'Menu', `This season’s menu at ${a.name}: starters, mains and what is vegetarian or gluten-free.`, {
          type: 'menu',
          heading: 'This season',
          sections: [
            {
              name: 'To start',
              items: [
                { name: 'Soup of the day', description: 'With bread from our oven', price: '$9', dietary: ['vegetarian'] },
                { name: 'Roasted beetroot salad', description: 'Goat cheese, walnuts, honey dressing', price: '$12', dietary: ['vegetarian', 'contains-nuts'] },
              ],
            },
            {
              name: 'Mains',
              items: [
                { name: 'Braised beef', description: 'Mashed potato, greens, red wine gravy', price: '$26' },
                { name: 'Mushroom risotto', description: 'Parmesan, thyme, lemon', price: '$21', dietary: ['vegetarian', 'gluten-free'] },
              ],
            },
          ],
          footnote: 'Tell us about any allergy when you order: the kitchen will help.',
        }),
        page(
          '/private-dining',
          'Private dining',
          `Birthdays, rehearsal dinners and work lunches for up to 24 in the back room at ${a.name}.`,
          richText('Our back room seats up to 24 for birthdays, rehearsal dinners and work lunches. Call us to talk through a menu.'),
        ),
        page(
          '/about',
          'About us',
          `The story of ${a.name} and the farms that supply its kitchen.`,
          richText(`${a.name} opened in ${a.town} to cook the kind of food we like to eat: simple, seasonal and generous.`),
        ),
      ],
      contactIntro: 'Call to reserve a table; walk-ins are always welcome at the bar.',
    }),
};
