import { useId } from 'react';
import { Type } from '@sinclair/typebox';
import { Link, Text } from '../../schema/common.ts';
import { anyFields } from '../../schema/items.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { Img } from '../../runtime/render/Img.tsx';
import { SIZES } from '../../runtime/render/sizes.ts';
import { formatDate, itemDate, itemTitle, sortNewestFirst } from '../../runtime/render/items.ts';
import { Markdown } from '../../runtime/render/Markdown.tsx';
import { Heading, useIsFirst } from '../../runtime/render/position.tsx';
import { slugify } from '../../runtime/routing/slug.ts';
import type { Item } from '../../runtime/site.ts';
import { PostMeta } from '../kits/items/PostMeta.tsx';
import { defineBlock } from '../contract.ts';

const props = Type.Object(
  {
    related: Type.Integer({
      minimum: 0,
      maximum: 6,
      default: 3,
      description: 'How many other posts to suggest under the post: those in the same category first, then the newest. 0 shows none.',
    }),
    relatedHeading: Text('The heading above the suggested posts.', { default: 'Related posts' }),
    back: Type.Optional(
      Type.Object(Link.properties, {
        additionalProperties: false,
        description: 'The link under the post. Left out, it is "All posts", to the page that lists the blog.',
      }),
    ),
  },
  { additionalProperties: false },
);

const categoryOf = (item: Item) => slugify(anyFields(item.data).category ?? '');

/** Up to `count` other posts: the same category first, then the newest. */
export function relatedPosts(post: Item, all: readonly Item[], count: number): Item[] {
  const others = sortNewestFirst(all).filter((i) => i !== post && i.path);
  const same = categoryOf(post) ? others.filter((i) => categoryOf(i) === categoryOf(post)) : [];
  return [...same, ...others.filter((i) => !same.includes(i))].slice(0, count);
}

export const blogPost = defineBlock({
  type: 'blog-post',
  title: 'Blog post',
  description:
    "The page of one blog post: headline, author, dates, reading time, category, image, text and tags, with related posts. The default block of a post's page.",
  leads: true,
  props,
  Component({ related = 3, relatedHeading = 'Related posts', back }) {
    const { site, target } = useRender();
    const first = useIsFirst();
    const href = useHref();
    const relatedId = useId();
    const post = target.item;
    if (!post) return null;
    // Made for posts; an item of another kind shows what it has of a post's fields.
    const d = anyFields(post.data);
    const locale = site.data.site.language;
    const image = d.image;
    const tags = d.tags ?? [];
    const suggestions = relatedPosts(post, site.collections.get(post.collection)?.items ?? [], related);
    const listing = site.listings.get(post.collection);
    const backLink = back ?? (listing ? { label: 'All posts', href: listing } : undefined);
    return (
      <div className="block blog-post">
        <article className="container narrow">
          <header className="item-header">
            <Heading first={first}>{itemTitle(post)}</Heading>
            <PostMeta item={post} updated />
            {d.summary ? <p className="lede">{d.summary}</p> : null}
          </header>
          {image ? <Img image={image} sizes={SIZES.article} className="item-image" eager={first} /> : null}
          {d.body ? <Markdown source={d.body} /> : null}
          {tags.length ? (
            <ul className="tag-list post-tags" aria-label="Tags">
              {tags.map((tag) => (
                <li key={tag}>{tag}</li>
              ))}
            </ul>
          ) : null}
        </article>
        {suggestions.length ? (
          <aside className="container narrow related-posts" aria-labelledby={relatedId}>
            <h2 id={relatedId}>{relatedHeading}</h2>
            <ul className="card-grid">
              {suggestions.map((item) => (
                <li key={item.index} className="card">
                  <h3 className="card-title">
                    <a href={href(item.path as string)}>{itemTitle(item)}</a>
                  </h3>
                  {itemDate(item) ? (
                    <p className="card-meta">
                      <time dateTime={itemDate(item)}>{formatDate(itemDate(item) as string, locale)}</time>
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </aside>
        ) : null}
        {backLink ? (
          <p className="container narrow more-link">
            <a href={href(backLink.href)}>{backLink.label}</a>
          </p>
        ) : null}
      </div>
    );
  },
  example: {
    related: 3,
    relatedHeading: 'Related posts',
    back: { label: 'All posts', href: '/blog' },
  },
});
