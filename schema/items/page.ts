/** A page of its own, such as a service or a topic, or one page of a nested tree (/{slug*}). */
import { Type } from '@sinclair/typebox';
import { BlockList, Text } from '../common.ts';
import { body, image, itemObject, organization, summary } from './fields.ts';
import { defineKind } from './kind.ts';

const description = 'A page of its own: a service, a topic, or a page in a nested tree.';

const item = itemObject(description, {
  slug: Type.Optional(
    Type.String({
      pattern: '^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$',
      description:
        "The item's address. For a nested tree served by a catch-all path such as /{slug*}, write the whole path below it: departments/public-works/roads.",
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
});

export const page = defineKind(item, {
  name: 'page',
  description,
  slugFrom: ['title'],
  groupable: ['organization', 'category'],
  placeholders: ['organization', 'title', 'category', 'summary'],
  title: (d) => d.title,
  summary: (d) => d.summary,
  text: (d) => d.body,
  date: () => undefined,
  blocks: { detail: { type: 'item' }, group: { type: 'item-list' } },
});
