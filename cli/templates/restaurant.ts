import { legalLinks, standardPages, type Answers } from './shared.ts';

export const restaurant = {
  label: 'Restaurant, café or bakery',
  hint: 'menu, opening hours, private dining',
  kind: 'restaurant' as const,
  build: (a: Answers) => ({
    site: {
      name: a.name,
      kind: 'restaurant',
      tagline: `Seasonal cooking in ${a.town}`,
      description: `${a.name} serves seasonal lunch and dinner in ${a.town}, cooked from scratch with produce from nearby farms.`,
      phone: a.phone,
      email: a.email,
      address: { street: '1 Main Street', locality: a.town },
      hours: [
        { days: ['tuesday', 'wednesday', 'thursday'], opens: '11:30', closes: '21:30' },
        { days: ['friday', 'saturday'], opens: '11:30', closes: '22:30' },
        { days: ['sunday'], opens: '11:00', closes: '20:00' },
      ],
    },
    theme: {
      colors: { primary: '#7c2d12', accent: '#a16207', background: '#fffbf5', surface: '#f7efe4' },
      fonts: { heading: 'old-style', body: 'humanist' },
      corners: 'soft',
    },
    navigation: [
      { label: 'Home', href: '/' },
      { label: 'Menu', href: '/menu' },
      { label: 'Private dining', href: '/services' },
      { label: 'About', href: '/about' },
      { label: 'Contact', href: '/contact' },
    ],
    footer: { text: `${a.name}, ${a.town}. Call to reserve a table.`, links: legalLinks },
    pages: [
      {
        path: '/',
        title: a.name,
        blocks: [
          {
            type: 'hero',
            eyebrow: a.town,
            heading: 'Good food, cooked from scratch',
            text: 'A short menu that changes with the seasons, and a table waiting for you.',
            actions: [
              { label: 'See the menu', href: '/menu' },
              { label: `Call ${a.phone}`, href: `tel:${a.phone.replace(/[^0-9+]/g, '')}`, style: 'secondary' },
            ],
          },
          {
            type: 'cards',
            heading: 'Why people come back',
            cards: [
              { title: 'Local produce', text: 'Vegetables, meat and cheese from farms within an hour of the kitchen.' },
              { title: 'Bread baked here', text: 'Sourdough every morning, from a starter older than the restaurant.' },
              { title: 'Room for everyone', text: 'High chairs, a step-free entrance and a quiet corner for long lunches.' },
            ],
          },
        ],
      },
      {
        path: '/menu',
        title: 'Menu',
        blocks: [
          {
            type: 'menu',
            heading: 'This season',
            sections: [
              {
                name: 'To start',
                items: [
                  { name: 'Soup of the day', description: 'With bread from our oven', price: '$9', dietary: ['vegetarian'] },
                  {
                    name: 'Roasted beetroot salad',
                    description: 'Goat cheese, walnuts, honey dressing',
                    price: '$12',
                    dietary: ['vegetarian', 'contains-nuts'],
                  },
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
          },
        ],
      },
      {
        path: '/services',
        title: 'Private dining',
        blocks: [
          { type: 'rich-text', markdown: 'Our back room seats up to 24 for birthdays, rehearsal dinners and work lunches. Call us to talk through a menu.' },
        ],
      },
      {
        path: '/about',
        title: 'About us',
        blocks: [{ type: 'rich-text', markdown: `${a.name} opened in ${a.town} to cook the kind of food we like to eat: simple, seasonal and generous.` }],
      },
      ...standardPages(a, { contactIntro: 'Call to reserve a table; walk-ins are always welcome at the bar.' }),
    ],
  }),
};
