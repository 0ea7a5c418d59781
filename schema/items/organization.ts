/** An organisation within a town-area site, with its own page and its events and news. */
import { Type } from '@sinclair/typebox';
import type { OrganizationLeaf } from 'schema-dts';
import { Email, Href, Markdown, Phone, Text } from '../common.ts';
import { image, itemObject, slug } from './fields.ts';
import { defineKind } from './kind.ts';

const description = 'An organisation within a town-area site: a club, a library, a chamber of commerce.';

const item = itemObject(description, {
  slug,
  name: Text("The organisation's name."),
  summary: Text('One or two sentences about it.'),
  body: Type.Optional(Markdown('More about the organisation.')),
  email: Type.Optional(Email('Its e-mail address.')),
  phone: Type.Optional(Phone('Its phone number.')),
  website: Type.Optional(Href('Its own website.')),
  image,
});

export const organization = defineKind(item, {
  name: 'organization',
  description,
  slugFrom: ['name'],
  groupable: [],
  placeholders: ['name', 'summary', 'email', 'phone', 'website'],
  title: (d) => d.name,
  summary: (d) => d.summary,
  text: (d) => d.body,
  date: () => undefined,
  jsonLd: (d, ctx): OrganizationLeaf => ({
    '@type': 'Organization',
    name: ctx.title,
    url: ctx.url,
    description: d.summary,
    email: d.email,
    telephone: d.phone,
    // A website written as a path on this site is not another identity of the organisation.
    sameAs: d.website?.startsWith('https://') ? d.website : undefined,
    image: ctx.media(d.image),
  }),
  blocks: { detail: { type: 'organization-detail' }, group: { type: 'item-list' } },
});
