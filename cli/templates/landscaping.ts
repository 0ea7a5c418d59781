import { sceneGallery } from './pictures.ts';
import { areaPages, areas, callToAction, link, page, prices, quotePage, services, siteDocument, steps, weekdays, type Template } from './shared.ts';

const projects = sceneGallery(
  'Recent gardens',
  'A few of the gardens we have planted and kept. Replace these sample pictures with photographs of your own work.',
  [
    {
      src: 'projects/meadow-garden.svg',
      alt: 'Sample picture: a wildflower meadow rolling down to a green valley under a pale morning sun',
      caption: 'Meadow planting',
      sky: ['#bfe3f2', '#f4f9e9'],
      sun: '#fff6c7',
      far: '#7aa65a',
      near: '#3f7a3a',
      sunAt: [0.25, 0.7],
    },
    {
      src: 'projects/terraced-lawn.svg',
      alt: 'Sample picture: terraced lawns stepping down a hillside towards a sunset',
      caption: 'Terraced lawn',
      sky: ['#f5c68b', '#fbe7c6'],
      sun: '#fff1d6',
      far: '#8fae5d',
      near: '#56793a',
      sunAt: [0.75, 0.3],
    },
    {
      src: 'projects/courtyard-hedges.svg',
      alt: 'Sample picture: dark clipped hedges around a courtyard garden on a clear afternoon',
      caption: 'Courtyard hedges',
      sky: ['#9cc9e8', '#e3f0f7'],
      sun: '#fffbe8',
      far: '#5d8f4e',
      near: '#2f5d34',
      sunAt: [0.5, 0.85],
    },
  ],
);

export const landscaping: Template = {
  label: 'Landscaping or garden care',
  hint: 'project gallery, garden services, seasonal prices, quotes',
  group: 'Trades & home',
  kind: 'landscaping',
  synonyms: ['gardener', 'garden', 'lawn', 'tree-surgeon', 'landscaper'],
  media: projects.media,
  build: (a) =>
    siteDocument(a, {
      kind: 'landscaping',
      tagline: `Gardens designed, planted and cared for in ${a.town}`,
      description: `${a.name} designs, plants and maintains gardens in ${a.town}: new lawns, borders, hedges and patios, and weekly care through the seasons.`,
      hours: weekdays('07:00', '17:00'),
      serves: true,
      theme: { colors: { primary: '#2f5d34', accent: '#8a5a00', background: '#fbfcf8' }, fonts: { heading: 'humanist', body: 'system' }, corners: 'soft' },
      nav: [
        ['Gardens', '/gardens'],
        ['Services', '/services'],
        ['Get a quote', '/quote'],
        ['Areas', '/areas'],
      ],
      footer: `${a.name}, garden designers and landscapers.`,
      hero: {
        eyebrow: `Garden design and care in ${a.town}`,
        heading: 'A garden you will want to sit in',
        text: 'Planting plans that suit your soil, lawns that stay green and care through every season.',
        actions: [link('See our gardens', '/gardens'), link('Ask for a quote', '/quote', 'secondary')],
      },
      home: [
        services('From first sketch to first bloom', [
          ['Garden design', 'A planting plan drawn for your soil, your light and how you use the space.', 'leaf'],
          ['Hard landscaping', 'Patios, paths, raised beds and retaining walls.', 'home'],
          ['Seasonal care', 'Mowing, pruning, mulching and leaf clearing on a schedule.', 'calendar'],
        ]),
        callToAction(a, 'Planning for spring?', 'Our design diary fills up over the winter. Tell us about your garden now.', [
          link('Ask for a quote', '/quote'),
        ]),
      ],
      pages: [
        page('/gardens', 'Our gardens', `Gardens designed and planted by ${a.name} in and around ${a.town}.`, projects.block),
        page(
          '/services',
          'Garden services',
          `Garden design, landscaping and seasonal care from ${a.name}, with prices.`,
          prices(
            'Prices',
            {
              Design: [
                ['Garden consultation', '$120', 'A two-hour visit with written ideas'],
                ['Full planting plan', 'From $650'],
              ],
              Care: [
                ['Weekly lawn and border visit', '$55', undefined, 'per visit'],
                ['Autumn clear-up', 'From $220'],
              ],
            },
            { footnote: 'Green waste is taken away and composted at no extra charge.' },
          ),
          steps('How a new garden comes together', [
            ['Visit', 'We walk the garden with you and test the soil.'],
            ['Plan', 'A drawing and a fixed price, changed until it is right.'],
            ['Plant', 'We build and plant, then look after it for the first season.'],
          ]),
        ),
        quotePage(a, ['A new garden design', 'A patio or path', 'Regular garden care', 'A one-off clear-up'], 'Photos of the garden as it is now'),
        ...areaPages(a, 'Gardens we look after'),
      ],
      contactIntro: 'Call or ask for a quote online; we visit most gardens within a week.',
      collections: { areas: areas(a, `We are based in ${a.town} and look after gardens on most of its streets, from small courtyards to large family plots.`) },
    }),
};
