import {
  areaPages,
  areas,
  call,
  callToAction,
  faq,
  link,
  page,
  prices,
  quotePage,
  quotes,
  saturday,
  services,
  siteDocument,
  weekdays,
  type Template,
} from './shared.ts';

export const plumber: Template = {
  label: 'Plumber',
  hint: 'emergency call-outs, prices, quote requests with photos, areas',
  group: 'Trades & home',
  kind: 'plumber',
  synonyms: ['plumbing', 'drains', 'heating', 'gasfitter'],
  build: (a) =>
    siteDocument(a, {
      kind: 'plumber',
      tagline: `Licensed plumbers for ${a.town}, day and night`,
      description: `${a.name} fixes leaks, blocked drains and broken water heaters in ${a.town} and nearby towns, with a plumber on call around the clock.`,
      hours: [...weekdays('07:00', '18:00'), saturday('08:00', '14:00')],
      serves: true,
      theme: { colors: { primary: '#0c4a6e', accent: '#b45309' }, fonts: { heading: 'slab', body: 'system' }, corners: 'soft' },
      nav: [
        ['Services', '/services'],
        ['Emergencies', '/emergencies'],
        ['Get a quote', '/quote'],
        ['Areas', '/areas'],
      ],
      footer: `${a.name}: licensed, bonded and insured plumbers.`,
      hero: {
        eyebrow: `24-hour plumbers in ${a.town}`,
        heading: 'Burst pipe? A plumber is on the way',
        text: 'Upfront prices, clean boots and a tidy finish, whether it is a dripping tap or a flooded basement.',
        actions: [call(a), link('Ask for a quote', '/quote', 'secondary')],
      },
      home: [
        services('Plumbing we do every day', [
          ['Leaks and burst pipes', 'Found fast and fixed for good, with the water back on the same day.', 'droplet'],
          ['Blocked drains', 'Sinks, toilets and main sewer lines cleared with the right tools.', 'wrench'],
          ['Water heaters', 'Repairs and same-day replacement of tank and tankless heaters.', 'flame'],
        ]),
        quotes('Neighbours say', [['Water through the ceiling at 2 am, and a plumber at the door before 3. Lifesavers.', 'Grace P.', a.town]]),
        callToAction(a, 'Water where it should not be?', 'Turn off the main stopcock, then call us: we answer day and night.'),
      ],
      pages: [
        page(
          '/services',
          'Plumbing services',
          `Plumbing repairs and installations by ${a.name}, with prices for the most common jobs.`,
          prices(
            'Common jobs',
            {
              Repairs: [
                ['Call-out, first hour', '$95', 'Includes diagnosis', 'Weekdays'],
                ['Drain clearing', 'From $150'],
                ['Tap or toilet repair', 'From $85'],
              ],
              Installations: [
                ['Water heater, supplied and fitted', 'From $1,250'],
                ['Bathroom suite', 'Free quote'],
              ],
            },
            { footnote: 'Evenings, weekends and public holidays are charged at time and a half.' },
          ),
        ),
        page(
          '/emergencies',
          'Emergency plumbing',
          `What to do in a plumbing emergency, and how fast ${a.name} can be with you.`,
          faq('In a plumbing emergency', [
            ['Where is my stopcock?', 'Usually under the kitchen sink or where the water pipe enters the house. Turn it clockwise to close.'],
            ['How fast can you come?', `Within the hour for most of ${a.town}, day or night.`],
            ['Does my insurance pay?', 'Many home policies cover the damage from a sudden leak; we give you a written report for the claim.'],
          ]),
        ),
        quotePage(
          a,
          ['A leak or burst pipe', 'A blocked drain', 'A water heater', 'A new bathroom or kitchen', 'Something else'],
          'Photos of the leak or fixture',
        ),
        ...areaPages(a, 'Where our plumbers work'),
      ],
      contactIntro: 'For an emergency, call at any hour. For everything else, call in working hours or ask for a quote online.',
      collections: { areas: areas(a, `Our workshop is in ${a.town}, so an emergency here usually has a plumber at the door within the hour.`) },
    }),
};
