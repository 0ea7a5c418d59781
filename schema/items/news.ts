/** A news item or announcement, from the site or one of its organisations. */
import type { NewsArticle } from 'schema-dts';
import { DateString, Markdown, Text } from '../common.ts';
import { image, itemObject, organization, slug, summary } from './fields.ts';
import { defineKind } from './kind.ts';

const description = 'A news item or announcement.';

const item = itemObject(description, {
  slug,
  organization,
  title: Text('The headline.'),
  date: DateString('The day it was published.'),
  summary,
  body: Markdown('The text of the news item.'),
  image,
});

export const news = defineKind(item, {
  name: 'news',
  description,
  slugFrom: ['title'],
  groupable: ['organization'],
  placeholders: ['organization', 'title', 'date', 'summary'],
  title: (d) => d.title,
  summary: (d) => d.summary,
  text: (d) => d.body,
  date: (d) => d.date,
  jsonLd: (d, ctx): NewsArticle => ({
    '@type': 'NewsArticle',
    headline: ctx.title,
    url: ctx.url,
    mainEntityOfPage: ctx.url,
    datePublished: d.date,
    dateModified: d.date,
    author: ctx.host(d.organization),
    publisher: ctx.org,
    description: ctx.summary,
    image: ctx.media(d.image),
    inLanguage: ctx.language,
  }),
  blocks: { detail: { type: 'news-detail' }, group: { type: 'item-list' } },
});
