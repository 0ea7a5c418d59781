import { legalLinks, standardPages, weekdays, type Answers } from './shared.ts';

export const professional = {
  label: 'Professional services (insurance, consulting, engineering, agency)',
  hint: 'services, approach, team, FAQ',
  kind: 'consulting' as const,
  build: (a: Answers) => ({
    site: {
      name: a.name,
      kind: 'consulting',
      tagline: `Practical advice for businesses in ${a.town}`,
      description: `${a.name} helps owners of small and mid-sized businesses in ${a.town} make decisions with clear numbers and plain advice.`,
      phone: a.phone,
      email: a.email,
      address: { street: '1 Main Street', locality: a.town },
      hours: weekdays('09:00', '17:00'),
    },
    theme: { colors: { primary: '#263b5e', accent: '#0f766e' }, fonts: { heading: 'geometric', body: 'system' }, corners: 'square' },
    navigation: [
      { label: 'Home', href: '/' },
      { label: 'Services', href: '/services' },
      { label: 'Team', href: '/team' },
      { label: 'About', href: '/about' },
      { label: 'Contact', href: '/contact' },
    ],
    footer: { text: `${a.name}, ${a.town}.`, links: legalLinks },
    pages: [
      {
        path: '/',
        title: a.name,
        blocks: [
          {
            type: 'hero',
            heading: 'Clear advice, measurable results',
            text: 'We work alongside owners until the numbers move, then step back.',
            style: 'plain',
            actions: [{ label: 'How we work', href: '/services' }],
          },
          {
            type: 'steps',
            heading: 'How an engagement runs',
            steps: [
              { title: 'Listen', text: 'A free first conversation about where you are and where you want to be.' },
              { title: 'Plan', text: 'A written proposal with a fixed fee and what you get for it.' },
              { title: 'Deliver', text: 'Regular check-ins and a clear report at the end.' },
            ],
          },
        ],
      },
      {
        path: '/services',
        title: 'Services',
        blocks: [
          {
            type: 'service-list',
            heading: 'What we do',
            services: [
              { name: 'Strategy reviews', description: 'A clear-eyed look at the business and a plan for the next three years.', icon: 'star' },
              { name: 'Operations', description: 'Fewer bottlenecks, shorter lead times, better margins.', icon: 'wrench' },
            ],
          },
          {
            type: 'faq',
            heading: 'Questions clients ask',
            items: [{ question: 'How do you charge?', answer: 'A fixed fee agreed in writing before we start.' }],
          },
        ],
      },
      { path: '/team', title: 'Our team', blocks: [{ type: 'team-list', heading: 'The people you will work with', collection: 'team' }] },
      { path: '/team/{name}', from: 'team', title: '{name}' },
      { path: '/about', title: 'About us', blocks: [{ type: 'rich-text', markdown: `${a.name} is an independent firm based in ${a.town}.` }] },
      ...standardPages(a, { contactIntro: 'Call or e-mail to arrange a free first conversation.' }),
    ],
    collections: {
      team: {
        kind: 'person',
        items: [{ name: 'Sam Rivera', role: 'Founder', bio: `Sam founded ${a.name} after fifteen years running operations for manufacturers.` }],
      },
    },
  }),
};
