/**
 * Collection kinds. A collection is a list of items of one kind; a page whose path has
 * parameters (`/blog/{slug}`) names a collection with `from:` and is rendered once per item.
 */
import { Type, type Static, type TObject } from '@sinclair/typebox';
import { BlockList, DateString, Email, Enum, Href, Image, Markdown, Phone, Slug, Text, Time } from './common.ts';

const slug = Type.Optional(Slug('The last part of the item\'s address. Made from its title or name when left out.'));
const summary = Type.Optional(Text('One or two sentences shown in lists and used as the page\'s meta description.'));
const body = Type.Optional(Markdown('The main text of the item\'s page.'));
const image = Type.Optional(Image);
const organization = Type.Optional(
  Slug('The organisation this belongs to: the slug of an item in the organisations collection.'),
);

const kind = <P extends Record<string, any>>(name: string, description: string, props: P) => ({
  name,
  description,
  item: Type.Object(props, { additionalProperties: false, description }),
});

export const ITEM_KINDS = {
  page: kind('page', 'A page of its own: a service, a topic, or a page in a nested tree.', {
    slug: Type.Optional(
      Type.String({
        pattern: '^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$',
        description:
          'The item\'s address. For a nested tree served by a catch-all path such as /{slug*}, write the whole path below it: departments/public-works/roads.',
        examples: ['departments/public-works'],
      }),
    ),
    organization,
    title: Text('The page heading.'),
    category: Type.Optional(Text('A category, so lists can show one kind of page (such as "Case study") and pages can be grouped.')),
    summary,
    body,
    image,
    blocks: Type.Optional(BlockList('Blocks shown after the body text.')),
  }),
  post: kind('post', 'A blog post.', {
    slug,
    title: Text('The headline of the post.'),
    date: DateString('The day the post was published.'),
    updated: Type.Optional(DateString('The day the post was last changed.')),
    author: Type.Optional(Text('Who wrote it.')),
    category: Type.Optional(Text('The category the post is filed under, such as "Prevention".')),
    tags: Type.Optional(Type.Array(Text('A tag.'), { description: 'Short topic words.' })),
    summary,
    body: Markdown('The text of the post.'),
    image,
  }),
  area: kind('area', 'A town or city the business serves, with a page of its own at /{region}/{city}.', {
    region: Text('The county, district or region, such as "Lake County".'),
    city: Text('The town or city, such as "Millbrook".'),
    title: Type.Optional(Text('The page heading. Defaults to "<services> in <city>".')),
    summary,
    body: Type.Optional(
      Markdown('Text written for this area. Leave it out to use the text of the area page template.'),
    ),
    highlights: Type.Optional(Type.Array(Text('A local detail.'), { description: 'Local details worth naming: neighbourhoods, landmarks, common problems.' })),
    population: Type.Optional(Type.Integer({ minimum: 1, description: 'How many people live there.' })),
  }),
  job: kind('job', 'A job opening.', {
    slug,
    title: Text('The job title.'),
    location: Text('Where the work is done.'),
    employment: Enum(['full-time', 'part-time', 'contract', 'temporary', 'seasonal', 'internship'], 'The kind of employment.'),
    salary: Type.Optional(Text('Pay, as you want it shown, such as "$28–34 an hour".')),
    posted: DateString('The day the job was posted.'),
    closes: Type.Optional(DateString('The last day to apply.')),
    summary,
    body: Markdown('What the job is, who you are looking for and what you offer.'),
    apply: Type.Optional(Href('Where to apply: an e-mail link, a page or a form.')),
  }),
  event: kind('event', 'An event with a date and a place.', {
    slug,
    organization,
    title: Text('The name of the event.'),
    date: DateString('The day of the event.'),
    start: Type.Optional(Time('When it starts.')),
    end: Type.Optional(Time('When it ends.')),
    place: Type.Optional(Text('Where it happens.')),
    summary,
    body: Type.Optional(Markdown('More about the event.')),
    image,
  }),
  news: kind('news', 'A news item or announcement.', {
    slug,
    organization,
    title: Text('The headline.'),
    date: DateString('The day it was published.'),
    summary,
    body: Markdown('The text of the news item.'),
    image,
  }),
  person: kind('person', 'A person: a team member, an artist, a partner.', {
    slug,
    name: Text('Their full name.'),
    role: Text('Their job or role.'),
    bio: Type.Optional(Markdown('A short biography.')),
    email: Type.Optional(Email('Their e-mail address.')),
    phone: Type.Optional(Phone('Their phone number.')),
    image,
    specialties: Type.Optional(Type.Array(Text('A specialty.'), { description: 'What they are known for.' })),
  }),
  organization: kind('organization', 'An organisation within a town-area site: a club, a library, a chamber of commerce.', {
    slug,
    name: Text('The organisation\'s name.'),
    summary: Text('One or two sentences about it.'),
    body: Type.Optional(Markdown('More about the organisation.')),
    email: Type.Optional(Email('Its e-mail address.')),
    phone: Type.Optional(Phone('Its phone number.')),
    website: Type.Optional(Href('Its own website.')),
    image,
  }),
} as const;

export type ItemKind = keyof typeof ITEM_KINDS;
export const ITEM_KIND_NAMES = Object.keys(ITEM_KINDS) as ItemKind[];

export type ItemOf<K extends ItemKind> = Static<(typeof ITEM_KINDS)[K]['item']>;
export type AnyItem = { [K in ItemKind]: ItemOf<K> }[ItemKind];

/** Item fields as plain data, for code that reads any kind (lists, templates). */
export type ItemData = Record<string, unknown>;

export const fieldNames = (k: ItemKind): string[] => Object.keys((ITEM_KINDS[k].item as TObject).properties);
