import { legalLinks, standardPages, weekdays, type Answers } from './shared.ts';

export const homeServices = {
  label: 'Home services (trades, pest control, cleaning, HVAC)',
  hint: 'services, service areas, prices, FAQ',
  kind: 'home-improvement' as const,
  build: (a: Answers) => ({
    site: {
      name: a.name,
      kind: 'home-improvement',
      tagline: `Local, licensed and insured in ${a.town}`,
      description: `${a.name} repairs, maintains and improves homes in ${a.town} and the towns around it, with written prices before any work starts.`,
      phone: a.phone,
      email: a.email,
      address: { street: '1 Main Street', locality: a.town },
      hours: [...weekdays('07:30', '17:30'), { days: ['saturday'], opens: '08:00', closes: '12:00' }],
      areaServed: [a.town],
    },
    theme: { colors: { primary: '#1f4e79', accent: '#c2410c' }, fonts: { heading: 'slab', body: 'system' }, corners: 'soft' },
    navigation: [
      { label: 'Home', href: '/' },
      { label: 'Services', href: '/services' },
      { label: 'Areas', href: '/areas' },
      { label: 'About', href: '/about' },
      { label: 'Contact', href: '/contact' },
    ],
    footer: { text: `${a.name} — family-run, fully insured.`, links: legalLinks },
    pages: [
      {
        path: '/',
        title: a.name,
        blocks: [
          {
            type: 'hero',
            eyebrow: `Serving ${a.town} and nearby towns`,
            heading: 'Done right the first time',
            text: 'Honest advice, a written price before we start, and a tidy job.',
            actions: [
              { label: `Call ${a.phone}`, href: `tel:${a.phone.replace(/[^0-9+]/g, '')}` },
              { label: 'See our services', href: '/services', style: 'secondary' },
            ],
          },
          {
            type: 'service-list',
            heading: 'What we do',
            services: [
              { name: 'Repairs', description: 'Leaks, breakdowns and damage, fixed properly.', icon: 'wrench' },
              { name: 'Maintenance plans', description: 'Yearly visits that stop small problems growing.', icon: 'calendar' },
              { name: 'Upgrades', description: 'New equipment fitted and explained.', icon: 'home' },
            ],
          },
          {
            type: 'testimonials',
            heading: 'What customers say',
            items: [
              { quote: 'They turned up when they said, explained the problem and left the place spotless.', name: 'A homeowner', detail: a.town, rating: 5 },
            ],
          },
          { type: 'cta', heading: 'Need a hand?', text: 'Call us for a free estimate.', phone: a.phone, style: 'brand' },
        ],
      },
      {
        path: '/services',
        title: 'Services and prices',
        blocks: [
          {
            type: 'price-list',
            heading: 'Our prices',
            intro: 'Every job gets a written price before work starts.',
            groups: [
              {
                name: 'Common jobs',
                items: [
                  { name: 'Call-out and diagnosis', price: '$89', note: 'Taken off the bill if you go ahead' },
                  { name: 'Yearly maintenance visit', price: '$149' },
                ],
              },
            ],
          },
          {
            type: 'faq',
            heading: 'Good to know',
            items: [
              { question: 'Are you insured?', answer: 'Yes: licensed and fully insured, and we show the papers on request.' },
              { question: 'Do you guarantee your work?', answer: 'Every job is guaranteed for 12 months, parts and labour.' },
            ],
          },
        ],
      },
      { path: '/areas', title: 'Areas we serve', blocks: [{ type: 'area-list', heading: 'Towns we cover', collection: 'areas' }] },
      { path: '/{region}/{city}', from: 'areas', title: `${a.name} in {city}` },
      {
        path: '/about',
        title: 'About us',
        blocks: [
          {
            type: 'rich-text',
            markdown: `${a.name} is a local business based in ${a.town}. We answer our own phone, turn up when we say we will, and leave every home as tidy as we found it.`,
          },
        ],
      },
      ...standardPages(a, { contactIntro: 'Call for a free estimate. Emergencies are answered seven days a week.' }),
    ],
    collections: {
      areas: {
        kind: 'area',
        items: [{ region: `${a.town} area`, city: a.town, body: `${a.name} is based in ${a.town}, so most visits here are the same day or the next.` }],
      },
    },
  }),
};
