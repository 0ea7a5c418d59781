import { choice, enquiry, field } from './forms.ts';
import { callToAction, faq, link, page, prices, saturday, siteDocument, steps, type Template } from './shared.ts';

export const bakery: Template = {
  label: 'Bakery or cake maker',
  hint: 'daily bakes, celebration cake orders, FAQ',
  group: 'Food & drink',
  kind: 'bakery',
  synonyms: ['bake', 'baking', 'baker', 'bakehouse', 'cakes', 'cake-shop', 'patisserie'],
  build: (a) =>
    siteDocument(a, {
      kind: 'bakery',
      tagline: `Bread and cakes baked before dawn in ${a.town}`,
      description: `${a.name} bakes sourdough, pastries and made-to-order celebration cakes in ${a.town}, every morning from flour, butter and patience.`,
      hours: [{ days: ['tuesday', 'wednesday', 'thursday', 'friday'], opens: '07:00', closes: '15:00' }, saturday('07:00', '13:00')],
      theme: {
        colors: { primary: '#7a3e1d', accent: '#9d174d', background: '#fffaf2', surface: '#f6eadb' },
        fonts: { heading: 'old-style', body: 'humanist' },
        corners: 'round',
      },
      nav: [
        ['Daily bakes', '/daily-bakes'],
        ['Celebration cakes', '/cakes'],
        ['Order a cake', '/cakes/order'],
      ],
      footer: `${a.name}, ${a.town}. When it is gone, it is gone.`,
      hero: {
        eyebrow: `Fresh from the oven in ${a.town}`,
        heading: 'Warm bread, flaky pastry, no shortcuts',
        text: 'We start at four so the shelves are full when you arrive. Come early for the croissants.',
        actions: [link('Today’s bakes', '/daily-bakes'), link('Order a cake', '/cakes/order', 'secondary')],
      },
      home: [
        steps('From our oven to your table', [
          ['Mixed the day before', 'Our sourdough rests for eighteen hours before it is shaped.'],
          ['Baked at dawn', 'Loaves and pastries come out of the oven from six o’clock.'],
          ['Sold out by lunch', 'We bake for the day, so everything you buy is fresh.'],
        ]),
        callToAction(a, 'A cake for the big day?', 'Tell us the date and the number of guests; we will design it with you.', [
          link('Order a celebration cake', '/cakes/order'),
        ]),
      ],
      pages: [
        page('/daily-bakes', 'Daily bakes', `The breads, pastries and cakes baked every morning at ${a.name}, with prices and allergens.`, {
          type: 'menu',
          heading: 'On the shelves every morning',
          sections: [
            {
              name: 'Bread',
              items: [
                { name: 'Country sourdough', description: 'Long-fermented white and wholemeal', price: '$7', dietary: ['vegan'] },
                { name: 'Seeded rye', description: 'Dense, dark and full of seeds', price: '$8', dietary: ['vegan'] },
              ],
            },
            {
              name: 'Pastry and cake',
              items: [
                { name: 'Butter croissant', description: 'Three days in the making', price: '$3.80', dietary: ['vegetarian'] },
                { name: 'Almond frangipane tart', description: 'A slice, with seasonal fruit', price: '$5', dietary: ['vegetarian', 'contains-nuts'] },
              ],
            },
          ],
          footnote: 'Everything is made in a kitchen that handles nuts, gluten, milk and eggs.',
        }),
        page(
          '/cakes',
          'Celebration cakes',
          `Birthday, wedding and party cakes from ${a.name}: sizes, flavours and prices.`,
          prices(
            'Celebration cakes',
            {
              'Round cakes': [
                ['Six inch, serves 12', '$55'],
                ['Eight inch, serves 20', '$80'],
              ],
              Weddings: [['Two tiers, serves 60', 'From $280', 'Tasting included']],
            },
            { itemLabel: 'Cake', footnote: 'Flavours: vanilla bean, chocolate fudge, lemon and elderflower, carrot and walnut.' },
          ),
          faq('Cake questions', [
            ['How much notice do you need?', 'A week for most cakes, and three months for a wedding.'],
            ['Can you make it gluten-free?', 'Yes, though our kitchen is not free of gluten.'],
          ]),
        ),
        page(
          '/cakes/order',
          'Order a cake',
          `Ask ${a.name} for a celebration cake: the date, how many it should serve and the flavour.`,
          enquiry(
            'cake-order',
            'Order a celebration cake',
            'Tell us about your cake and we will reply within two days with a price and a design sketch.',
            [
              field('collectionDate', 'Collection day', 'date', { required: true }),
              field('servings', 'How many people should it serve?', 'number', { min: 6, max: 200, required: true }),
              choice('flavour', 'Flavour', ['Vanilla bean', 'Chocolate fudge', 'Lemon and elderflower', 'Carrot and walnut']),
            ],
            { message: 'Colours, decorations or words on the cake', submit: 'Send cake request' },
          ),
        ),
      ],
      contactIntro: 'Call before nine to put bread aside for you; the shop closes when the shelves are empty.',
    }),
};
