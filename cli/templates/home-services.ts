import {
  areaPages,
  areas,
  call,
  callToAction,
  faq,
  link,
  page,
  prices,
  quotes,
  richText,
  saturday,
  services,
  siteDocument,
  weekdays,
  type Template,
} from './shared.ts';

export const homeServices: Template = {
  label: 'Home services (handyman, cleaning, HVAC, pest control)',
  hint: 'services, service areas, prices, FAQ',
  group: 'Trades & home',
  kind: 'home-improvement',
  synonyms: ['handyman', 'hvac', 'cleaning', 'cleaner', 'pest-control', 'roofing', 'builder', 'painter'],
  build: (a) =>
    siteDocument(a, {
      kind: 'home-improvement',
      tagline: `Local, licensed and insured in ${a.town}`,
      description: `${a.name} repairs, maintains and improves homes in ${a.town} and the towns around it, with written prices before any work starts.`,
      hours: [...weekdays('07:30', '17:30'), saturday('08:00', '12:00')],
      serves: true,
      theme: { colors: { primary: '#1f4e79', accent: '#c2410c' }, fonts: { heading: 'slab', body: 'system' }, corners: 'soft' },
      nav: [
        ['Services', '/services'],
        ['Areas', '/areas'],
        ['About', '/about'],
      ],
      footer: `${a.name} — family-run, fully insured.`,
      hero: {
        eyebrow: `Serving ${a.town} and nearby towns`,
        heading: 'Done right the first time',
        text: 'Honest advice, a written price before we start, and a tidy job.',
        actions: [call(a), link('See our services', '/services', 'secondary')],
      },
      home: [
        services('What we do', [
          ['Repairs', 'Leaks, breakdowns and damage, fixed properly.', 'wrench'],
          ['Maintenance plans', 'Yearly visits that stop small problems growing.', 'calendar'],
          ['Upgrades', 'New equipment fitted and explained.', 'home'],
        ]),
        quotes('What customers say', [['They turned up when they said, explained the problem and left the place spotless.', 'A homeowner', a.town]]),
        callToAction(a, 'Need a hand?', 'Call us for a free estimate.'),
      ],
      pages: [
        page(
          '/services',
          'Services and prices',
          `What ${a.name} does and what it costs: call-outs, maintenance visits and guarantees.`,
          prices(
            'Our prices',
            {
              'Common jobs': [
                ['Call-out and diagnosis', '$89', undefined, 'Taken off the bill if you go ahead'],
                ['Yearly maintenance visit', '$149'],
              ],
            },
            { intro: 'Every job gets a written price before work starts.' },
          ),
          faq('Good to know', [
            ['Are you insured?', 'Yes: licensed and fully insured, and we show the papers on request.'],
            ['Do you guarantee your work?', 'Every job is guaranteed for 12 months, parts and labour.'],
          ]),
        ),
        ...areaPages(a, 'Towns we cover'),
        page(
          '/about',
          'About us',
          `Who ${a.name} is: a local, family-run business based in ${a.town}.`,
          richText(
            `${a.name} is a local business based in ${a.town}. We answer our own phone, turn up when we say we will, and leave every home as tidy as we found it.`,
          ),
        ),
      ],
      contactIntro: 'Call for a free estimate. Emergencies are answered seven days a week.',
      collections: { areas: areas(a, `${a.name} is based in ${a.town}, so most visits here are the same day or the next.`) },
    }),
};
