/**
 * What the templates of `sitewright new` are made of: the answers they are filled with, and the
 * page builders they share, so that each template holds only the words and blocks of its own trade.
 * The questions of form blocks are built in `forms.ts`.
 */
import { BLOCKS } from '../../blocks/registry.ts';
import type { BlockData } from '../../schema/common.ts';
import type { OrganizationKind } from '../../schema/kinds.ts';
import { choice, enquiry, field } from './forms.ts';

export interface Answers {
  prefix: string;
  name: string;
  town: string;
  phone: string;
  email: string;
  /** The IANA time zone the business is in: the site's own, and every timetable's the template writes. */
  timeZone: string;
}

/** The groups the templates are offered in, in this order. */
export const GROUPS = ['Health & care', 'Food & drink', 'Trades & home', 'Shops & services', 'Professional', 'Community & public', 'Personal'] as const;
export type Group = (typeof GROUPS)[number];

export type SiteDocument = Record<string, unknown>;

export interface Template {
  label: string;
  hint: string;
  group: Group;
  kind: OrganizationKind;
  /**
   * Other words people use for this kind of business ("barber", "gym", "bike shop"): `--template`
   * suggests the template for them, and for a word most of whose parts are among them.
   */
  synonyms?: readonly string[];
  build(answers: Answers): SiteDocument;
  /** Files the template writes into the site's media folder, by name: sample pictures to replace. */
  media?: Readonly<Record<string, string>>;
}

export interface Page {
  path: string;
  title?: string;
  description?: string;
  from?: string;
  noindex?: boolean;
  blocks?: BlockData[];
  [key: string]: unknown;
}

type Day = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
export interface Hours {
  days: Day[];
  opens: string;
  closes: string;
}

export const WEEKDAYS: Day[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
export const weekdays = (opens: string, closes: string): Hours[] => [{ days: WEEKDAYS, opens, closes }];
export const saturday = (opens: string, closes: string): Hours => ({ days: ['saturday'], opens, closes });

/** A phone number as a tel: link. */
export const tel = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;
export const call = (a: Answers) => ({ label: `Call ${a.phone}`, href: tel(a.phone) });
export const link = (label: string, href: string, style?: 'secondary') => ({ label, href, ...(style ? { style } : {}) });

/** The date a number of days from today, as YYYY-MM-DD: events in a new site are still to come. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
export const today = () => daysFromNow(0);

/**
 * The time zone of the computer that writes the site: the owner's own, usually, and what `new`
 * writes unless told another (`--time-zone`).
 */
export const machineTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * A page with its blocks. The page's title is shown above its first block, so that block does not
 * say it again: its heading is left out where the block can do without one, and reads on from the
 * title where it cannot.
 */
export const page = (path: string, title: string, description: string, ...blocks: BlockData[]): Page => {
  const [first, ...rest] = blocks;
  const required = first && ((BLOCKS[first.type]?.props as { required?: string[] } | undefined)?.required ?? []).includes('heading');
  if (!first || first.heading !== title) return { path, title, description, blocks };
  // A block that must have a heading gets one that reads on from the title: "Menu", then "Our menu".
  if (required) return { path, title, description, blocks: [{ ...first, heading: `Our ${title.charAt(0).toLowerCase()}${title.slice(1)}` }, ...rest] };
  const { heading: _repeated, ...without } = first;
  return { path, title, description, blocks: [without, ...rest] };
};

export const richText = (markdown: string, heading?: string): BlockData => ({ type: 'rich-text', ...(heading ? { heading } : {}), markdown });

export const faq = (heading: string, items: [question: string, answer: string][]): BlockData => ({
  type: 'faq',
  heading,
  items: items.map(([question, answer]) => ({ question, answer })),
});

export const steps = (heading: string, list: [title: string, text: string][]): BlockData => ({
  type: 'steps',
  heading,
  steps: list.map(([title, text]) => ({ title, text })),
});

export const cards = (heading: string, list: [title: string, text: string, href?: string, label?: string][], intro?: string): BlockData => ({
  type: 'cards',
  heading,
  ...(intro ? { intro } : {}),
  cards: list.map(([title, text, href, label]) => ({ title, text, ...(href ? { link: { label: label ?? `More about ${title.toLowerCase()}`, href } } : {}) })),
});

type Icon =
  'tooth' | 'shield' | 'flame' | 'snowflake' | 'droplet' | 'leaf' | 'home' | 'wrench' | 'brush' | 'calendar' | 'clock' | 'phone' | 'star' | 'heart' | 'check';
export const services = (heading: string, list: [name: string, description: string, icon?: Icon, price?: string][], intro?: string): BlockData => ({
  type: 'service-list',
  heading,
  ...(intro ? { intro } : {}),
  services: list.map(([name, description, icon, price]) => ({ name, description, ...(icon ? { icon } : {}), ...(price ? { price } : {}) })),
});

/** A price list: groups of [name, price, description?, note?]. */
export const prices = (
  heading: string,
  groups: Record<string, [name: string, price: string, description?: string, note?: string][]>,
  more: { intro?: string; footnote?: string; itemLabel?: string } = {},
): BlockData => ({
  type: 'price-list',
  heading,
  ...more,
  groups: Object.entries(groups).map(([name, items]) => ({
    name,
    items: items.map(([item, price, description, note]) => ({ name: item, price, ...(description ? { description } : {}), ...(note ? { note } : {}) })),
  })),
});

export const quotes = (heading: string, list: [quote: string, name: string, detail: string][]): BlockData => ({
  type: 'testimonials',
  heading,
  items: list.map(([quote, name, detail]) => ({ quote, name, detail, rating: 5 })),
});

export const callToAction = (a: Answers, heading: string, text: string, actions?: ReturnType<typeof link>[]): BlockData => ({
  type: 'cta',
  heading,
  text,
  ...(actions ? { actions } : { phone: a.phone }),
  style: 'brand',
});

/** A list page and one page per person of the "team" collection. */
export function teamPages(path: string, title: string, description: string, heading: string): Page[] {
  return [page(path, title, description, { type: 'team-list', heading, collection: 'team' }), { path: `${path}/{name}`, from: 'team', title: '{name}' }];
}

export const team = (...people: [name: string, role: string, bio: string][]) => ({
  kind: 'person',
  items: people.map(([name, role, bio]) => ({ name, role, bio })),
});

/** An events page of upcoming events and one page per event of the "events" collection. */
export function eventPages(path: string, title: string, description: string, heading: string): Page[] {
  return [page(path, title, description, { type: 'event-list', heading, collection: 'events', when: 'upcoming' }), { path: `${path}/{slug}`, from: 'events' }];
}

export interface EventSpec {
  title: string;
  inDays: number;
  start: string;
  end: string;
  place: string;
  summary: string;
  body?: string;
}
export const events = (...list: EventSpec[]) => ({ kind: 'event', items: list.map(({ inDays, ...e }) => ({ ...e, date: daysFromNow(inDays) })) });

/** A news page and one page per item of the "news" collection. */
export function newsPages(path: string, title: string, description: string): Page[] {
  return [page(path, title, description, { type: 'news-list', collection: 'news' }), { path: `${path}/{slug}`, from: 'news' }];
}

/** The page payers come back to from a checkout: the site's receipts page. */
export const receiptPage = (a: Answers, thanks: string): Page => ({
  path: '/payment-success',
  title: 'Thank you',
  description: `Your receipt from ${a.name}.`,
  noindex: true,
  blocks: [{ type: 'receipt', thanks }],
});

export const payments = { currency: 'USD' };

/** A booking block, with the time zone and the week filled in. */
export const booking = (timeZone: string, props: BookingSpec): BlockData => {
  const { weekly, durationMinutes, leadMinutes = 120, horizonDays = 42, closed, ...rest } = props;
  return { type: 'booking', ...rest, timetable: { timeZone, weekly, durationMinutes, leadMinutes, horizonDays, ...(closed ? { closed } : {}) } };
};

export interface BookingSpec {
  resource: string;
  label: string;
  heading: string;
  intro: string;
  weekly: { days: Day[]; starts: string[] }[];
  durationMinutes: number;
  capacity: number;
  party: { min: number; max: number };
  price: { perPerson: number } | { perSlot: number };
  choose?: string;
  choices?: Record<string, unknown>[];
  leadMinutes?: number;
  /** What a booking counts when it is not people: { one: 'bike', other: 'bikes' }. */
  unit?: { one: string; other: string };
  /** Questions the booking form asks besides the name and e-mail, as a form's fields. */
  fields?: Record<string, unknown>[];
  /** Places every choice shares: { name: 'workbench', capacity: 2 }. */
  pool?: { name: string; capacity: number };
  /** What is paid online to book, the rest at the visit: { perSlot: 20 }. */
  deposit?: { perSlot: number } | { perPerson: number } | { percent: number };
  /** Gift cards the site sold pay for a booking. */
  giftCards?: boolean;
  /** How many days ahead it can be booked (42 when left out). */
  horizonDays?: number;
  /** Days with no slots: "12-25" every year, "2026-11-26" once. */
  closed?: string[];
}

/** The pages every small-business site has besides its own: contact, privacy policy and terms. */
export function standardPages(a: Answers, opts: { contactIntro: string; contactBlocks?: BlockData[] }): Page[] {
  return [
    {
      path: '/contact',
      title: 'Contact us',
      description: `How to reach ${a.name} in ${a.town}: phone, e-mail, address and opening hours.`,
      blocks: [{ type: 'contact-details', heading: 'Get in touch', notes: opts.contactIntro }, ...(opts.contactBlocks ?? [])],
    },
    {
      path: '/privacy-policy',
      title: 'Privacy policy',
      description: `How ${a.name} collects, uses and protects your personal information.`,
      blocks: [
        {
          type: 'rich-text',
          markdown: `${a.name} collects only the information you give us when you call, e-mail or visit: your name, how to reach you and what you need from us.\n\n## How we use it\n\nWe use it to answer you and to provide the service you ask for. We do not sell or rent it to anyone.\n\n## How long we keep it\n\nWe keep records for as long as the law requires for our business and delete the rest when it is no longer needed.\n\n## Your choices\n\nYou can ask to see, correct or delete what we hold about you by writing to [${a.email}](mailto:${a.email}).`,
        },
      ],
    },
    {
      path: '/terms',
      title: 'Terms of use',
      description: `The terms that apply when you use the ${a.name} website.`,
      blocks: [
        {
          type: 'rich-text',
          markdown: `This website is run by ${a.name} in ${a.town}. The information on it is given in good faith; prices and opening hours can change, so please confirm details with us before you rely on them.\n\nText on this site belongs to ${a.name}. You may share links to it freely.\n\nQuestions about these terms: [${a.email}](mailto:${a.email}) or ${a.phone}.`,
        },
      ],
    },
  ];
}

export const legalLinks = [
  { label: 'Privacy policy', href: '/privacy-policy' },
  { label: 'Terms of use', href: '/terms' },
];

export interface Theme {
  colors: Record<string, string>;
  fonts: { heading: string; body: string };
  corners: 'square' | 'soft' | 'round';
}

export interface SiteSpec {
  kind: OrganizationKind;
  tagline: string;
  description: string;
  hours?: Hours[];
  /** The town is named as the area served (trades that go to their customers). */
  serves?: boolean;
  /** False for a site with no public street address. */
  address?: false;
  theme: Theme;
  /** The menu between Home and Contact: [label, path]. */
  nav: [label: string, href: string][];
  footer: string;
  hero: { heading: string; text: string; eyebrow?: string; actions?: ReturnType<typeof link>[]; style?: 'plain' };
  /** The home page's blocks after its hero. */
  home: BlockData[];
  /** The pages between the home page and the contact, privacy and terms pages. */
  pages: Page[];
  contactIntro: string;
  /** Blocks of the contact page after its contact details, such as a map. */
  contact?: BlockData[];
  /** Blocks at the foot of every page, such as a newsletter sign-up. */
  footerBlocks?: BlockData[];
  collections?: Record<string, unknown>;
  /** The site takes money: bookings, orders, donations, a shop. */
  takesMoney?: boolean;
}

/** A whole site document from a template's own parts and the owner's answers. */
export function siteDocument(a: Answers, spec: SiteSpec): SiteDocument {
  return {
    site: {
      name: a.name,
      kind: spec.kind,
      tagline: spec.tagline,
      description: spec.description,
      timeZone: a.timeZone,
      phone: a.phone,
      email: a.email,
      ...(spec.address === false ? {} : { address: { street: '1 Main Street', locality: a.town } }),
      ...(spec.hours ? { hours: spec.hours } : {}),
      ...(spec.serves ? { areaServed: [a.town] } : {}),
    },
    // The business's own address signs in to its desk, where what visitors send is read.
    owners: [{ email: a.email, name: a.name, role: 'owner' }],
    theme: spec.theme,
    navigation: [{ label: 'Home', href: '/' }, ...spec.nav.map(([label, href]) => ({ label, href })), { label: 'Contact', href: '/contact' }],
    footer: { text: spec.footer, links: legalLinks, ...(spec.footerBlocks ? { blocks: spec.footerBlocks } : {}) },
    ...(spec.takesMoney ? { payments } : {}),
    pages: [
      { path: '/', title: a.name, blocks: [{ type: 'hero', ...spec.hero }, ...spec.home] },
      ...spec.pages,
      ...standardPages(a, { contactIntro: spec.contactIntro, contactBlocks: spec.contact }),
    ],
    ...(spec.collections ? { collections: spec.collections } : {}),
  };
}

/**
 * A studio's classes: the week's timetable, the booking page it links to, and the receipts page
 * bookers come back to after paying.
 */
export function classPages(
  a: Answers,
  spec: {
    timetable: { title: string; description: string; heading: string; intro: string };
    book: { title: string; description: string };
    booking: BookingSpec;
  },
): Page[] {
  return [
    page('/timetable', spec.timetable.title, spec.timetable.description, {
      type: 'timetable',
      booking: spec.booking.resource,
      heading: spec.timetable.heading,
      intro: spec.timetable.intro,
      days: 7,
    }),
    ...bookingPages(a, { path: '/timetable/book', ...spec.book }, spec.booking),
  ];
}

/** A page that books and takes payment, and the receipts page bookers come back to. */
export function bookingPages(a: Answers, where: { path: string; title: string; description: string }, props: BookingSpec): Page[] {
  return [
    page(where.path, where.title, where.description, booking(a.timeZone, props)),
    receiptPage(
      a,
      `Thank you: your booking is confirmed. The confirmation, with a calendar file and a link to cancel, is on its way by e-mail. Questions? Call ${a.phone}.`,
    ),
  ];
}

/** A page listing the towns served, and one page per town of the "areas" collection. */
export function areaPages(a: Answers, heading: string): Page[] {
  return [
    page('/areas', 'Areas we serve', `The towns ${a.name} covers from ${a.town}, each with its own page.`, { type: 'area-list', heading, collection: 'areas' }),
    { path: '/{region}/{city}', from: 'areas', title: `${a.name} in {city}`, description: `${a.name} in {city}: local work, response times and how to book.` },
  ];
}

export const areas = (a: Answers, body: string) => ({ kind: 'area', items: [{ region: `${a.town} area`, city: a.town, body }] });

/** A quote request for a trade: what the job is, where, how urgent, with photos of it. */
export const quotePage = (a: Answers, jobs: string[], photos: string): Page =>
  page(
    '/quote',
    'Ask for a quote',
    `Ask ${a.name} for a written quote: describe the job, add photos and say how soon you need it.`,
    enquiry(
      'quote',
      'Ask for a quote',
      `Tell us about the job and we will reply within one working day. For an emergency, call ${a.phone} instead.`,
      [
        choice('job', 'What do you need?', jobs),
        field('address', 'Address of the job', 'text', { required: true }),
        choice('urgency', 'How soon?', ['As soon as possible', 'This week', 'Within a month', 'Just planning ahead']),
        field('photos', photos, 'file', { maxFiles: 3, help: 'Up to three photos (JPEG, PNG or WebP) help us price the job without a visit.' }),
      ],
      {
        message: 'Describe the job',
        submit: 'Ask for a quote',
        success: 'Thank you. We will be in touch within one working day with a price or a time to visit.',
      },
    ),
  );
