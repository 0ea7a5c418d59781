import { legalLinks, standardPages, weekdays, type Answers } from './shared.ts';

export const dental = {
  label: 'Dental or medical practice',
  hint: 'services, team, new patients, FAQ',
  kind: 'dentist' as const,
  build: (a: Answers) => ({
    site: {
      name: a.name,
      kind: 'dentist',
      tagline: `Family dentistry in ${a.town}`,
      description: `${a.name} offers check-ups, cleanings and same-week emergency care for the whole family in ${a.town}.`,
      phone: a.phone,
      email: a.email,
      address: { street: '1 Main Street', locality: a.town },
      hours: weekdays('08:00', '17:00'),
    },
    theme: { colors: { primary: '#0b5f73', accent: '#0e7c86' }, fonts: { heading: 'humanist', body: 'system' }, corners: 'round' },
    navigation: [
      { label: 'Home', href: '/' },
      { label: 'Services', href: '/services' },
      { label: 'Our team', href: '/team' },
      { label: 'New patients', href: '/new-patients' },
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
            eyebrow: `Welcoming new patients in ${a.town}`,
            heading: 'Gentle care for every smile',
            text: 'Check-ups, cleanings and same-week emergency appointments.',
            actions: [
              { label: `Call ${a.phone}`, href: `tel:${a.phone.replace(/[^0-9+]/g, '')}` },
              { label: 'Our services', href: '/services', style: 'secondary' },
            ],
          },
          {
            type: 'service-list',
            heading: 'How we can help',
            services: [
              { name: 'Check-ups and cleaning', description: 'A thorough exam and a gentle clean every six months.', icon: 'tooth' },
              { name: 'Fillings and crowns', description: 'Tooth-coloured repairs that last.', icon: 'shield' },
              { name: 'Emergency care', description: 'Seen the same week, often the same day.', icon: 'clock' },
            ],
          },
          { type: 'cta', heading: 'New to the practice?', text: 'Call us and we will find a time that suits you.', phone: a.phone, style: 'brand' },
        ],
      },
      {
        path: '/services',
        title: 'Services',
        description: `Dental services at ${a.name} in ${a.town}.`,
        blocks: [
          {
            type: 'rich-text',
            markdown: `Everything most families need is done here in ${a.town}, so you rarely have to travel for care.\n\n## Prevention\n\nCheck-ups, hygiene visits and fluoride for children. We explain what we see and what, if anything, needs doing.\n\n## Repairs\n\nTooth-coloured fillings, crowns and root canal treatment, with the cost agreed before we start.\n\n## Emergencies\n\nToothache, a broken tooth or a lost filling: call us first thing and we will see you as soon as we can.`,
          },
          {
            type: 'price-list',
            heading: 'Typical fees',
            groups: [
              {
                name: 'Visits',
                items: [
                  { name: 'New patient exam and X-rays', price: '$120' },
                  { name: 'Hygiene visit', price: '$95' },
                  { name: 'Emergency appointment', price: '$85' },
                ],
              },
            ],
            footnote: 'Most insurance plans help with these; we will check yours when you book.',
          },
        ],
      },
      { path: '/team', title: 'Our team', blocks: [{ type: 'team-list', heading: 'The people who will look after you', collection: 'team' }] },
      { path: '/team/{name}', from: 'team', title: '{name}' },
      {
        path: '/new-patients',
        title: 'New patients',
        blocks: [
          {
            type: 'steps',
            heading: 'Your first visit',
            steps: [
              { title: 'Call us', text: `Ring ${a.phone} and we will book a time that suits you.` },
              { title: 'Tell us about your health', text: 'Bring a list of any medicines you take.' },
              { title: 'Your check-up', text: 'A full exam, X-rays if needed, and a plan in plain words.' },
            ],
          },
          {
            type: 'faq',
            heading: 'Questions new patients ask',
            items: [
              { question: 'Do you see children?', answer: 'Yes, from their first tooth.' },
              { question: 'What if I am nervous?', answer: 'Tell us when you book: we will take it slowly and explain each step.' },
            ],
          },
        ],
      },
      ...standardPages(a, {
        contactIntro: 'Call us for appointments. For a dental emergency out of hours, our answering message gives the number of the dentist on call.',
      }),
    ],
    collections: {
      team: {
        kind: 'person',
        items: [
          {
            name: 'Dr. Alex Morgan',
            role: 'Principal dentist',
            bio: `Dr. Morgan has looked after families in ${a.town} for over a decade and still enjoys a nervous patient leaving with a smile.`,
          },
          { name: 'Jamie Lee', role: 'Dental hygienist', bio: 'Jamie runs our hygiene clinic and the school visits programme.' },
        ],
      },
    },
  }),
};
