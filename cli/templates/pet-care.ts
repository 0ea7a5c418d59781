import {
  bookingPages,
  callToAction,
  faq,
  link,
  page,
  prices,
  quotes,
  saturday,
  services,
  siteDocument,
  team,
  teamPages,
  weekdays,
  type Template,
} from './shared.ts';

export const petCare: Template = {
  label: 'Pet grooming or pet care',
  hint: 'grooming prices, online booking, groomers, FAQ',
  group: 'Shops & services',
  kind: 'pet-care',
  synonyms: ['groomer', 'grooming', 'dog-walker', 'kennels', 'pet-sitter', 'cattery', 'dog'],
  build: (a) =>
    siteDocument(a, {
      kind: 'pet-care',
      tagline: `Dog grooming and pet care in ${a.town}`,
      description: `${a.name} grooms dogs and cats of every size in ${a.town}: baths, full grooms, nail trims and puppy introductions, one pet at a time and never caged.`,
      hours: [...weekdays('08:00', '17:00'), saturday('08:00', '14:00')],
      theme: { colors: { primary: '#1d4e5f', accent: '#b4461e', background: '#fffdf8' }, fonts: { heading: 'rounded', body: 'system' }, corners: 'round' },
      nav: [
        ['Grooming', '/grooming'],
        ['Book', '/book'],
        ['Groomers', '/groomers'],
      ],
      footer: `${a.name}, ${a.town}. Happy tails since day one.`,
      takesMoney: true,
      hero: {
        eyebrow: `Calm, cage-free grooming in ${a.town}`,
        heading: 'Fluffy, fresh and wagging all the way home',
        text: 'One pet at a time, gentle handling and plenty of treats, from first puppy trim to senior spa day.',
        actions: [link('Book a groom', '/book'), link('Grooming prices', '/grooming', 'secondary')],
      },
      home: [
        services('Treatments your pet will love', [
          ['Full groom', 'Bath, blow-dry, breed cut, ears, nails and a bandana.', 'heart'],
          ['Bath and tidy', 'A deep clean and brush-out between full grooms.', 'droplet'],
          ['Puppy introduction', 'A short, happy first visit so grooming is never scary.', 'star'],
        ]),
        quotes('Owners say', [['Our nervous rescue greyhound actually runs to the door now. That says it all.', 'Claire M.', 'Owner of Pepper']]),
        callToAction(a, 'Due a trim?', 'Choose a time online; we will text you when your pet is ready to collect.', [link('Book a groom', '/book')]),
      ],
      pages: [
        page(
          '/grooming',
          'Grooming prices',
          `Dog and cat grooming prices at ${a.name} by size and coat.`,
          prices(
            'Grooming prices',
            {
              'Full groom': [
                ['Small dog', '$55', 'Up to 20 lb'],
                ['Medium dog', '$70', '20 to 50 lb'],
                ['Large dog', '$90', 'Over 50 lb'],
              ],
              Extras: [
                ['Nail trim', '$15', 'No appointment needed'],
                ['De-shedding treatment', '$20'],
              ],
            },
            { footnote: 'Heavily matted coats may cost more; we will always call before going ahead.' },
          ),
          faq('Before your visit', [
            ['Do vaccinations need to be up to date?', 'Yes: please bring proof of rabies and distemper vaccines on your first visit.'],
            ['How long does a groom take?', 'Two to three hours for most dogs; we text you when it is time to collect.'],
          ]),
        ),
        ...bookingPages(
          a,
          { path: '/book', title: 'Book a groom', description: `Book a dog or cat grooming appointment at ${a.name} and pay online.` },
          {
            resource: 'grooming',
            label: `Grooming at ${a.name}`,
            heading: 'Choose a size and a drop-off time',
            intro: 'Choose the size of your pet, then a day and a drop-off time. One booking is one pet.',
            choose: 'How big is your pet?',
            unit: { one: 'pet', other: 'pets' },
            weekly: [
              { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], starts: ['08:30', '11:00', '13:30'] },
              { days: ['saturday'], starts: ['08:30', '11:00'] },
            ],
            durationMinutes: 150,
            capacity: 1,
            party: { min: 1, max: 1 },
            price: { perSlot: 55 },
            choices: [
              { resource: 'small-dog', label: 'Small dog or cat', description: 'Up to 20 lb.' },
              { resource: 'medium-dog', label: 'Medium dog', description: '20 to 50 lb.', price: { perSlot: 70 } },
              { resource: 'large-dog', label: 'Large dog', description: 'Over 50 lb.', durationMinutes: 180, price: { perSlot: 90 } },
            ],
          },
        ),
        ...teamPages('/groomers', 'Our groomers', `The groomers at ${a.name} who will look after your pet.`, 'Meet the groomers'),
      ],
      contactIntro: 'Call with questions about your pet’s coat or temperament; walk-ins are welcome for nail trims.',
      collections: {
        team: team(
          ['Mia Thornton', 'Head groomer', 'Mia is a certified master groomer with a gift for calming nervous dogs.'],
          ['Ben Carter', 'Groomer and cat specialist', 'Ben handles our feline clients and the puppy introductions.'],
        ),
      },
    }),
};
