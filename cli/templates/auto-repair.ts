import { choice, enquiry, field } from './forms.ts';
import { call, callToAction, faq, link, page, prices, quotes, saturday, services, siteDocument, weekdays, type Template } from './shared.ts';

export const autoRepair: Template = {
  label: 'Auto repair garage',
  hint: 'services, prices, book your car in, FAQ',
  group: 'Shops & services',
  kind: 'auto-repair',
  synonyms: ['garage', 'mechanic', 'car', 'tyres', 'tires', 'mot', 'body-shop'],
  build: (a) =>
    siteDocument(a, {
      kind: 'auto-repair',
      tagline: `Honest car repairs and servicing in ${a.town}`,
      description: `${a.name} services and repairs cars and light trucks of every make in ${a.town}: brakes, tires, diagnostics and state inspections, with a call before any extra work.`,
      hours: [...weekdays('07:30', '18:00'), saturday('08:00', '13:00')],
      theme: { colors: { primary: '#1c1917', accent: '#c2410c' }, fonts: { heading: 'slab', body: 'system' }, corners: 'square' },
      nav: [
        ['Services', '/services'],
        ['Prices', '/prices'],
        ['Book your car in', '/book'],
      ],
      footer: `${a.name}, ${a.town}. Certified technicians, every make and model.`,
      hero: {
        eyebrow: `Independent garage in ${a.town}`,
        heading: 'Straight answers about your car',
        text: 'We show you the worn part, explain the fix and call before doing anything you did not ask for.',
        actions: [link('Book your car in', '/book'), { ...call(a), style: 'secondary' }],
      },
      home: [
        services('Under the hood', [
          ['Servicing', 'Oil, filters and a 40-point check to the maker’s schedule, warranty kept.', 'wrench'],
          ['Brakes and tires', 'Pads, discs, alignment and new tires at fair prices.', 'shield'],
          ['Diagnostics', 'Warning lights read and explained, faults traced to the cause.', 'check'],
        ]),
        quotes('Drivers say', [
          ['They fixed the noise the dealer could not find, and charged less than the dealer quoted.', 'Ahmed S.', 'Driver, 2016 hatchback'],
        ]),
        callToAction(a, 'Warning light on?', 'Book a diagnostic check and we will tell you what it means and what it costs.', [
          link('Book your car in', '/book'),
        ]),
      ],
      pages: [
        page(
          '/services',
          'Services',
          `Car servicing, brakes, tires, diagnostics and inspections at ${a.name}.`,
          services('What we do', [
            ['State inspections', 'While you wait, usually under an hour.', 'check'],
            ['Air conditioning', 'Recharge, leak tests and compressor repairs.', 'snowflake'],
            ['Clutches and gearboxes', 'Repairs and replacements, with a loan car on request.', 'wrench'],
            ['Pre-purchase checks', 'A used car looked over before you buy it.', 'star'],
          ]),
          faq('Before you book', [
            ['Will servicing here void my warranty?', 'No. We follow the maker’s schedule and use parts of matching quality.'],
            ['Can I wait for my car?', 'For inspections and oil changes, yes: there is coffee and Wi-Fi.'],
          ]),
        ),
        page(
          '/prices',
          'Prices',
          `What servicing, brakes and diagnostics cost at ${a.name}, before tax.`,
          prices(
            'Prices',
            {
              Servicing: [
                ['Oil and filter change', '$69', 'Up to five quarts of synthetic oil'],
                ['Full service', '$249'],
              ],
              Repairs: [
                ['Front brake pads, fitted', 'From $189'],
                ['Diagnostic check', '$95', 'Taken off the repair if you go ahead'],
              ],
            },
            { footnote: 'Labour is $120 an hour. Every repair is guaranteed for 12 months or 12,000 miles.' },
          ),
        ),
        page(
          '/book',
          'Book your car in',
          `Book your car in at ${a.name}: choose a day, tell us what it needs and we confirm by phone.`,
          enquiry(
            'book-in',
            'Book your car in',
            'Choose a day and tell us what the car needs. We call to confirm the time and a price.',
            [
              field('vehicle', 'Make, model and year', 'text', { required: true, placeholder: '2018 Honda Civic' }),
              field('mileage', 'Mileage', 'number', { min: 0, max: 999999 }),
              choice('work', 'What does it need?', ['Service', 'Brakes or tires', 'A warning light', 'State inspection', 'Something else']),
              field('dropOff', 'Day to drop it off', 'date', { required: true }),
            ],
            { message: 'What have you noticed?', submit: 'Book my car in' },
          ),
        ),
      ],
      contactIntro: 'Call to book, or drop the car off before 9 and we will call you with a price.',
    }),
};
