import { choice, enquiry, field } from './forms.ts';
import { callToAction, faq, link, page, siteDocument, steps, team, teamPages, weekdays, type Template } from './shared.ts';

const area = (slug: string, title: string, summary: string, body: string) => ({ slug, title, summary, body });

export const lawFirm: Template = {
  label: 'Law firm or attorney',
  hint: 'practice areas, attorneys, free consultation form',
  group: 'Professional',
  kind: 'law-firm',
  synonyms: ['lawyer', 'attorney', 'solicitor', 'legal', 'notary'],
  build: (a) =>
    siteDocument(a, {
      kind: 'law-firm',
      tagline: `Attorneys for families and small businesses in ${a.town}`,
      description: `${a.name} is a law firm in ${a.town} advising on family law, wills and estates, real estate and small business matters, with a free first consultation.`,
      hours: weekdays('08:30', '17:30'),
      theme: { colors: { primary: '#1f2a44', accent: '#7c4a03', background: '#fdfdfb' }, fonts: { heading: 'classical', body: 'system' }, corners: 'square' },
      nav: [
        ['Practice areas', '/practice-areas'],
        ['Attorneys', '/attorneys'],
        ['Free consultation', '/consultation'],
      ],
      footer: `${a.name}, attorneys at law, ${a.town}. This website is not legal advice.`,
      hero: {
        eyebrow: `Law firm in ${a.town}`,
        heading: 'Clear legal advice when it matters most',
        text: 'Plain answers, fixed fees where we can, and an attorney who returns your calls.',
        actions: [link('Book a free consultation', '/consultation'), link('Practice areas', '/practice-areas', 'secondary')],
      },
      home: [
        { type: 'item-list', heading: 'How we can help', collection: 'practice' },
        steps('Working with us', [
          ['Free consultation', 'Thirty minutes to understand your situation and your options.'],
          ['A clear quote', 'A written engagement letter with the fee or the hourly rate.'],
          ['We act for you', 'Regular updates, and an attorney you can reach directly.'],
        ]),
        callToAction(a, 'Talk it through with an attorney', 'The first consultation is free and confidential.', [
          link('Book a free consultation', '/consultation'),
        ]),
      ],
      pages: [
        page('/practice-areas', 'Practice areas', `The areas of law ${a.name} practises in, for families and small businesses.`, {
          type: 'item-list',
          heading: 'Practice areas',
          collection: 'practice',
        }),
        { path: '/practice-areas/{slug}', from: 'practice' },
        ...teamPages('/attorneys', 'Attorneys', `The attorneys of ${a.name} and the law each of them practises.`, 'Our attorneys'),
        page(
          '/consultation',
          'Free consultation',
          `Ask for a free, confidential first consultation with an attorney at ${a.name}.`,
          enquiry(
            'consultation',
            'Book a free consultation',
            'Tell us briefly what you need help with. Everything you send is confidential, and we reply within one working day.',
            [
              choice('matter', 'What is it about?', ['Family law', 'Wills and estates', 'Real estate', 'Business law', 'Something else']),
              field('otherParty', 'Names of anyone else involved', 'text', { help: 'So we can check we have no conflict of interest.' }),
              field('consent', 'I understand that sending this form does not make me a client of the firm.', 'consent', { required: true }),
            ],
            { message: 'Briefly, what has happened?', submit: 'Request consultation', personal: true },
          ),
          faq('About consultations', [
            ['Is the consultation really free?', 'Yes: thirty minutes, in person or by video, with no obligation.'],
            ['Is what I tell you confidential?', 'Yes, even if you do not go on to instruct us.'],
          ]),
        ),
      ],
      contactIntro: 'Call or use the consultation form. Please do not send confidential documents by e-mail before we have spoken.',
      collections: {
        practice: {
          kind: 'page',
          items: [
            area(
              'family-law',
              'Family law',
              'Divorce, custody and support, handled with care and with an eye on cost.',
              'We help with divorce and separation, child custody and support, prenuptial agreements and adoptions. Where we can, we settle matters through mediation rather than in court.',
            ),
            area(
              'wills-and-estates',
              'Wills and estates',
              'Wills, trusts and powers of attorney, and help for families through probate.',
              'A will drawn up properly saves your family time, money and worry. We prepare wills, living trusts, powers of attorney and health care directives, and guide executors through probate.',
            ),
            area(
              'real-estate',
              'Real estate',
              'Home purchases and sales, title questions and landlord and tenant matters.',
              'We review contracts, run closings, resolve title problems and advise landlords and tenants on leases and disputes.',
            ),
            area(
              'business-law',
              'Business law',
              'Forming a company, contracts, employment questions and selling a business.',
              'From choosing the right structure to selling what you built, we help owners with company formation, contracts, employment questions and succession.',
            ),
          ],
        },
        team: team(
          ['Eleanor Grant', 'Managing partner', 'Eleanor has practised family law and estates for over twenty years.'],
          ['David Osei', 'Attorney', 'David advises small businesses and handles real estate closings.'],
        ),
      },
    }),
};
