import { legalLinks, standardPages, type Answers } from './shared.ts';

export const charity = {
  label: 'Charity or community organisation',
  hint: 'mission, programmes, volunteering, events',
  kind: 'charity' as const,
  build: (a: Answers) => ({
    site: {
      name: a.name,
      kind: 'charity',
      tagline: `Neighbours helping neighbours in ${a.town}`,
      description: `${a.name} brings people in ${a.town} together to help families through hard times, with volunteers at the heart of everything.`,
      phone: a.phone,
      email: a.email,
      address: { street: '1 Main Street', locality: a.town },
    },
    theme: { colors: { primary: '#5b21b6', accent: '#be185d' }, fonts: { heading: 'rounded', body: 'system' }, corners: 'round' },
    navigation: [
      { label: 'Home', href: '/' },
      { label: 'What we do', href: '/services' },
      { label: 'Events', href: '/events' },
      { label: 'About', href: '/about' },
      { label: 'Contact', href: '/contact' },
    ],
    footer: { text: `${a.name} is a registered charity.`, links: legalLinks },
    pages: [
      {
        path: '/',
        title: a.name,
        blocks: [
          {
            type: 'hero',
            heading: 'Nobody in our town should face hard times alone',
            text: 'We run practical help for families, with volunteers from every corner of town.',
            actions: [
              { label: 'What we do', href: '/services' },
              { label: 'Volunteer', href: '/contact', style: 'secondary' },
            ],
          },
          {
            type: 'steps',
            heading: 'How you can help',
            steps: [
              { title: 'Give time', text: 'Volunteer for a two-hour shift once a month.' },
              { title: 'Spread the word', text: 'Tell a neighbour who could use a hand.' },
              { title: 'Support us', text: `Call ${a.phone} to find out how.` },
            ],
          },
        ],
      },
      {
        path: '/services',
        title: 'What we do',
        blocks: [
          {
            type: 'service-list',
            heading: 'Our programmes',
            services: [
              { name: 'Family support', description: 'A friendly visit and practical help for families going through a hard time.', icon: 'heart' },
              { name: 'Community meals', description: 'A free hot meal every week, open to all.', icon: 'home' },
            ],
          },
        ],
      },
      { path: '/events', title: 'Events', blocks: [{ type: 'event-list', heading: 'Coming up', collection: 'events', when: 'upcoming' }] },
      { path: '/events/{slug}', from: 'events' },
      {
        path: '/about',
        title: 'About us',
        blocks: [{ type: 'rich-text', markdown: `${a.name} was started by a handful of neighbours in ${a.town}. Today volunteers do almost all of the work.` }],
      },
      ...standardPages(a, { contactIntro: 'Call or e-mail to volunteer, to ask for help, or to find out more.' }),
    ],
    collections: {
      events: {
        kind: 'event',
        items: [
          {
            title: 'Volunteer welcome evening',
            date: `${new Date().getUTCFullYear() + 1}-01-15`,
            start: '18:30',
            end: '20:00',
            place: `${a.name}, 1 Main Street`,
            summary: 'Meet the team and find the role that suits you.',
          },
        ],
      },
    },
  }),
};
