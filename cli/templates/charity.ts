import { eventPages, events, link, page, receiptPage, richText, services, siteDocument, steps, type Template } from './shared.ts';

export const charity: Template = {
  label: 'Charity or non-profit',
  hint: 'mission, programmes, events, donations',
  group: 'Community & public',
  kind: 'charity',
  synonyms: ['non-profit', 'nonprofit', 'foundation', 'food-bank', 'shelter', 'volunteers'],
  build: (a) =>
    siteDocument(a, {
      kind: 'charity',
      tagline: `Neighbours helping neighbours in ${a.town}`,
      description: `${a.name} brings people in ${a.town} together to help families through hard times, with volunteers at the heart of everything.`,
      theme: { colors: { primary: '#5b21b6', accent: '#be185d' }, fonts: { heading: 'rounded', body: 'system' }, corners: 'round' },
      nav: [
        ['What we do', '/services'],
        ['Events', '/events'],
        ['Donate', '/donate'],
        ['About', '/about'],
      ],
      footer: `${a.name} is a registered charity.`,
      takesMoney: true,
      hero: {
        heading: 'Nobody in our town should face hard times alone',
        text: 'We run practical help for families, with volunteers from every corner of town.',
        actions: [link('What we do', '/services'), link('Donate', '/donate', 'secondary')],
      },
      home: [
        steps('How you can help', [
          ['Give time', 'Volunteer for a two-hour shift once a month.'],
          ['Spread the word', 'Tell a neighbour who could use a hand.'],
          ['Give a gift', 'Every dollar goes to families in our town.'],
        ]),
      ],
      pages: [
        page(
          '/services',
          'What we do',
          `The programmes of ${a.name}: family support and community meals in ${a.town}.`,
          services('Our programmes', [
            ['Family support', 'A friendly visit and practical help for families going through a hard time.', 'heart'],
            ['Community meals', 'A free hot meal every week, open to all.', 'home'],
          ]),
        ),
        ...eventPages('/events', 'Events', `Volunteer evenings, fundraisers and community events of ${a.name}.`, 'Coming up'),
        page('/donate', 'Donate', `Give to ${a.name} once or every month; every gift helps families in ${a.town}.`, {
          type: 'donate',
          donation: 'general-fund',
          heading: 'Give a gift today',
          intro: '$25 pays for a week of hot meals for one family; $100 pays a month’s heating bill for a family in crisis.',
          description: `Donation to ${a.name}`,
          presets: [25, 50, 100, 250],
          other: { min: 5, max: 10000 },
          dedication: true,
        }),
        receiptPage(a, `Thank you for your gift. It goes straight to families in ${a.town}, and a receipt for your records is on its way by e-mail.`),
        page(
          '/about',
          'About us',
          `How ${a.name} began, and the volunteers who run it today.`,
          richText(`${a.name} was started by a handful of neighbours in ${a.town}. Today volunteers do almost all of the work.`),
        ),
      ],
      contactIntro: 'Call or e-mail to volunteer, to ask for help, or to find out more.',
      collections: {
        events: events({
          title: 'Volunteer welcome evening',
          inDays: 30,
          start: '18:30',
          end: '20:00',
          place: `${a.name}, 1 Main Street`,
          summary: 'Meet the team and find the role that suits you.',
        }),
      },
    }),
};
