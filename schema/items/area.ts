/** A town or city the business serves: a service-area page at /{region}/{city}. */
import { Type } from '@sinclair/typebox';
import type { Service } from 'schema-dts';
import { Markdown, Text } from '../common.ts';
import { itemObject, summary } from './fields.ts';
import { defineKind } from './kind.ts';

const description = 'A town or city the business serves, with a page of its own at /{region}/{city}.';

const item = itemObject(description, {
  region: Text('The county, district or region, such as "Lake County".'),
  city: Text('The town or city, such as "Millbrook".'),
  title: Type.Optional(Text('The page heading. Defaults to "<services> in <city>".')),
  summary,
  body: Type.Optional(Markdown('Text written for this area. Leave it out to use the text of the area page template.')),
  highlights: Type.Optional(Type.Array(Text('A local detail.'), { description: 'Local details worth naming: neighbourhoods, landmarks, common problems.' })),
  population: Type.Optional(Type.Integer({ minimum: 1, description: 'How many people live there.' })),
});

export const area = defineKind(item, {
  name: 'area',
  description,
  slugFrom: ['title', 'city'],
  groupable: ['region', 'city'],
  placeholders: ['region', 'city', 'title', 'summary', 'population'],
  title: (d, services) => d.title ?? `${services} in ${d.city}`,
  summary: (d) => d.summary,
  text: (d) => d.body,
  date: () => undefined,
  // A service offered in a town: its name is the page's own title, which names the service.
  jsonLd: (d, ctx): Service => ({
    '@type': 'Service',
    name: ctx.pageTitle || ctx.title,
    url: ctx.url,
    serviceType: ctx.serviceType,
    provider: ctx.org,
    description: ctx.summary,
    areaServed: { '@type': 'City', name: d.city, containedInPlace: { '@type': 'AdministrativeArea', name: d.region } },
  }),
  blocks: { detail: { type: 'area-page' }, group: { type: 'item-list' } },
});
