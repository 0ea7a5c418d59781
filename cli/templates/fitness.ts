import {
  callToAction,
  classPages,
  link,
  page,
  prices,
  quotes,
  saturday,
  services,
  siteDocument,
  team,
  teamPages,
  WEEKDAYS,
  weekdays,
  type Template,
} from './shared.ts';

export const fitness: Template = {
  label: 'Gym or fitness studio',
  hint: 'class timetable, online booking, memberships, coaches',
  group: 'Health & care',
  kind: 'fitness',
  synonyms: ['gym', 'crossfit', 'bootcamp', 'personal-trainer'],
  build: (a) =>
    siteDocument(a, {
      kind: 'fitness',
      tagline: `Coached strength and conditioning in ${a.town}`,
      description: `${a.name} is a coached gym in ${a.town}: small-group strength classes, conditioning and personal training for every level, from first session to competition.`,
      hours: [...weekdays('06:00', '21:00'), saturday('08:00', '13:00')],
      theme: { colors: { primary: '#1f2937', accent: '#b91c1c' }, fonts: { heading: 'geometric', body: 'system' }, corners: 'square' },
      nav: [
        ['Classes', '/classes'],
        ['Timetable', '/timetable'],
        ['Memberships', '/memberships'],
        ['Coaches', '/coaches'],
      ],
      footer: `${a.name}, ${a.town}. Train hard, recover well.`,
      takesMoney: true,
      hero: {
        eyebrow: `Coached classes in ${a.town}`,
        heading: 'Get stronger, one coached class at a time',
        text: 'Every class has a coach who knows your name, your lifts and what you are working towards.',
        actions: [link('See this week’s classes', '/timetable'), link('Memberships', '/memberships', 'secondary')],
      },
      home: [
        services('Ways to train', [
          ['Strength classes', 'Squat, press and pull with a written program and a coach watching every rep.', 'star'],
          ['Conditioning', 'Forty minutes of intervals on rowers, bikes and sleds. Scaled for everyone.', 'flame'],
          ['Personal training', 'One-to-one sessions for a goal, an injury or a fresh start.', 'heart'],
        ]),
        quotes('Members say', [['I came in unable to do a push-up. A year later I deadlift my own body weight twice.', 'Renata K.', 'Member for two years']]),
        callToAction(a, 'Your first class is free', 'Book an intro class and a coach will show you around and teach you the basics.', [
          link('Book a class', '/timetable/book'),
        ]),
      ],
      pages: [
        page(
          '/classes',
          'Classes',
          `The classes at ${a.name}: strength, conditioning and beginners’ foundations, and who each one is for.`,
          services('Our classes', [
            ['Foundations', 'Four weeks of coached basics for newcomers: how to squat, hinge, press and breathe.', 'check'],
            ['Strength', 'A twelve-week program of the big lifts, in groups of up to twelve.', 'star'],
            ['Conditioning', 'Hard, short and friendly: intervals you can scale to the day you are having.', 'flame'],
            ['Mobility', 'A slower hour of stretching and joint work; the perfect partner to lifting days.', 'leaf'],
          ]),
        ),
        ...classPages(a, {
          timetable: {
            title: 'Timetable',
            description: `This week’s classes at ${a.name} with the places left in each; choose one to book.`,
            heading: 'This week’s classes',
            intro: 'Choose a class to book your place. Each one has a coach and up to twelve places.',
          },
          book: { title: 'Book a class', description: `Book a place in a class at ${a.name} and pay online; cancel up to 24 hours before.` },
          booking: {
            resource: 'classes',
            label: `A class at ${a.name}`,
            heading: 'Choose a class and a time',
            intro: 'Choose a class, a day and a time. You can book a second place for a friend.',
            choose: 'Choose a class',
            weekly: [{ days: WEEKDAYS, starts: ['06:30', '18:00'] }],
            durationMinutes: 60,
            capacity: 12,
            party: { min: 1, max: 2 },
            price: { perPerson: 18 },
            choices: [
              { resource: 'strength', label: 'Strength', description: 'The big lifts on a written program, with a coach.' },
              {
                resource: 'conditioning',
                label: 'Conditioning',
                description: 'Intervals on rowers, bikes and sleds.',
                durationMinutes: 45,
                weekly: [{ days: ['tuesday', 'thursday', 'saturday'], starts: ['09:00'] }],
              },
              {
                resource: 'foundations',
                label: 'Foundations',
                description: 'Coached basics for newcomers; at most six people.',
                weekly: [{ days: ['monday', 'wednesday'], starts: ['19:15'] }],
                capacity: 6,
                price: { perPerson: 12 },
              },
            ],
          },
        }),
        page(
          '/memberships',
          'Memberships',
          `Memberships and class passes at ${a.name}, with no joining fee and no long contract.`,
          prices(
            'Memberships',
            {
              Monthly: [
                ['Unlimited classes', '$139', 'Every class on the timetable, plus open gym', 'per month'],
                ['Two classes a week', '$99', undefined, 'per month'],
              ],
              'Passes and sessions': [
                ['Ten-class pass', '$160', 'Valid for three months'],
                ['Personal training', '$70', 'One hour with a coach', 'per session'],
              ],
            },
            { itemLabel: 'Membership', footnote: 'No joining fee. Cancel any month with 30 days’ notice.' },
          ),
        ),
        ...teamPages('/coaches', 'Coaches', `The coaches of ${a.name} and what each of them teaches.`, 'Your coaches'),
      ],
      contactIntro: 'Questions about classes or memberships? Call or e-mail, or drop in during opening hours for a look around.',
      collections: {
        team: team(
          ['Marcus Webb', 'Head coach', 'Marcus has coached strength for twelve years and still gets excited about a first chin-up.'],
          ['Priya Shah', 'Conditioning coach', 'Priya runs conditioning and mobility, and the beginners’ Foundations course.'],
        ),
      },
    }),
};
