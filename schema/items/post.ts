/** A blog post: dated, filed under a category, with a feed of its own. */
import { Type } from '@sinclair/typebox';
import type { BlogPosting } from 'schema-dts';
import { DateString, Markdown, Text } from '../common.ts';
import { image, itemObject, slug, summary } from './fields.ts';
import { defineKind } from './kind.ts';

const description = 'A blog post.';

const item = itemObject(description, {
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
});

export const post = defineKind(item, {
  name: 'post',
  description,
  slugFrom: ['title'],
  groupable: ['author', 'category', 'tags'],
  placeholders: ['title', 'date', 'updated', 'author', 'category', 'summary'],
  title: (d) => d.title,
  summary: (d) => d.summary,
  text: (d) => d.body,
  date: (d) => d.date,
  jsonLd: (d, ctx): BlogPosting => ({
    '@type': 'BlogPosting',
    headline: ctx.title,
    url: ctx.url,
    mainEntityOfPage: ctx.url,
    datePublished: d.date,
    dateModified: d.updated ?? d.date,
    author: d.author ? { '@type': 'Person', name: d.author } : ctx.org,
    publisher: ctx.org,
    articleSection: d.category,
    keywords: d.tags?.length ? d.tags.join(', ') : undefined,
    description: ctx.summary,
    image: ctx.media(d.image),
    inLanguage: ctx.language,
  }),
  blocks: { detail: { type: 'blog-post' }, group: { type: 'blog-index' } },
});
