/** A person: a team member, an artist, a partner. Named by "name", summed up by their role. */
import { Type } from '@sinclair/typebox';
import type { Person } from 'schema-dts';
import { Email, Markdown, Phone, Text } from '../common.ts';
import { image, itemObject, slug } from './fields.ts';
import { defineKind } from './kind.ts';

const description = 'A person: a team member, an artist, a partner.';

const item = itemObject(description, {
  slug,
  name: Text('Their full name.'),
  role: Text('Their job or role.'),
  bio: Type.Optional(Markdown('A short biography.')),
  email: Type.Optional(Email('Their e-mail address.')),
  phone: Type.Optional(Phone('Their phone number.')),
  image,
  specialties: Type.Optional(Type.Array(Text('A specialty.'), { description: 'What they are known for.' })),
});

export const person = defineKind(item, {
  name: 'person',
  description,
  slugFrom: ['name'],
  groupable: ['role', 'specialties'],
  placeholders: ['name', 'role', 'email', 'phone'],
  title: (d) => d.name,
  summary: (d) => d.role,
  text: (d) => d.bio,
  date: () => undefined,
  jsonLd: (d, ctx): Person => ({
    '@type': 'Person',
    name: ctx.title,
    url: ctx.url,
    jobTitle: d.role,
    worksFor: ctx.org,
    email: d.email,
    telephone: d.phone,
    image: ctx.media(d.image),
    knowsAbout: d.specialties?.length ? d.specialties : undefined,
  }),
  blocks: { detail: { type: 'team-member' }, group: { type: 'item-list' } },
});
