import { bookingPages, callToAction, link, page, prices, quotes, saturday, services, siteDocument, team, teamPages, type Template } from './shared.ts';

export const salon: Template = {
  label: 'Hair salon or barber',
  hint: 'price list, online booking, stylists',
  group: 'Health & care',
  kind: 'salon',
  synonyms: ['barber', 'barbershop', 'hairdresser', 'beauty', 'nails', 'spa'],
  build: (a) =>
    siteDocument(a, {
      kind: 'salon',
      tagline: `Cuts, colour and shaves in ${a.town}`,
      description: `${a.name} is a hair salon and barber in ${a.town}: precise cuts, colour, beard trims and hot-towel shaves, bookable online.`,
      hours: [
        { days: ['tuesday', 'wednesday', 'friday'], opens: '09:00', closes: '18:00' },
        { days: ['thursday'], opens: '09:00', closes: '20:00' },
        saturday('08:30', '16:00'),
      ],
      theme: { colors: { primary: '#3f1d38', accent: '#a0522d', background: '#fdfaf7' }, fonts: { heading: 'old-style', body: 'system' }, corners: 'soft' },
      nav: [
        ['Prices', '/prices'],
        ['Book', '/book'],
        ['Stylists', '/stylists'],
      ],
      footer: `${a.name}, ${a.town}. Walk-ins welcome when a chair is free.`,
      takesMoney: true,
      hero: {
        eyebrow: `Salon and barber in ${a.town}`,
        heading: 'Leave looking like the best version of you',
        text: 'Unhurried appointments, honest advice about what will suit you, and a proper coffee while you wait.',
        actions: [link('Book online', '/book'), link('See prices', '/prices', 'secondary')],
      },
      home: [
        services('In the chair', [
          ['Cut and finish', 'A consultation, wash, precision cut and blow-dry.', 'brush', 'From $45'],
          ['Colour', 'Root touch-ups, full colour, balayage and gloss.', 'star', 'From $75'],
          ['Barbering', 'Skin fades, scissor cuts, beard shaping and hot-towel shaves.', 'check', 'From $25'],
        ]),
        quotes('Clients say', [['The first haircut in years that still looked good six weeks later.', 'Daniel R.', `Client, ${a.town}`]]),
        callToAction(a, 'Ready for a fresh look?', 'Choose a time that suits you and pay online; cancel up to a day before.', [
          link('Book an appointment', '/book'),
        ]),
      ],
      pages: [
        page(
          '/prices',
          'Price list',
          `Prices for cuts, colour and barbering at ${a.name} in ${a.town}.`,
          prices(
            'Price list',
            {
              Cuts: [
                ['Cut and finish', '$45', 'Wash, cut and blow-dry'],
                ['Children’s cut', '$22', 'Under 12'],
              ],
              Colour: [
                ['Root colour', '$75'],
                ['Balayage', '$160', 'Includes toner and finish'],
              ],
              Barbering: [
                ['Skin fade', '$30'],
                ['Beard trim', '$20'],
                ['Hot-towel shave', '$35'],
              ],
            },
            { footnote: 'A patch test is needed 48 hours before your first colour.' },
          ),
        ),
        ...bookingPages(
          a,
          { path: '/book', title: 'Book an appointment', description: `Book a cut, colour or shave at ${a.name} online and pay when you book.` },
          {
            resource: 'chair',
            label: `An appointment at ${a.name}`,
            heading: 'Choose a service and a time',
            intro: 'Choose what you would like, then a day and a time. Cancel up to 24 hours before for a full refund.',
            choose: 'What would you like?',
            weekly: [
              { days: ['tuesday', 'wednesday', 'thursday', 'friday'], starts: ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'] },
              { days: ['saturday'], starts: ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00'] },
            ],
            durationMinutes: 45,
            capacity: 1,
            party: { min: 1, max: 1 },
            price: { perSlot: 45 },
            choices: [
              { resource: 'cut', label: 'Cut and finish', description: 'Wash, cut and blow-dry.' },
              {
                resource: 'fade',
                label: 'Skin fade',
                description: 'Clippers and scissors, finished with a razor line.',
                durationMinutes: 30,
                price: { perSlot: 30 },
              },
              {
                resource: 'shave',
                label: 'Hot-towel shave',
                description: 'Two hot towels, a straight razor and a cold finish.',
                durationMinutes: 30,
                price: { perSlot: 35 },
              },
            ],
          },
        ),
        ...teamPages('/stylists', 'Stylists and barbers', `The stylists and barbers at ${a.name} and what each does best.`, 'Meet the team'),
      ],
      contactIntro: 'Call to book colour or anything not listed online. Walk-ins are welcome when a chair is free.',
      collections: {
        team: team(
          ['Sofia Ricci', 'Salon owner and colourist', 'Sofia has twenty years behind the chair and a soft spot for a bold change.'],
          ['Jay Turner', 'Barber', 'Jay does the sharpest fades in town and a very relaxing shave.'],
        ),
      },
    }),
};
