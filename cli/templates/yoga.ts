import {
  callToAction,
  cards,
  classPages,
  faq,
  link,
  page,
  prices,
  richText,
  siteDocument,
  steps,
  team,
  teamPages,
  type Answers,
  type Template,
} from './shared.ts';

/** The week's classes, the page that books them and the receipts page bookers come back to. */
const timetablePages = (a: Answers) =>
  classPages(a, {
    timetable: {
      title: 'Class timetable',
      description: `The week’s yoga and pilates classes at ${a.name} in ${a.town}, with the mats left in each.`,
      heading: 'The week on the mat',
      intro: 'Choose a class to save your mat. Mats, blocks and blankets are provided.',
    },
    book: { title: 'Save your mat', description: `Book a yoga or pilates class at ${a.name} online; cancel up to 12 hours before for a full refund.` },
    booking: {
      resource: 'mat-classes',
      label: `A class at ${a.name}`,
      heading: 'Choose your class and time',
      intro: 'Choose a class, then a day and a time. Arrive ten minutes early to settle in.',
      choose: 'Which class?',
      weekly: [{ days: ['monday', 'wednesday', 'friday'], starts: ['07:15', '18:30'] }],
      durationMinutes: 60,
      capacity: 14,
      party: { min: 1, max: 2 },
      price: { perPerson: 16 },
      choices: [
        { resource: 'gentle', label: 'Gentle yoga', description: 'Slow and restorative; every level welcome.' },
        {
          resource: 'vinyasa',
          label: 'Vinyasa flow',
          description: 'A flowing, warming practice.',
          weekly: [
            { days: ['tuesday', 'thursday'], starts: ['07:15', '19:00'] },
            { days: ['saturday'], starts: ['09:00'] },
          ],
        },
        {
          resource: 'pilates',
          label: 'Mat pilates',
          description: 'Core and posture work on the mat.',
          durationMinutes: 50,
          weekly: [
            { days: ['tuesday', 'thursday'], starts: ['12:15'] },
            { days: ['sunday'], starts: ['10:00'] },
          ],
          capacity: 10,
        },
      ],
    },
  });

export const yoga: Template = {
  label: 'Yoga or pilates studio',
  hint: 'class timetable, online booking, passes, teachers',
  group: 'Health & care',
  kind: 'fitness',
  synonyms: ['pilates', 'meditation', 'barre', 'studio'],
  build: (a) =>
    siteDocument(a, {
      kind: 'fitness',
      tagline: `Yoga and pilates for every body in ${a.town}`,
      description: `${a.name} is a yoga and pilates studio in ${a.town}: gentle, flow and mat pilates classes in small groups, with mats and props provided.`,
      hours: [
        { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], opens: '07:00', closes: '20:30' },
        { days: ['saturday', 'sunday'], opens: '08:30', closes: '12:30' },
      ],
      theme: {
        colors: { primary: '#4c5d3a', accent: '#9a5b3f', background: '#fbfaf6', surface: '#f1eee4' },
        fonts: { heading: 'humanist', body: 'humanist' },
        corners: 'round',
      },
      nav: [
        ['Timetable', '/timetable'],
        ['Prices', '/prices'],
        ['Teachers', '/teachers'],
        ['New here?', '/new-here'],
      ],
      footer: `${a.name}, ${a.town}. Breathe in, breathe out.`,
      takesMoney: true,
      hero: {
        eyebrow: `A calm hour in the middle of ${a.town}`,
        heading: 'Unroll your mat, we have saved you a spot',
        text: 'Small classes, warm rooms and teachers who offer a gentler version of every pose.',
        actions: [link('Find a class', '/timetable'), link('New here?', '/new-here', 'secondary')],
      },
      home: [
        cards('Classes for how you feel today', [
          ['Gentle yoga', 'Slow stretches and long holds; a good first class and a good last one of the day.'],
          ['Vinyasa flow', 'Breath-led movement that warms you up and leaves you steady.'],
          ['Mat pilates', 'Core strength, posture and control, for backs that sit at desks all day.'],
        ]),
        callToAction(a, 'First class? It is on us', 'Come ten minutes early and tell your teacher about any injuries.', [
          link('Book your first class', '/timetable/book'),
        ]),
      ],
      pages: [
        ...timetablePages(a),
        page(
          '/prices',
          'Prices and passes',
          `Drop-in prices, class passes and monthly memberships at ${a.name}.`,
          prices(
            'Passes',
            {
              'Drop in': [
                ['First class', 'Free'],
                ['Single class', '$16'],
              ],
              'Passes and memberships': [
                ['Five classes', '$70', 'Use within two months'],
                ['Ten classes', '$130', 'Use within four months'],
                ['Unlimited month', '$115', 'Every class, every day'],
              ],
            },
            { itemLabel: 'Pass', footnote: 'Students and over-65s pay half on weekday mornings.' },
          ),
        ),
        ...teamPages('/teachers', 'Teachers', `The yoga and pilates teachers at ${a.name} and the classes they lead.`, 'Who will guide you'),
        page(
          '/new-here',
          'New here?',
          `Your first yoga or pilates class at ${a.name}: what to bring, what to wear and what happens.`,
          steps('Your first class', [
            ['Book a gentle class', 'It is free, and the best place to start whatever your experience.'],
            ['Come a little early', 'Wear clothes you can move in; we lend mats, blocks and blankets.'],
            ['Go at your own pace', 'Rest whenever you like. Child’s pose is always allowed.'],
          ]),
          faq('Questions before a first class', [
            ['Do I need to be flexible?', 'Not at all: flexibility is what yoga builds, not what it asks for.'],
            ['Is it suitable in pregnancy?', 'Gentle yoga usually is; tell your teacher and they will adapt the poses.'],
          ]),
          richText('Every teacher holds a 200-hour certificate or more and first-aid training. Classes stay small so they can help you.'),
        ),
      ],
      contactIntro: 'Questions about a class, a pass or an injury? Call or e-mail; the front desk is open half an hour before each class.',
      collections: {
        team: team(
          ['Lena Marsh', 'Studio founder and yoga teacher', `Lena opened ${a.name} after a decade of teaching in community halls around ${a.town}.`],
          ['Tom Okafor', 'Pilates teacher', 'Tom trained as a physiotherapy assistant before turning to mat pilates.'],
        ),
      },
    }),
};
