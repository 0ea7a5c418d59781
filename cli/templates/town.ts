import { legalLinks, standardPages, type Answers } from './shared.ts';

export const town = {
  label: 'Town or public body',
  hint: 'departments, council, news',
  kind: 'town-government' as const,
  build: (a: Answers) => ({
    site: {
      name: a.name,
      kind: 'town-government',
      tagline: `Official website of ${a.name}`,
      description: `Services, meetings and news from ${a.name}: trash and recycling, permits, council meetings and who to call.`,
      phone: a.phone,
      email: a.email,
      address: { street: '1 Main Street', locality: a.town },
      hours: [{ days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], opens: '08:30', closes: '16:30' }],
    },
    theme: { colors: { primary: '#1e3a5f', accent: '#2f6f4f' }, fonts: { heading: 'classical', body: 'system' }, corners: 'square' },
    navigation: [
      { label: 'Home', href: '/' },
      { label: 'Services', href: '/services' },
      { label: 'Departments', href: '/departments' },
      { label: 'News', href: '/news' },
      { label: 'Contact', href: '/contact' },
    ],
    footer: { text: `${a.name} Town Hall.`, links: legalLinks },
    pages: [
      {
        path: '/',
        title: a.name,
        blocks: [
          {
            type: 'hero',
            heading: `Welcome to ${a.town}`,
            text: 'Find a service, read the latest news, or see when the council meets next.',
            style: 'plain',
            actions: [{ label: 'Town services', href: '/services' }],
          },
          { type: 'news-list', heading: 'Latest news', collection: 'news', limit: 3, more: { label: 'All news', href: '/news' } },
        ],
      },
      {
        path: '/services',
        title: 'Town services',
        blocks: [
          {
            type: 'cards',
            heading: 'How do I…',
            cards: [
              {
                title: 'Trash and recycling',
                text: 'Collection days and what goes in which bin.',
                link: { label: 'Public works', href: '/departments/public-works' },
              },
              { title: 'Permits', text: 'Building, parking and event permits from the Town Clerk.', link: { label: 'Town Clerk', href: '/departments/clerk' } },
            ],
          },
        ],
      },
      { path: '/news', title: 'News', blocks: [{ type: 'news-list', collection: 'news' }] },
      { path: '/news/{slug}', from: 'news' },
      { path: '/{slug*}', from: 'pages' },
      {
        path: '/about',
        title: `About ${a.town}`,
        blocks: [{ type: 'rich-text', markdown: `${a.name} is run by an elected council and a small staff at Town Hall, 1 Main Street.` }],
      },
      ...standardPages(a, { contactIntro: 'Town Hall is open on weekdays. For emergencies always call 911.' }),
    ],
    collections: {
      pages: {
        kind: 'page',
        items: [
          { slug: 'departments', title: 'Departments', body: 'Each department looks after part of town life.', blocks: [{ type: 'child-pages' }] },
          { slug: 'departments/public-works', title: 'Public Works', body: 'Roads, snow plowing, water and sewer, and trash collection.' },
          { slug: 'departments/clerk', title: 'Town Clerk', body: 'Records, licences, permits and elections.' },
        ],
      },
      news: {
        kind: 'news',
        items: [
          {
            title: 'New website for town services',
            date: new Date().toISOString().slice(0, 10),
            summary: 'Services, meetings and news are now in one place.',
            body: `Welcome to the new website of ${a.name}. Tell us what you would like to find here: ${a.email}.`,
          },
        ],
      },
    },
  }),
};
