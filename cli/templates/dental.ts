import { call, callToAction, faq, link, page, prices, richText, services, siteDocument, steps, team, teamPages, weekdays, type Template } from './shared.ts';

export const dental: Template = {
  label: 'Dental practice',
  hint: 'services, fees, team, new patients',
  group: 'Health & care',
  kind: 'dentist',
  synonyms: ['dentist', 'orthodontist'],
  build: (a) =>
    siteDocument(a, {
      kind: 'dentist',
      tagline: `Family dentistry in ${a.town}`,
      description: `${a.name} offers check-ups, cleanings and same-week emergency care for the whole family in ${a.town}.`,
      hours: weekdays('08:00', '17:00'),
      theme: { colors: { primary: '#0b5f73', accent: '#0e7c86' }, fonts: { heading: 'humanist', body: 'system' }, corners: 'round' },
      nav: [
        ['Services', '/services'],
        ['Our team', '/team'],
        ['New patients', '/new-patients'],
      ],
      footer: `${a.name}, ${a.town}.`,
      hero: {
        eyebrow: `Welcoming new patients in ${a.town}`,
        heading: 'Gentle care for every smile',
        text: 'Check-ups, cleanings and same-week emergency appointments.',
        actions: [call(a), link('Our services', '/services', 'secondary')],
      },
      home: [
        services('How we can help', [
          ['Check-ups and cleaning', 'A thorough exam and a gentle clean every six months.', 'tooth'],
          ['Fillings and crowns', 'Tooth-coloured repairs that last.', 'shield'],
          ['Emergency care', 'Seen the same week, often the same day.', 'clock'],
        ]),
        callToAction(a, 'New to the practice?', 'Call us and we will find a time that suits you.'),
      ],
      pages: [
        page(
          '/services',
          'Services',
          `Dental services at ${a.name} in ${a.town}: prevention, repairs and emergencies, with typical fees.`,
          richText(
            `Everything most families need is done here in ${a.town}, so you rarely have to travel for care.\n\n## Prevention\n\nCheck-ups, hygiene visits and fluoride for children. We explain what we see and what, if anything, needs doing.\n\n## Repairs\n\nTooth-coloured fillings, crowns and root canal treatment, with the cost agreed before we start.\n\n## Emergencies\n\nToothache, a broken tooth or a lost filling: call us first thing and we will see you as soon as we can.`,
          ),
          prices(
            'Typical fees',
            {
              Visits: [
                ['New patient exam and X-rays', '$120'],
                ['Hygiene visit', '$95'],
                ['Emergency appointment', '$85'],
              ],
            },
            { footnote: 'Most insurance plans help with these; we will check yours when you book.' },
          ),
        ),
        ...teamPages('/team', 'Our team', `The dentists and hygienists of ${a.name}.`, 'The people who will look after you'),
        page(
          '/new-patients',
          'New patients',
          `Joining ${a.name}: how to book your first visit and what happens at it.`,
          steps('Your first visit', [
            ['Call us', `Ring ${a.phone} and we will book a time that suits you.`],
            ['Tell us about your health', 'Bring a list of any medicines you take.'],
            ['Your check-up', 'A full exam, X-rays if needed, and a plan in plain words.'],
          ]),
          faq('Questions new patients ask', [
            ['Do you see children?', 'Yes, from their first tooth.'],
            ['What if I am nervous?', 'Tell us when you book: we will take it slowly and explain each step.'],
          ]),
        ),
      ],
      contactIntro: 'Call us for appointments. For a dental emergency out of hours, our answering message gives the number of the dentist on call.',
      collections: {
        team: team(
          [
            'Dr. Alex Morgan',
            'Principal dentist',
            `Dr. Morgan has looked after families in ${a.town} for over a decade and still enjoys a nervous patient leaving with a smile.`,
          ],
          ['Jamie Lee', 'Dental hygienist', 'Jamie runs our hygiene clinic and the school visits programme.'],
        ),
      },
    }),
};
