/**
 * The site document's JSON Schema, around its blocks and collection kinds (which schema/compose.ts
 * fills in). `schema/site.schema.json` is generated from the whole for editors.
 */
import { Type, type Static } from '@sinclair/typebox';
import { BlockList, CollectionName, Email, Enum, Image, Link, Phone, Text, Time } from './common.ts';
import { ITEM_KINDS } from './items.ts';
import { ORGANIZATION_KINDS } from './kinds.ts';

export const SCHEMA_VERSION = 1;
export const SCHEMA_ID = 'https://sitewright.example.com/schema/site.schema.json';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const FONTS = ['system', 'humanist', 'geometric', 'classical', 'old-style', 'slab', 'rounded', 'mono'] as const;
const SOCIAL = ['facebook', 'instagram', 'linkedin', 'x', 'youtube', 'tiktok', 'pinterest', 'yelp', 'nextdoor', 'mastodon', 'bluesky', 'threads'] as const;

const Color = (description: string, fallback?: string) =>
  Type.String({
    pattern: '^#[0-9a-fA-F]{6}$',
    title: 'a hex colour',
    description: `${description} A hex colour such as #0b5f73.`,
    examples: ['#0b5f73'],
    ...(fallback ? { default: fallback } : {}),
  });

const Address = Type.Object(
  {
    street: Text('Street and number, such as "118 Harbor Lane, Suite 2".'),
    locality: Text('Town or city.'),
    region: Type.Optional(Text('State, county or province.')),
    postalCode: Type.Optional(Text('Postal or ZIP code.')),
    country: Type.String({ minLength: 2, maxLength: 2, default: 'US', description: 'Two-letter country code, such as US or GB.' }),
  },
  { additionalProperties: false, description: 'The postal address, shown in the footer and on contact blocks.' },
);

const Hours = Type.Object(
  {
    days: Type.Array(Enum(DAYS, 'A day of the week, in lowercase English.'), {
      minItems: 1,
      uniqueItems: true,
      description: 'The days these hours apply to.',
    }),
    opens: Time('Opening time.'),
    closes: Time('Closing time.'),
  },
  { additionalProperties: false, description: 'Opening hours for one or more days.' },
);

const Identity = Type.Object(
  {
    name: Text('The name of the business or organisation, as it should appear on every page.'),
    kind: Enum(
      Object.keys(ORGANIZATION_KINDS) as (keyof typeof ORGANIZATION_KINDS)[],
      'What kind of organisation this is. It picks the structured data search engines see.',
    ),
    tagline: Type.Optional(Text('A short line shown under the name in the header.', { maxLength: 90 })),
    description: Text('One or two sentences about the organisation: the default meta description of every page.', { maxLength: 300 }),
    language: Type.String({
      pattern: '^[a-z]{2}(-[A-Z]{2})?$',
      title: 'a language code',
      examples: ['en-GB'],
      default: 'en',
      description: 'The language of the site, such as en or en-GB.',
    }),
    timeZone: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$',
        title: 'a time zone name such as America/Chicago',
        examples: ['America/Chicago'],
        description:
          'Where the organisation is, as an IANA time zone name such as America/Chicago or Europe/London: its day begins at midnight there (a form\'s "today"). UTC when left out.',
      }),
    ),
    phone: Type.Optional(Phone('The main phone number.')),
    email: Type.Optional(Email('The public e-mail address.')),
    notify: Type.Optional(Email('Where form submissions are sent. Not shown on the site.')),
    address: Type.Optional(Address),
    hours: Type.Optional(Type.Array(Hours, { description: 'Opening hours. Days not listed are shown as closed.' })),
    social: Type.Optional(
      Type.Array(
        Type.Object(
          {
            network: Enum(SOCIAL, 'The social network.'),
            url: Type.String({
              pattern: '^https://',
              title: 'a full address starting with https://',
              description: 'The full address of the profile.',
              examples: ['https://www.instagram.com/yourbusiness'],
            }),
          },
          { additionalProperties: false, description: 'A social media profile.' },
        ),
        { description: 'Social media profiles, linked from the footer.' },
      ),
    ),
    logo: Type.Optional(Image),
    areaServed: Type.Optional(Type.Array(Text('A town, county or region.'), { description: 'Where the organisation works.' })),
  },
  { additionalProperties: false, description: 'Who the site belongs to.' },
);

const Theme = Type.Object(
  {
    colors: Type.Object(
      {
        primary: Color('The main brand colour: header, buttons and links.'),
        accent: Type.Optional(Color('A second colour for highlights.')),
        background: Color('The page background.', '#ffffff'),
        surface: Color('The background of cards and alternating sections.', '#f4f6f8'),
        text: Color('The colour of body text.', '#1d2430'),
      },
      { additionalProperties: false, description: 'Colours. Text on coloured backgrounds is picked automatically for contrast.', default: {} },
    ),
    fonts: Type.Object(
      {
        heading: Enum(FONTS, "The font family for headings. All are fonts already on visitors' devices.", { default: 'system' }),
        body: Enum(FONTS, 'The font family for body text.', { default: 'system' }),
      },
      { additionalProperties: false, default: {}, description: "Fonts, chosen from families already on visitors' devices (nothing is downloaded)." },
    ),
    corners: Enum(['square', 'soft', 'round'], 'How rounded buttons and cards are.', { default: 'soft' }),
  },
  { additionalProperties: false, description: 'The look of the site, as design tokens.' },
);

const Page = Type.Object(
  {
    path: Type.String({
      pattern: '^/',
      title: 'a path starting with "/"',
      description:
        'The address of the page inside the site: "/" is the home page, "/about", "/blog/{slug}". A page with {parameters} is made once for every item of the collection named in "from".',
      examples: ['/about'],
    }),
    title: Type.Optional(
      Text('The page title, shown in the browser tab and search results. On a page with parameters it can use the item\'s fields: "{title}".'),
    ),
    description: Type.Optional(Text("The meta description for search results. Defaults to the site description, or the item's summary.", { maxLength: 300 })),
    from: Type.Optional(CollectionName('For a page with {parameters}: the collection whose items it shows.')),
    groupBy: Type.Optional(
      Type.String({
        pattern: '^[a-z][a-zA-Z]*$',
        description: 'Makes one page per distinct value of this field of the items (such as "category"), instead of one per item.',
        examples: ['category'],
      }),
    ),
    pageSize: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        description:
          'Makes numbered pages of the collection, this many items each, such as "/blog/page/{page}" for /blog/page/2, /blog/page/3... Page 1 is the page that lists the collection. Dated items come newest first.',
      }),
    ),
    noindex: Type.Optional(Type.Boolean({ description: 'Ask search engines not to list this page (thank-you pages).' })),
    blocks: Type.Optional(BlockList('What the page shows, top to bottom.')),
  },
  { additionalProperties: false, description: 'A page, or a page made once per item of a collection.' },
);

export const collectionBranch = (kind: keyof typeof ITEM_KINDS) =>
  Type.Object(
    {
      kind: Type.Literal(kind, { description: ITEM_KINDS[kind].description }),
      items: Type.Array(ITEM_KINDS[kind].item, { description: `The ${kind} items.` }),
    },
    { additionalProperties: false },
  );

export const SiteDocument = Type.Object(
  {
    schemaVersion: Type.Integer({ const: SCHEMA_VERSION, description: `The version of the site format. Write ${SCHEMA_VERSION}.` }),
    site: Identity,
    theme: Theme,
    navigation: Type.Array(Link, { maxItems: 9, description: 'The main menu, in order.' }),
    domains: Type.Optional(
      Type.Array(
        Type.String({
          pattern: '^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$',
          title: 'a domain name in lowercase, without https:// or a path',
          examples: ['www.brightsmile-dental.com'],
          description: 'A domain name of the site, such as www.brightsmile-dental.com.',
        }),
        {
          minItems: 1,
          maxItems: 10,
          uniqueItems: true,
          description:
            "The site's own domain names. Point each one's DNS at the platform: the site is then served at the first one's root (https://www.example.com/services), its links, sitemap and feed use it, and its address on the platform forwards there.",
        },
      ),
    ),
    search: Type.Optional(
      Type.Boolean({
        description:
          'Turns on site search: a search box in the header of every page, leading to the results page at /search. The page is made for you; write a page at /search with a search block to change its heading or name its sections.',
      }),
    ),
    footer: Type.Optional(
      Type.Object(
        {
          text: Type.Optional(Text('A short line about the organisation.')),
          links: Type.Optional(Type.Array(Link, { description: 'Links in the footer, such as the privacy policy and terms.' })),
          blocks: Type.Optional(
            BlockList(
              'Blocks shown at the foot of every page, above the contact details, written as on a page: a newsletter form, a map. A page that shows the same block itself (a form of the same name) does not show it again in its footer.',
            ),
          ),
        },
        { additionalProperties: false, description: 'The footer. Contact details, hours and social links are added from "site".' },
      ),
    ),
    pages: Type.Array(Page, { minItems: 1, description: 'Every page of the site.' }),
    collections: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z][a-z0-9-]*$' }), Type.Unsafe<CollectionData>({ $ref: '#/$defs/collection' }), {
        description: 'Lists of items (posts, areas, jobs, events, people...) that pages show and link to.',
        additionalProperties: false,
      }),
    ),
    payments: Type.Optional(
      Type.Object(
        {
          currency: Type.String({
            pattern: '^[A-Z]{3}$',
            title: 'a three-letter currency code',
            examples: ['USD'],
            description: 'The currency of every price and amount on the site, as its three-letter code in capitals: USD, GBP, EUR, CAD.',
          }),
          provider: Enum(
            ['test', 'stripe'],
            'Who takes the card payments. "test" shows a checkout page of our own where nothing is charged; "stripe" uses Stripe Checkout (the platform\'s keys come from its environment, never from this file).',
            { default: 'test' },
          ),
          account: Type.Optional(
            Type.String({
              pattern: '^acct_[A-Za-z0-9]+$',
              title: 'a Stripe account id',
              examples: ['acct_1Nv0FGQ9RKHgCVdK'],
              description: "With Stripe: the organisation's own connected account (acct_…), which the money goes to.",
            }),
          ),
          receipts: Type.String({
            pattern: '^/',
            default: '/payment-success',
            description: 'The page payers come back to, which shows their receipt: it must hold a receipt block.',
          }),
        },
        {
          additionalProperties: false,
          description: 'How the site takes money: its currency and payment provider. Needed by payment, donate and gift-certificate blocks.',
        },
      ),
    ),
    owners: Type.Optional(
      Type.Array(
        Type.Object(
          {
            email: Email('The address the sign-in link goes to.'),
            name: Text('Their name, shown on the desk and in its activity list.'),
            role: Enum(
              ['owner', 'editor', 'staff'],
              "What they may do: staff read what visitors sent, download it and move bookings and orders along; an editor may also edit and publish the site in the desk's studio; an owner may do all of that, give money back (cancel a paid booking) and erase a person's data.",
              {
                default: 'staff',
              },
            ),
          },
          { additionalProperties: false },
        ),
        {
          maxItems: 50,
          description:
            "The people who may sign in to the site's desk at /desk, by a link e-mailed to them, to read what visitors sent. Nobody else can sign in.",
        },
      ),
    ),
    notFound: Type.Optional(
      Type.Object(
        {
          title: Text('The heading of the "page not found" page.'),
          blocks: Type.Optional(BlockList('What the page shows.')),
        },
        { additionalProperties: false, description: 'The page visitors see at an address that does not exist.' },
      ),
    ),
  },
  { additionalProperties: false, description: 'A Sitewright site.' },
);

export interface CollectionData {
  kind: keyof typeof ITEM_KINDS;
  items: Record<string, unknown>[];
}
export type SiteData = Static<typeof SiteDocument>;
export type PageData = Static<typeof Page>;
