import type { BlockData } from '../../schema/common.ts';
import { field } from './forms.ts';
import { note } from './notes.ts';
import {
  booking,
  callToAction,
  faq,
  link,
  page,
  prices,
  quotes,
  receiptPage,
  saturday,
  services,
  siteDocument,
  steps,
  weekdays,
  type Answers,
  type Page,
  type Template,
} from './shared.ts';

/** A part sold in the shop, in one size, with a flat delivery fee. */
const part = (slug: string, name: string, category: string, summary: string, description: string, price: number, stock: number) => ({
  slug,
  name,
  category,
  summary,
  description,
  variants: [{ sku: 'standard', label: name, price, stock }],
  delivery: { charge: 'flat', amount: 5 },
});

/**
 * Gift cards sold in the shop in two amounts, their codes starting with the business's first word
 * ("Spoke & Chain": SPOKE-7KQ4-M2XD), and spent at the counter or on a drop-off booked online.
 */
const giftCard = (a: Answers) => ({
  slug: 'gift-card',
  name: 'Gift card',
  category: 'Gift cards',
  summary: `A ${a.name} gift card for a service, a repair or parts, e-mailed with a card to print.`,
  description: 'Spend it in the workshop, or online when you book a drop-off. It is e-mailed as soon as it is paid for.',
  variants: [
    { sku: 'gift-25', label: '$25 card', price: 25, stock: 500 },
    { sku: 'gift-50', label: '$50 card', price: 50, stock: 500 },
  ],
  giftCard: {
    codePrefix: /^[A-Za-z]{2,}/.exec(a.name)?.[0]?.slice(0, 6).toUpperCase() ?? 'GIFT',
    // In the United States a gift card sold for money stays valid for at least five years.
    validMonths: 60,
    redeem: 'Give the code at the counter, or enter it when you book a drop-off online.',
  },
});

/** Where the workshop is, with a map shown only when a visitor asks for it. */
const map: BlockData = {
  type: 'map',
  heading: 'Find the workshop',
  intro: 'Bike racks by the door; wheel the bike straight into the workshop.',
  ...note('lat', 'An example: write where your workshop is. On openstreetmap.org, right-click the place and choose "Show address" to read both numbers.'),
  lat: 44.4759,
  lng: -73.2121,
  zoom: 17,
};

/** One e-mail a month, sent only to addresses that confirmed. */
const newsletter = (a: Answers): BlockData => ({
  type: 'form',
  form: 'newsletter',
  purpose: 'newsletter',
  heading: 'Workshop news by e-mail',
  intro: `One short e-mail a month from ${a.name}: group rides, repair evenings and the season’s service offers. We first send a link to confirm your address; every e-mail has a link to stop them.`,
  fields: [field('email', 'E-mail address', 'email', { required: true }), field('firstName', 'First name', 'text', { help: 'Optional, so we can greet you.' })],
  submit: 'Subscribe',
  success: 'Thank you: open the e-mail we have just sent and confirm your address to start receiving our news.',
});

/** Drop-off times: a bike is left in the morning or after work and collected when the text says it is ready. */
const dropOff = (a: Answers): Page =>
  page(
    '/book',
    'Book a drop-off',
    `Book a time to drop your bike off at ${a.name} in ${a.town}, choose the service and pay online.`,
    booking(a.timeZone, {
      resource: 'drop-off',
      label: `A bike service at ${a.name}`,
      heading: 'Choose a service and a drop-off time',
      intro:
        'Choose the work, then a day and a time to bring the bike in. One booking is one bike. Most bikes are ready the next working day; we text you, and call before fitting any part that costs extra.',
      choose: 'What does the bike need?',
      unit: { one: 'bike', other: 'bikes' },
      // Two bikes on the bench at once, whatever the service each came for.
      pool: { name: 'workbench', capacity: 2 },
      deposit: { perSlot: 20 },
      giftCards: true,
      horizonDays: 60,
      closed: ['12-25'],
      fields: [
        field('phone', 'Mobile number', 'phone', { required: true, help: 'We text you when the bike is ready.' }),
        field('bike', 'Make and model of the bike', 'text', { help: 'Such as Trek FX 2, or “a blue hybrid”.' }),
      ],
      weekly: [
        { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], starts: ['08:00', '08:30', '09:00', '09:30', '17:00', '17:30'] },
        { days: ['saturday'], starts: ['09:00', '09:30', '10:00', '10:30'] },
      ],
      durationMinutes: 30,
      capacity: 2,
      party: { min: 1, max: 1 },
      price: { perSlot: 89 },
      choices: [
        { resource: 'standard-service', label: 'Standard service', description: 'Gears and brakes adjusted, wheels trued, drivetrain cleaned and oiled.' },
        {
          resource: 'full-service',
          label: 'Full service',
          description: 'The bike stripped, cleaned and rebuilt, bearings regreased and cables renewed.',
          price: { perSlot: 169 },
        },
        {
          resource: 'safety-check',
          label: 'Safety check',
          description: 'Brakes, tyres, chain and bolts checked, with a written list of what needs doing.',
          price: { perSlot: 35 },
        },
        {
          resource: 'repair',
          label: 'A repair',
          description: 'A puncture, a snapped cable, a buckled wheel: tell us at drop-off. Parts extra.',
          price: { perSlot: 25 },
        },
      ],
    }),
  );

/** A few parts and accessories to buy online, and the cart. */
const shopPages = (a: Answers): Page[] => [
  page(
    '/shop',
    'Parts and accessories',
    `Inner tubes, lights and chain care from ${a.name}, to collect or have delivered.`,
    { type: 'product-list', heading: 'In stock', collection: 'parts', empty: 'Everything is sold out online; the workshop has more on its shelves.' },
    callToAction(a, 'Need a part that is not listed?', 'We order most parts within two days; call and we will check the size and the price.'),
  ),
  {
    path: '/shop/{slug}',
    from: 'parts',
    title: '{name}',
    blocks: [{ type: 'product', cart: '/shop/cart', back: { label: 'Back to the parts', href: '/shop' } }],
  },
  {
    ...page('/shop/cart', 'Your basket', `The parts you have chosen at ${a.name}, their delivery and the checkout.`, {
      type: 'shop',
      collection: 'parts',
      heading: 'Basket',
      intro: 'Orders paid by noon leave the workshop the same day.',
      shipping: { label: 'Shipping', note: 'Usually 2 to 4 working days.' },
      collect: { label: 'Collect from the workshop', when: 'During opening hours, from the next working day' },
      local: { label: `Delivery by bike in ${a.town}`, fee: 3, note: 'Ridden to your door the next working day.' },
    }),
    noindex: true,
  },
];

export const repairShop: Template = {
  label: 'Bike repair shop',
  hint: 'services and prices, drop-off booking with a deposit, parts and gift cards, newsletter',
  group: 'Shops & services',
  kind: 'bicycle-shop',
  synonyms: [
    'bike',
    'bicycle',
    'cycle',
    'cycling',
    'cyclist',
    'bike-repair',
    'bicycle-repair',
    'cycle-repair',
    'bike shop',
    'bicycle-shop',
    'cycle-shop',
    'bike-mechanic',
    'e-bike',
    'ebike',
    'scooter',
    'repair',
    'workshop',
  ],
  build: (a) =>
    siteDocument(a, {
      kind: 'bicycle-shop',
      tagline: `Bicycle servicing and repairs in ${a.town}`,
      description: `${a.name} services and repairs bicycles of every kind in ${a.town}: road, mountain, city, cargo and electric bikes, with drop-off times booked online and parts in stock.`,
      hours: [...weekdays('08:00', '18:00'), saturday('09:00', '16:00')],
      theme: { colors: { primary: '#134e4a', accent: '#b45309', background: '#fcfcf9' }, fonts: { heading: 'geometric', body: 'system' }, corners: 'soft' },
      nav: [
        ['Services and prices', '/services'],
        ['Book a drop-off', '/book'],
        ['Parts', '/shop'],
      ],
      footer: `${a.name}, ${a.town}. Every repair guaranteed for three months.`,
      takesMoney: true,
      hero: {
        eyebrow: `Bike workshop in ${a.town}`,
        heading: 'Smooth gears, sharp brakes, back on the road tomorrow',
        text: 'Book a drop-off time, leave the bike with us and we text you when it is ready, with no surprise on the bill.',
        actions: [link('Book a drop-off', '/book'), link('Services and prices', '/services', 'secondary')],
      },
      home: [
        services('In the workshop', [
          ['Servicing', 'Gears and brakes adjusted, wheels trued and the drivetrain cleaned.', 'wrench', 'From $89'],
          ['Repairs', 'Punctures, cables, spokes and chains, most done the same day.', 'check', 'From $25'],
          ['Electric bikes', 'Motor and battery checks as well as everything else a bike needs.', 'star', 'From $119'],
        ]),
        steps('How a drop-off works', [
          ['Book a time', 'Choose the service and a time to bring the bike in, and pay online.'],
          ['Leave the bike', 'Tell us anything you have noticed; it takes five minutes.'],
          ['Ride away', 'We text you when it is ready, usually the next working day.'],
        ]),
        quotes('Riders say', [['My commuter shifts better than the day I bought it, and it was ready the next morning.', 'Priya K.', `Rider, ${a.town}`]]),
      ],
      footerBlocks: [newsletter(a)],
      pages: [
        page(
          '/services',
          'Services and prices',
          `What servicing and repairs cost at ${a.name} in ${a.town}, labour included.`,
          prices(
            'Services and prices',
            {
              Servicing: [
                ['Safety check', '$35', 'Brakes, tyres, chain and bolts, with a written list'],
                ['Standard service', '$89', 'Gears and brakes adjusted, wheels trued, drivetrain cleaned'],
                ['Full service', '$169', 'Stripped, cleaned, regreased and rebuilt, cables renewed'],
                ['Electric bike service', '$119', 'A standard service with motor, battery and software checks'],
              ],
              Repairs: [
                ['Puncture', '$15', 'Tube extra if it cannot be patched'],
                ['Brake or gear cable fitted', '$20', 'Cable included'],
                ['Wheel trued', '$25'],
                ['Chain fitted', '$15', 'Chain extra'],
              ],
            },
            { footnote: 'Labour is included; parts are extra, and we call before fitting anything that costs more than $20.' },
          ),
          faq('Before you bring your bike', [
            ['How long will it take?', 'Most services and repairs are ready the next working day. We text you when the bike is ready to collect.'],
            ['Do you work on electric bikes and scooters?', 'Yes: electric bikes of most makes, and electric scooters for tyres, brakes and cables.'],
            ['Can I wait while you fix a puncture?', 'Usually, yes: come in without booking and we fix it while you wait when the bench is free.'],
          ]),
        ),
        dropOff(a),
        ...shopPages(a),
        receiptPage(
          a,
          `Thank you: your payment is confirmed. The confirmation is on its way by e-mail (for a drop-off, with a calendar file and a link to cancel). Questions? Call ${a.phone}.`,
        ),
      ],
      contactIntro: 'Call to ask about a repair or a part. Punctures are fixed while you wait when the bench is free, no booking needed.',
      contact: [map],
      collections: {
        parts: {
          kind: 'product',
          items: [
            giftCard(a),
            part(
              'inner-tube',
              'Inner tube',
              'Tyres',
              'A butyl inner tube with a presta valve, in road and mountain sizes.',
              'Tell us your tyre size at the checkout, or bring the old tube in.',
              9,
              40,
            ),
            part(
              'light-set',
              'USB light set',
              'Lights',
              'A bright front and rear pair that charges by USB and clips on without tools.',
              'About six hours on the steady setting; the rear light flashes to be seen in daylight.',
              39,
              12,
            ),
            part(
              'chain-oil',
              'Chain oil',
              'Care',
              'A bottle of all-weather chain oil that keeps the drivetrain quiet through the wet months.',
              'One drop on each link every couple of weeks, then wipe off the excess.',
              12,
              25,
            ),
          ],
        },
      },
    }),
};
