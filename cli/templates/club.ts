import { field } from './forms.ts';
import { cards, eventPages, events, link, newsPages, page, prices, siteDocument, today, type Template } from './shared.ts';

export const club: Template = {
  label: 'Club or society',
  hint: 'meetings and events, membership, join form, news',
  group: 'Community & public',
  kind: 'community-organization',
  synonyms: ['society', 'association', 'sports-club', 'choir', 'book-club', 'hobby', 'league', 'team'],
  build: (a) =>
    siteDocument(a, {
      kind: 'community-organization',
      tagline: `Friends, meetings and outings in ${a.town}`,
      description: `${a.name} is a members’ club in ${a.town}: monthly meetings, outings and a friendly welcome for newcomers, run entirely by volunteers.`,
      theme: { colors: { primary: '#0f5132', accent: '#7c2d92' }, fonts: { heading: 'humanist', body: 'system' }, corners: 'round' },
      nav: [
        ['Meetings', '/meetings'],
        ['Membership', '/membership'],
        ['Join', '/join'],
        ['News', '/news'],
      ],
      footer: `${a.name}, ${a.town}. Run by members, for members.`,
      hero: {
        eyebrow: `Meeting monthly in ${a.town}`,
        heading: 'Good company and a shared passion',
        text: 'Talks, outings and friendly evenings for everyone who shares our interest, from first-timers to old hands.',
        actions: [link('Come to a meeting', '/meetings'), link('Join us', '/join', 'secondary')],
      },
      home: [
        cards('Why members join', [
          ['Monthly meetings', 'A speaker, a cup of tea and time to talk, on the first Tuesday of the month.'],
          ['Outings', 'Trips and visits through the year, shared by car.'],
          ['A warm welcome', 'Visitors come to two meetings free before deciding to join.'],
        ]),
        { type: 'news-list', heading: 'Club news', collection: 'news', limit: 3, more: { label: 'All news', href: '/news' } },
      ],
      pages: [
        ...eventPages('/meetings', 'Meetings and outings', `The coming meetings, talks and outings of ${a.name}.`, 'Coming up'),
        page(
          '/membership',
          'Membership',
          `What membership of ${a.name} costs and what it includes.`,
          prices(
            'Membership',
            {
              'A year’s membership': [
                ['Adult', '$30'],
                ['Household', '$45', 'Two adults at one address'],
                ['Student or under 18', '$10'],
              ],
            },
            { itemLabel: 'Membership', footnote: 'The year runs from January. Join after July and pay half.' },
          ),
        ),
        page('/join', 'Join the club', `Join ${a.name}: send your details and the membership secretary will be in touch.`, {
          type: 'form',
          form: 'join',
          heading: 'Join the club',
          intro: 'Fill this in and our membership secretary will welcome you and explain how to pay.',
          fields: [
            field('name', 'Your name', 'text', { required: true }),
            field('email', 'E-mail address', 'email', { required: true }),
            field('membership', 'Membership', 'radio', { options: ['Adult', 'Household', 'Student or under 18'], required: true }),
            field('interests', 'What interests you most?', 'checkboxes', { options: ['Talks', 'Outings', 'Helping run the club'] }),
            field('newsletter', 'Send me the monthly newsletter', 'checkbox'),
          ],
          submit: 'Join',
          success: 'Welcome aboard! Our membership secretary will e-mail you within a few days.',
        }),
        ...newsPages('/news', 'Club news', `News and reports from ${a.name}.`),
      ],
      contactIntro: 'Write to the secretary, or simply turn up at a meeting: visitors are always welcome.',
      collections: {
        events: events(
          {
            title: 'Monthly meeting and guest talk',
            inDays: 14,
            start: '19:30',
            end: '21:00',
            place: 'Community hall, 1 Main Street',
            summary: 'Our monthly meeting, with a guest speaker and time for questions.',
          },
          {
            title: 'Spring outing',
            inDays: 40,
            start: '09:00',
            end: '17:00',
            place: 'Meet at the community hall car park',
            summary: 'A day out together; lifts are shared, and lunch is at a country pub.',
          },
        ),
        news: {
          kind: 'news',
          items: [
            {
              title: 'Welcome to our new website',
              date: today(),
              summary: `Meetings, outings and membership of ${a.name} are now online.`,
              body: `Welcome to the new website of ${a.name}. Ideas for it are welcome: write to ${a.email}.`,
            },
          ],
        },
      },
    }),
};
