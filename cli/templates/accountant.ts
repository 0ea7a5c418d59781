import { choice, enquiry, field } from './forms.ts';
import { callToAction, cards, faq, link, page, prices, services, siteDocument, weekdays, type Template } from './shared.ts';

export const accountant: Template = {
  label: 'Accountant or bookkeeper',
  hint: 'services, fixed fees, tax deadlines, secure document upload',
  group: 'Professional',
  kind: 'accountant',
  synonyms: ['accounting', 'bookkeeper', 'bookkeeping', 'tax', 'cpa', 'payroll'],
  build: (a) =>
    siteDocument(a, {
      kind: 'accountant',
      tagline: `Accounts, tax and payroll for ${a.town}`,
      description: `${a.name} keeps the books, files the taxes and runs payroll for individuals and small businesses in ${a.town}, for fixed monthly fees.`,
      hours: weekdays('08:30', '17:00'),
      theme: { colors: { primary: '#134e4a', accent: '#4338ca' }, fonts: { heading: 'geometric', body: 'system' }, corners: 'soft' },
      nav: [
        ['Services', '/services'],
        ['Fees', '/fees'],
        ['Tax dates', '/tax-dates'],
        ['Send documents', '/documents'],
      ],
      footer: `${a.name}, accountants, ${a.town}.`,
      hero: {
        eyebrow: `Accountants in ${a.town}`,
        heading: 'Your numbers in order, your tax filed on time',
        text: 'Fixed monthly fees, a named accountant and answers in plain words, all year round.',
        actions: [link('See our fees', '/fees'), link('Send your documents', '/documents', 'secondary')],
      },
      home: [
        services('What we look after', [
          ['Bookkeeping', 'Your transactions reconciled every month, so you always know where you stand.', 'check'],
          ['Tax returns', 'Personal and business returns prepared, checked and filed before the deadline.', 'calendar'],
          ['Payroll', 'Pay runs, pay stubs and payroll tax filings for teams of any size.', 'clock'],
        ]),
        callToAction(a, 'Tax season coming?', 'Send us your documents early and we will file well before the deadline.', [
          link('Send your documents', '/documents'),
        ]),
      ],
      pages: [
        page(
          '/services',
          'Services',
          `Bookkeeping, tax returns, payroll and advice from ${a.name} for people and small businesses.`,
          cards('For people and for businesses', [
            ['Individuals', 'Tax returns, rental income, investments and estates.'],
            ['Sole traders', 'Bookkeeping, quarterly estimates and the annual return.'],
            ['Companies', 'Monthly accounts, payroll, sales tax and year-end.'],
          ]),
        ),
        page(
          '/fees',
          'Fees',
          `The fixed fees of ${a.name} for tax returns, bookkeeping and payroll.`,
          prices(
            'Fixed fees',
            {
              'Tax returns': [
                ['Personal return', 'From $250'],
                ['Business return', 'From $850'],
              ],
              'Monthly packages': [
                ['Bookkeeping', 'From $200', 'Up to 150 transactions a month', 'per month'],
                ['Payroll', '$45', 'Plus $6 a person', 'per pay run'],
              ],
            },
            { itemLabel: 'Service', footnote: 'Every fee is agreed in writing before we begin.' },
          ),
        ),
        page(
          '/tax-dates',
          'Tax dates',
          `The tax deadlines of the year and what ${a.name} needs from you before each one.`,
          faq('Deadlines to remember', [
            ['When are personal returns due?', 'Mid-April, unless you file for an extension. Send us your documents by mid-March.'],
            ['When are quarterly estimates due?', 'In April, June, September and January. We remind our clients two weeks before each.'],
            ['What if I have missed a deadline?', 'Call us: penalties are smaller the sooner a late return is filed.'],
          ]),
        ),
        page(
          '/documents',
          'Send us your documents',
          `Send your tax documents and statements to ${a.name} securely through the website.`,
          enquiry(
            'documents',
            'Send us your documents',
            'Upload your statements and forms here rather than by e-mail. Files are kept on our own system and deleted after a year.',
            [
              choice('taxYear', 'Which tax year?', [String(new Date().getUTCFullYear() - 1), String(new Date().getUTCFullYear())]),
              field('files', 'Your documents', 'file', {
                accept: ['application/pdf', 'image/jpeg', 'image/png'],
                maxFiles: 5,
                maxSizeMb: 10,
                help: 'Up to five PDFs or photos, 10 MB each.',
              }),
            ],
            {
              message: 'Anything we should know?',
              submit: 'Send documents',
              personal: true,
              success: 'Thank you: your documents have arrived safely. We will be in touch if anything is missing.',
            },
          ),
        ),
      ],
      contactIntro: 'Call or e-mail to book a first meeting; it is free and there is no obligation.',
    }),
};
