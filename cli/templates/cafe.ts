import { callToAction, cards, link, page, receiptPage, saturday, siteDocument, type Template } from './shared.ts';

export const cafe: Template = {
  label: 'Café or coffee shop',
  hint: 'menu, order ahead for pickup, opening hours',
  group: 'Food & drink',
  kind: 'cafe',
  synonyms: ['coffee', 'coffeeshop', 'tearoom', 'juice-bar'],
  build: (a) =>
    siteDocument(a, {
      kind: 'cafe',
      tagline: `Coffee, breakfast and lunch in ${a.town}`,
      description: `${a.name} is a neighbourhood café in ${a.town}: espresso from a local roaster, all-day breakfast and soups, with orders ready to collect.`,
      hours: [{ days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], opens: '07:00', closes: '16:00' }, saturday('08:00', '15:00')],
      theme: {
        colors: { primary: '#5b3a29', accent: '#2f6f62', background: '#fffdf9', surface: '#f4ece2' },
        fonts: { heading: 'rounded', body: 'system' },
        corners: 'round',
      },
      nav: [
        ['Menu', '/menu'],
        ['Order ahead', '/order'],
      ],
      footer: `${a.name}, ${a.town}. Dogs and laptops welcome.`,
      takesMoney: true,
      hero: {
        eyebrow: `Open from 7 every weekday in ${a.town}`,
        heading: 'Your morning coffee, ready when you are',
        text: 'Order ahead and skip the queue, or stay for a second cup by the window.',
        actions: [link('Order ahead', '/order'), link('See the menu', '/menu', 'secondary')],
      },
      home: [
        cards('Why it is worth the walk', [
          ['Roasted down the road', 'Our beans come from a roaster ten minutes away, a week from roasting at most.'],
          ['Breakfast all day', 'Eggs, granola and toasties until we close.'],
          ['Room to linger', 'Sockets at every table and nobody will hurry you.'],
        ]),
        callToAction(a, 'In a hurry?', 'Order on your phone and collect from the end of the counter.', [link('Order for pickup', '/order')]),
      ],
      pages: [
        page('/menu', 'Menu', `Coffee, tea, breakfast and lunch at ${a.name}, with prices and dietary labels.`, {
          type: 'menu',
          heading: 'Menu',
          sections: [
            {
              name: 'Coffee and tea',
              items: [
                { name: 'Flat white', description: 'Double espresso, steamed milk', price: '$4.20', dietary: ['vegetarian'] },
                { name: 'Filter coffee', description: 'This week’s single origin', price: '$3.40', dietary: ['vegan'] },
                { name: 'Chai latte', description: 'Spiced black tea with steamed milk', price: '$4.50', dietary: ['vegetarian'] },
              ],
            },
            {
              name: 'Breakfast and lunch',
              items: [
                { name: 'Eggs on sourdough', description: 'Two eggs any way, toasted sourdough', price: '$9.50', dietary: ['vegetarian'] },
                { name: 'Granola bowl', description: 'Yoghurt, berries, toasted oats and seeds', price: '$8', dietary: ['vegetarian', 'contains-nuts'] },
                { name: 'Soup and bread', description: 'Changes daily; ask at the counter', price: '$8.50', dietary: ['vegan'] },
              ],
            },
          ],
          footnote: 'Oat and soy milk at no extra charge. Ask us about allergens.',
        }),
        page('/order', 'Order ahead', `Order coffee and food from ${a.name} online and collect it at the counter, paid online or when you arrive.`, {
          type: 'order',
          menu: '/menu',
          heading: 'Order for pickup',
          intro: 'Choose from the menu, pick a time and collect from the end of the counter. Give us fifteen minutes.',
          timeZone: a.timeZone,
          slotMinutes: 15,
          leadMinutes: 15,
          kitchen: { perSlot: 6 },
          payment: ['online', 'at-pickup'],
        }),
        receiptPage(a, `Thank you for your order: it will be ready at the time you chose. Questions? Call ${a.phone}.`),
      ],
      contactIntro: 'Call ahead for large orders or to book the big table for a group.',
    }),
};
