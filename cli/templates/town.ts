import { cards, newsPages, page, richText, siteDocument, today, weekdays, type Template } from './shared.ts';

export const town: Template = {
  label: 'Town or public body',
  hint: 'services, departments, council, news',
  group: 'Community & public',
  kind: 'town-government',
  synonyms: ['council', 'city', 'village', 'municipality', 'government', 'county', 'library'],
  build: (a) =>
    siteDocument(a, {
      kind: 'town-government',
      tagline: `Official website of ${a.name}`,
      description: `Services, meetings and news from ${a.name}: trash and recycling, permits, council meetings and who to call.`,
      hours: weekdays('08:30', '16:30'),
      theme: { colors: { primary: '#1e3a5f', accent: '#2f6f4f' }, fonts: { heading: 'classical', body: 'system' }, corners: 'square' },
      nav: [
        ['Services', '/services'],
        ['Departments', '/departments'],
        ['News', '/news'],
      ],
      footer: `${a.name} Town Hall.`,
      hero: {
        heading: `Welcome to ${a.town}`,
        text: 'Find a service, read the latest news, or see when the council meets next.',
        style: 'plain',
        actions: [{ label: 'Town services', href: '/services' }],
      },
      home: [{ type: 'news-list', heading: 'Latest news', collection: 'news', limit: 3, more: { label: 'All news', href: '/news' } }],
      pages: [
        page(
          '/services',
          'Town services',
          `How to get things done with ${a.name}: trash and recycling, permits and who to ask.`,
          cards('How do I…', [
            ['Trash and recycling', 'Collection days and what goes in which bin.', '/departments/public-works', 'Public works'],
            ['Permits', 'Building, parking and event permits from the Town Clerk.', '/departments/clerk', 'Town Clerk'],
          ]),
        ),
        ...newsPages('/news', 'News', `News and announcements from ${a.name}.`),
        { path: '/{slug*}', from: 'pages' },
        page(
          '/about',
          `About ${a.town}`,
          `How ${a.name} is run: the elected council and the staff at Town Hall.`,
          richText(`${a.name} is run by an elected council and a small staff at Town Hall, 1 Main Street.`),
        ),
      ],
      contactIntro: 'Town Hall is open on weekdays. For emergencies always call 911.',
      collections: {
        pages: {
          kind: 'page',
          items: [
            {
              slug: 'departments',
              title: 'Departments',
              summary: `The departments of ${a.name} and what each looks after.`,
              body: 'Each department looks after part of town life.',
              blocks: [{ type: 'child-pages' }],
            },
            {
              slug: 'departments/public-works',
              title: 'Public Works',
              summary: 'Roads, snow plowing, water and sewer, and trash collection.',
              body: 'Roads, snow plowing, water and sewer, and trash collection.',
            },
            {
              slug: 'departments/clerk',
              title: 'Town Clerk',
              summary: 'Records, licences, permits and elections.',
              body: 'Records, licences, permits and elections.',
            },
          ],
        },
        news: {
          kind: 'news',
          items: [
            {
              title: 'New website for town services',
              date: today(),
              summary: 'Services, meetings and news are now in one place.',
              body: `Welcome to the new website of ${a.name}. Tell us what you would like to find here: ${a.email}.`,
            },
          ],
        },
      },
    }),
};
