import { choice, enquiry, field } from './forms.ts';
import { callToAction, cards, eventPages, events, faq, link, page, prices, siteDocument, type Template } from './shared.ts';

export const venue: Template = {
  label: 'Events venue',
  hint: 'spaces, hire prices, public events, hire enquiries',
  group: 'Shops & services',
  kind: 'event-venue',
  synonyms: ['hall', 'wedding-venue', 'conference', 'function-room', 'barn', 'theatre'],
  build: (a) =>
    siteDocument(a, {
      kind: 'event-venue',
      tagline: `A venue for weddings, parties and gatherings in ${a.town}`,
      description: `${a.name} hosts weddings, parties, meetings and concerts in ${a.town}: a great hall for 150, a garden room for 40, in-house catering and a team who run the day.`,
      hours: [{ days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], opens: '09:00', closes: '17:00' }],
      theme: { colors: { primary: '#3b2f4a', accent: '#8c5a13', background: '#fdfcfa' }, fonts: { heading: 'classical', body: 'system' }, corners: 'soft' },
      nav: [
        ['Spaces', '/spaces'],
        ['Hire prices', '/hire'],
        ['What’s on', '/whats-on'],
        ['Enquire', '/enquire'],
      ],
      footer: `${a.name}, ${a.town}. Viewings by appointment.`,
      hero: {
        eyebrow: `Weddings, parties and meetings in ${a.town}`,
        heading: 'The room where your day happens',
        text: 'Two beautiful spaces, food cooked on site and a team who take care of every detail.',
        actions: [link('Check a date', '/enquire'), link('See the spaces', '/spaces', 'secondary')],
      },
      home: [
        cards('Two spaces, many occasions', [
          ['The Great Hall', 'Oak beams, a sprung floor and room for 150 to dine or 220 to dance.', '/spaces', 'About the spaces'],
          ['The Garden Room', 'Glass doors onto the lawn, for 40 at a long table.', '/hire', 'Hire prices'],
          ['Public events', 'Concerts, markets and talks open to everyone.', '/whats-on', 'What’s on'],
        ]),
        callToAction(a, 'Come and see it', 'Book a viewing and we will walk you round and talk through your plans.', [link('Arrange a viewing', '/enquire')]),
      ],
      pages: [
        page(
          '/spaces',
          'Our spaces',
          `The Great Hall and the Garden Room at ${a.name}: capacities, layouts and what is included.`,
          cards(
            'Spaces',
            [
              ['The Great Hall', 'Seats 150 for dinner, 200 in rows or 220 standing. Stage, lighting rig and dance floor.'],
              ['The Garden Room', 'Seats 40 at one long table or 60 standing. Opens onto the lawn.'],
              ['The Lawn', 'Room for a marquee of 120 from May to September.'],
            ],
            'Every hire includes tables, chairs, linen and a duty manager.',
          ),
          faq('Planning your event', [
            ['Can we bring our own caterer?', 'Our kitchen caters most events; outside caterers are welcome for a kitchen fee.'],
            ['Is the venue accessible?', 'Yes: step-free entrances, a lift to the gallery and accessible toilets.'],
          ]),
        ),
        page(
          '/hire',
          'Hire prices',
          `What it costs to hire the spaces at ${a.name} for a wedding, party or meeting.`,
          prices(
            'Hire prices',
            {
              'The Great Hall': [
                ['Saturday wedding', '$4,800', 'Ceremony and reception, 10 am to midnight'],
                ['Weekday evening', '$1,200', '6 pm to 11 pm'],
              ],
              'The Garden Room': [
                ['Half day', '$450'],
                ['Evening dinner', '$700'],
              ],
            },
            { itemLabel: 'Booking', footnote: 'A deposit of 25% holds your date. Charities get a third off weekday hire.' },
          ),
        ),
        ...eventPages('/whats-on', 'What’s on', `Concerts, markets and talks open to everyone at ${a.name}.`, 'Coming up'),
        page(
          '/enquire',
          'Enquire about a date',
          `Ask about hiring ${a.name}: your date, the number of guests and the kind of event.`,
          enquiry(
            'hire-enquiry',
            'Enquire about a date',
            'Tell us about your event and we will reply within a working day with availability and a quote.',
            [
              choice('occasion', 'What is the occasion?', [
                'Wedding',
                'Party or celebration',
                'Meeting or conference',
                'Concert or performance',
                'Something else',
              ]),
              field('eventDate', 'Date you have in mind', 'date', { required: true }),
              field('guests', 'Number of guests', 'number', { min: 1, max: 220, required: true }),
            ],
            { message: 'Tell us about your plans', submit: 'Send enquiry' },
          ),
        ),
      ],
      contactIntro: 'The office answers on weekdays. Viewings are by appointment, including some evenings and Saturdays.',
      collections: {
        events: events(
          {
            title: 'Winter makers’ market',
            inDays: 45,
            start: '10:00',
            end: '16:00',
            place: 'The Great Hall',
            summary: 'Forty local makers, hot food and carols in the afternoon. Free entry.',
          },
          {
            title: 'Evening of chamber music',
            inDays: 75,
            start: '19:30',
            end: '21:30',
            place: 'The Garden Room',
            summary: 'A string quartet plays Haydn and Dvořák by candlelight.',
          },
        ),
      },
    }),
};
