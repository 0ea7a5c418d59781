import {
  areaPages,
  areas,
  call,
  callToAction,
  cards,
  faq,
  link,
  page,
  prices,
  quotePage,
  services,
  siteDocument,
  steps,
  weekdays,
  type Template,
} from './shared.ts';

export const electrician: Template = {
  label: 'Electrician',
  hint: 'services, safety inspections, quote requests with photos, areas',
  group: 'Trades & home',
  kind: 'electrician',
  synonyms: ['electrical', 'solar', 'ev-charger', 'sparky'],
  build: (a) =>
    siteDocument(a, {
      kind: 'electrician',
      tagline: `Safe, certified electrical work in ${a.town}`,
      description: `${a.name} is a team of licensed electricians in ${a.town}: rewiring, panel upgrades, EV chargers, lighting and safety inspections for homes and shops.`,
      hours: weekdays('07:30', '17:00'),
      serves: true,
      theme: { colors: { primary: '#1e293b', accent: '#a16207' }, fonts: { heading: 'geometric', body: 'system' }, corners: 'square' },
      nav: [
        ['Services', '/services'],
        ['Inspections', '/inspections'],
        ['Get a quote', '/quote'],
        ['Areas', '/areas'],
      ],
      footer: `${a.name}: licensed electrical contractors. All work certified.`,
      hero: {
        eyebrow: `Licensed electricians in ${a.town}`,
        heading: 'Power you can trust, wired to code',
        text: 'From a flickering light to a full rewire, every job is tested, certified and explained.',
        actions: [link('Ask for a quote', '/quote'), { ...call(a), style: 'secondary' }],
      },
      home: [
        services('Electrical work', [
          ['Rewiring and panels', 'Old wiring replaced and panels upgraded for modern loads.', 'shield'],
          ['EV chargers', 'Home charging points installed, with the permit handled for you.', 'check'],
          ['Lighting', 'Indoor, outdoor and security lighting, designed and fitted.', 'star'],
        ]),
        steps('How a job runs', [
          ['Tell us about it', 'A photo or two and a short description is often enough for a price.'],
          ['Fixed price', 'A written quote with no surprises on the invoice.'],
          ['Tested and certified', 'Every circuit is tested and you get the certificate.'],
        ]),
        callToAction(a, 'Sparks, burning smells or tripping breakers?', 'Switch off at the panel and call us straight away.'),
      ],
      pages: [
        page(
          '/services',
          'Electrical services',
          `Electrical services and typical prices from ${a.name}: repairs, rewiring, EV chargers and lighting.`,
          prices(
            'Typical prices',
            {
              Repairs: [
                ['Fault finding, first hour', '$110'],
                ['Extra outlet', 'From $180'],
              ],
              Upgrades: [
                ['EV charger, installed', 'From $950', 'Charger not included'],
                ['Panel upgrade', 'From $2,400'],
              ],
            },
            { footnote: 'Permits and inspection fees are included in every quote where they apply.' },
          ),
        ),
        page(
          '/inspections',
          'Safety inspections',
          `Electrical safety inspections by ${a.name} for buyers, landlords and older homes.`,
          cards('Who books an inspection', [
            ['Home buyers', 'Know what the wiring needs before you sign.'],
            ['Landlords', 'A written safety report for each rental, renewed on time.'],
            ['Older homes', 'Knob-and-tube and aluminium wiring found and assessed.'],
          ]),
          faq('About inspections', [
            ['How long does it take?', 'Two to four hours for most homes.'],
            ['What do I get?', 'A written report with photos and a price for anything that needs doing.'],
          ]),
        ),
        quotePage(
          a,
          ['A fault or repair', 'Rewiring or a panel upgrade', 'An EV charger', 'Lighting', 'A safety inspection'],
          'Photos of the panel or the problem',
        ),
        ...areaPages(a, 'Where we work'),
      ],
      contactIntro: 'Call in working hours, or ask for a quote online with a few photos of the job.',
      collections: { areas: areas(a, `Our vans leave from ${a.town} every morning, so most jobs here can be booked within the week.`) },
    }),
};
