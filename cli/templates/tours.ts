import { bookingPages, callToAction, cards, faq, link, page, quotes, siteDocument, steps, team, teamPages, weekdays, type Template } from './shared.ts';

export const tours: Template = {
  label: 'Tour operator or guided walks',
  hint: 'tours, online booking, what to bring, guides',
  group: 'Shops & services',
  kind: 'tour-operator',
  synonyms: ['tour', 'guide', 'walking-tours', 'excursions', 'travel', 'kayak'],
  build: (a) =>
    siteDocument(a, {
      kind: 'tour-operator',
      tagline: `Small-group guided tours from ${a.town}`,
      description: `${a.name} runs small-group walking and food tours in and around ${a.town}, led by local guides who know the stories behind every street.`,
      hours: weekdays('09:00', '17:00'),
      theme: { colors: { primary: '#14532d', accent: '#9a3412' }, fonts: { heading: 'humanist', body: 'system' }, corners: 'round' },
      nav: [
        ['Tours', '/tours'],
        ['Book a tour', '/tours/book'],
        ['Guides', '/guides'],
        ['Plan your day', '/plan-your-day'],
      ],
      footer: `${a.name}, ${a.town}. Rain or shine, the stories go on.`,
      takesMoney: true,
      hero: {
        eyebrow: `Guided tours of ${a.town}`,
        heading: 'See the town through a local’s eyes',
        text: 'Small groups, unhurried walks and the stories you will not find in a guidebook.',
        actions: [link('Book a tour', '/tours/book'), link('Our tours', '/tours', 'secondary')],
      },
      home: [
        cards('Our tours', [
          ['Old town walk', 'Two hours through the lanes, squares and hidden courtyards.', '/tours', 'All tours'],
          ['Food and market tour', 'Six tastings from bakers, cheesemakers and the market.', '/tours/book', 'Book it'],
          ['Sunset river walk', 'The riverside at golden hour, ending at a local taproom.', '/plan-your-day', 'Plan your day'],
        ]),
        quotes('Travellers say', [
          ['The best thing we did on our trip. Our guide made three hundred years feel like yesterday.', 'Marta and Luis', 'Visiting from Madrid'],
        ]),
        callToAction(a, 'Only twelve places a tour', 'Book ahead in summer: our weekend walks fill up early.', [link('Book a tour', '/tours/book')]),
      ],
      pages: [
        page(
          '/tours',
          'Tours',
          `The guided tours of ${a.name}: what you see, how long they last and what they cost.`,
          cards('Choose your tour', [
            ['Old town walk', 'Daily at 10:00. Two hours, about two miles on the flat. $25 a person.'],
            ['Food and market tour', 'Thursday to Saturday at 11:00. Three hours and six tastings. $65 a person.'],
            ['Sunset river walk', 'Friday and Saturday evenings. Ninety minutes, ending with a drink. $35 a person.'],
          ]),
        ),
        ...bookingPages(
          a,
          { path: '/tours/book', title: 'Book a tour', description: `Book a guided tour with ${a.name} online; free cancellation up to 24 hours before.` },
          {
            resource: 'tours',
            label: `A tour with ${a.name}`,
            heading: 'Book your places',
            intro: 'Choose a tour, a day and how many are coming. Children under 12 walk free: no need to book them a place.',
            choose: 'Which tour?',
            weekly: [{ days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], starts: ['10:00'] }],
            durationMinutes: 120,
            capacity: 12,
            party: { min: 1, max: 6 },
            price: { perPerson: 25 },
            choices: [
              { resource: 'old-town', label: 'Old town walk', description: 'Two hours through the historic centre.' },
              {
                resource: 'food-market',
                label: 'Food and market tour',
                description: 'Three hours and six tastings.',
                weekly: [{ days: ['thursday', 'friday', 'saturday'], starts: ['11:00'] }],
                durationMinutes: 180,
                price: { perPerson: 65 },
              },
              {
                resource: 'river-sunset',
                label: 'Sunset river walk',
                description: 'Ninety minutes by the water, ending with a drink.',
                weekly: [{ days: ['friday', 'saturday'], starts: ['18:30'] }],
                durationMinutes: 90,
                price: { perPerson: 35 },
              },
            ],
          },
        ),
        ...teamPages('/guides', 'Our guides', `The local guides who lead the tours of ${a.name}.`, 'Your guides'),
        page(
          '/plan-your-day',
          'Plan your day',
          `Where ${a.name} tours start, what to bring and what happens if it rains.`,
          steps('On the day', [
            ['Meet your guide', 'Tours start at the fountain on the main square; look for the green umbrella.'],
            ['Walk and listen', 'We stop often, keep to a gentle pace and take questions all the way.'],
            ['Keep exploring', 'Your guide sends you a map with their favourite places to eat and drink.'],
          ]),
          faq('Good to know', [
            ['What if it rains?', 'Tours go ahead in light rain; in a storm we move you to another day or refund you.'],
            ['Are the tours accessible?', 'The old town walk is step-free; tell us when you book and we will plan the route.'],
          ]),
        ),
      ],
      contactIntro: 'Call or e-mail for private tours, school groups or anything not on the timetable.',
      collections: {
        team: team(
          ['Nora Whitfield', 'Founder and lead guide', `Nora grew up above a bakery in ${a.town}'s old town and has guided walks for fifteen years.`],
          ['Sam Adeyemi', 'Food tour guide', 'Sam used to cook in the market kitchens and knows every stallholder by name.'],
        ),
      },
    }),
};
