/** An event with a day, times and a place, hosted by the site or one of its organisations. */
import { Type } from '@sinclair/typebox';
import type { Event } from 'schema-dts';
import { DateString, Markdown, Text, Time } from '../common.ts';
import { image, itemObject, organization, slug, summary } from './fields.ts';
import { defineKind } from './kind.ts';

const description = 'An event with a date and a place.';

const item = itemObject(description, {
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
});

/** The day after YYYY-MM-DD, for an event that ends after midnight. */
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export const event = defineKind(item, {
  name: 'event',
  description,
  slugFrom: ['title'],
  groupable: ['organization', 'place'],
  placeholders: ['organization', 'title', 'date', 'start', 'end', 'place', 'summary'],
  title: (d) => d.title,
  summary: (d) => d.summary,
  text: (d) => d.body,
  date: (d) => d.date,
  jsonLd: (d, ctx): Event => {
    const endDay = d.start && d.end && d.end <= d.start ? nextDay(d.date) : d.date;
    return {
      '@type': 'Event',
      name: ctx.title,
      url: ctx.url,
      startDate: d.start ? `${d.date}T${d.start}` : d.date,
      endDate: d.end ? `${endDay}T${d.end}` : undefined,
      location: ctx.place(d.place),
      organizer: ctx.host(d.organization),
      description: ctx.summary,
      image: ctx.media(d.image),
    };
  },
  blocks: { detail: { type: 'event-detail' }, group: { type: 'item-list' } },
});
