import { sceneGallery } from './pictures.ts';
import { choice, enquiry, field } from './forms.ts';
import { callToAction, faq, link, page, prices, quotes, siteDocument, steps, type Template } from './shared.ts';

const portfolio = sceneGallery(
  'Recent work',
  'A few favourite frames from weddings, portraits and family sessions. Replace these sample pictures with your own.',
  [
    {
      src: 'portfolio/golden-hour.svg',
      alt: 'Sample picture: a low golden sun over soft hills at the end of the day',
      caption: 'Golden hour, engagement session',
      sky: ['#f6b56b', '#fde3b5'],
      sun: '#fff4d9',
      far: '#b4895a',
      near: '#6e4f37',
      sunAt: [0.3, 0.2],
    },
    {
      src: 'portfolio/blue-hour.svg',
      alt: 'Sample picture: a pale moon rising over dark blue hills just after sunset',
      caption: 'Blue hour, wedding portraits',
      sky: ['#1e3a5f', '#6d8fb3'],
      sun: '#eef2f7',
      far: '#2c4a6b',
      near: '#16283d',
      sunAt: [0.7, 0.6],
    },
    {
      src: 'portfolio/summer-field.svg',
      alt: 'Sample picture: a bright summer field under a high midday sun and a clear sky',
      caption: 'Summer field, family session',
      sky: ['#7fb8e6', '#dbeefa'],
      sun: '#fffbe6',
      far: '#9cbf5e',
      near: '#5f8c34',
      sunAt: [0.6, 0.9],
    },
  ],
);

export const photographer: Template = {
  label: 'Photographer',
  hint: 'portfolio gallery, packages, booking enquiries',
  group: 'Shops & services',
  kind: 'photography',
  synonyms: ['photography', 'videographer', 'wedding-photographer', 'portrait'],
  media: portfolio.media,
  build: (a) =>
    siteDocument(a, {
      kind: 'photography',
      tagline: `Wedding, portrait and family photography from ${a.town}`,
      description: `${a.name} photographs weddings, portraits and families in and around ${a.town}: natural light, relaxed direction and a finished gallery within three weeks.`,
      theme: {
        colors: { primary: '#292524', accent: '#9f5f2a', background: '#fcfbf9' },
        fonts: { heading: 'old-style', body: 'old-style' },
        corners: 'square',
      },
      nav: [
        ['Portfolio', '/portfolio'],
        ['Packages', '/packages'],
        ['How it works', '/how-it-works'],
        ['Check my date', '/enquire'],
      ],
      footer: `${a.name}, photographer, ${a.town}.`,
      hero: {
        eyebrow: `Photographer based in ${a.town}`,
        heading: 'Honest pictures of the moments that matter',
        text: 'Relaxed, natural photographs of your day, your family and the light that made it.',
        actions: [link('See the portfolio', '/portfolio'), link('Check my date', '/enquire', 'secondary')],
      },
      home: [
        portfolio.block,
        quotes('Couples and families say', [
          ['We forgot the camera was there, and every photo feels like the day felt.', 'Emma and Josh', 'Married last autumn'],
        ]),
        callToAction(a, 'Is your date still free?', 'I take a small number of weddings each year so each one gets my full attention.', [
          link('Check my date', '/enquire'),
        ]),
      ],
      pages: [
        page('/portfolio', 'Portfolio', `Weddings, portraits and family sessions photographed by ${a.name}.`, {
          ...portfolio.block,
          heading: 'Weddings, portraits and families',
          columns: 2,
          crop: false,
        }),
        page(
          '/packages',
          'Packages and prices',
          `Wedding collections, portrait sessions and family shoots by ${a.name}, with prices.`,
          prices(
            'Packages',
            {
              Weddings: [
                ['Ceremony and portraits', '$1,900', 'Four hours, about 300 edited photographs'],
                ['The whole day', '$3,400', 'Ten hours, a second shooter and an engagement session'],
              ],
              'Portraits and families': [
                ['Portrait session', '$350', 'One hour, 40 edited photographs'],
                ['Family session', '$450', 'Ninety minutes outdoors, everyone welcome'],
              ],
            },
            { itemLabel: 'Package', footnote: 'Every package includes an online gallery and the right to print your photographs anywhere.' },
          ),
        ),
        page(
          '/how-it-works',
          'How it works',
          `From first e-mail to finished gallery: what to expect when you book ${a.name}.`,
          steps('From enquiry to gallery', [
            ['Check the date', 'Tell me about your day; I reply within two days.'],
            ['Meet for coffee', 'We plan the timings, the places and the must-have pictures.'],
            ['The day itself', 'I blend in, gently direct the portraits and catch the rest.'],
            ['Your gallery', 'Edited photographs in an online gallery within three weeks.'],
          ]),
          faq('Common questions', [
            ['Do you travel?', `Yes. Travel within fifty miles of ${a.town} is included.`],
            ['Do we get the raw files?', 'You get every edited photograph in full resolution; raw files stay with me.'],
          ]),
        ),
        page(
          '/enquire',
          'Check my date',
          `Ask whether ${a.name} is free on your date for a wedding, portrait or family session.`,
          enquiry(
            'enquiry',
            'Check my date',
            'Tell me a little about what you are planning and I will reply within two days.',
            [
              choice('session', 'What kind of session?', ['Wedding', 'Portrait', 'Family', 'Something else']),
              field('date', 'Date', 'date', { required: true }),
              field('place', 'Where will it be?'),
            ],
            { message: 'Tell me about your plans', submit: 'Check my date' },
          ),
        ),
      ],
      contactIntro: 'E-mail is the best way to reach me; I am often behind a camera when the phone rings.',
    }),
};
