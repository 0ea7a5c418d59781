import { cards, eventPages, events, link, newsPages, page, receiptPage, siteDocument, steps, team, teamPages, today, type Template } from './shared.ts';

export const church: Template = {
  label: 'Church or place of worship',
  hint: 'service times, events, groups, news, giving',
  group: 'Community & public',
  kind: 'place-of-worship',
  synonyms: ['chapel', 'parish', 'congregation', 'mosque', 'synagogue', 'temple', 'faith'],
  build: (a) =>
    siteDocument(a, {
      kind: 'place-of-worship',
      tagline: `A welcoming church family in ${a.town}`,
      description: `${a.name} is a church in ${a.town} with Sunday services, midweek groups for every age, and a community that cares for its neighbours.`,
      theme: { colors: { primary: '#312e81', accent: '#92400e', background: '#fefdfb' }, fonts: { heading: 'classical', body: 'humanist' }, corners: 'soft' },
      nav: [
        ['Sundays', '/sundays'],
        ['Groups', '/groups'],
        ['Events', '/events'],
        ['News', '/news'],
        ['Give', '/give'],
      ],
      footer: `${a.name}, ${a.town}. Everyone is welcome.`,
      takesMoney: true,
      hero: {
        eyebrow: `Sunday services in ${a.town}`,
        heading: 'There is a place for you here',
        text: 'Whoever you are, whatever you believe, come as you are. Coffee is after the service.',
        actions: [link('Plan a Sunday visit', '/sundays'), link('What’s on', '/events', 'secondary')],
      },
      home: [
        cards('Join us', [
          ['Sunday 9:00', 'A quiet, traditional service with hymns and communion.'],
          ['Sunday 10:45', 'A relaxed family service with a band and children’s groups.'],
          ['Wednesday 19:30', 'Prayer and a short reflection in the side chapel.'],
        ]),
        { type: 'event-list', heading: 'Coming up', collection: 'events', when: 'upcoming', limit: 3 },
      ],
      pages: [
        page(
          '/sundays',
          'Sunday services',
          `What to expect on a Sunday at ${a.name}: service times, children’s groups and where to park.`,
          steps('Your first Sunday', [
            ['Arrive a little early', 'Someone at the door will say hello and show you where to sit.'],
            ['Children welcome', 'Children start in the service, then go to their groups with checked leaders.'],
            ['Stay for coffee', 'Everyone gathers in the hall afterwards; come and meet us.'],
          ]),
        ),
        page(
          '/groups',
          'Groups',
          `Midweek groups at ${a.name} for children, young people, adults and seniors.`,
          cards('Something for every age', [
            ['Toddler morning', 'Tuesday mornings: songs, crafts and coffee for parents and carers.'],
            ['Youth club', 'Friday evenings for ages 11 to 16: games, food and honest conversations.'],
            ['Home groups', 'Small groups that meet in homes around town to read and pray together.'],
            ['Lunch club', 'A hot lunch and good company for older neighbours every Thursday.'],
          ]),
        ),
        ...eventPages('/events', 'Events', `Services, concerts and community events at ${a.name}.`, 'Events and special services'),
        ...newsPages('/news', 'News', `News from the life of ${a.name}.`),
        ...teamPages('/team', 'Our team', `The ministers and staff of ${a.name}.`, 'Who we are'),
        page('/give', 'Give', `Support the work of ${a.name} with a one-off or monthly gift.`, {
          type: 'donate',
          donation: 'general-giving',
          heading: 'Give to the church',
          intro: 'Your gifts keep the doors open, heat the building and fund our work with neighbours in need.',
          description: `Gift to ${a.name}`,
          presets: [10, 25, 50, 100],
          other: { min: 5, max: 5000 },
          frequencies: ['monthly', 'once'],
        }),
        receiptPage(a, 'Thank you for your generosity. Your receipt is on its way by e-mail.'),
      ],
      contactIntro: 'The church office is open on weekday mornings. To arrange a wedding, baptism or funeral, please call.',
      collections: {
        events: events(
          {
            title: 'Harvest supper',
            inDays: 20,
            start: '18:00',
            end: '20:30',
            place: 'Church hall',
            summary: 'A shared meal for the whole community; bring a dish if you can.',
          },
          {
            title: 'Carols by candlelight',
            inDays: 60,
            start: '18:30',
            end: '19:45',
            place: `${a.name}`,
            summary: 'Readings and carols in a candlelit church, followed by mulled cider.',
          },
        ),
        news: {
          kind: 'news',
          items: [
            {
              title: 'Our new website',
              date: today(),
              summary: `Service times, groups and events of ${a.name} are now all in one place.`,
              body: `Welcome to the new website of ${a.name}. If there is something you would like to see here, write to ${a.email}.`,
            },
          ],
        },
        team: team(
          ['Rev. Grace Holloway', 'Minister', `Grace has led the church in ${a.town} for nine years.`],
          ['Peter Lang', 'Youth and families worker', 'Peter runs the youth club and the children’s groups.'],
        ),
      },
    }),
};
