import { Type } from '@sinclair/typebox';
import { CollectionName, Link, Text } from '../../schema/common.ts';
import { useHref, useRender, type RenderContext } from '../../runtime/render/context.tsx';
import { filterItems, formatDate, itemDate, itemSummary, itemTitle, sortNewestFirst } from '../../runtime/render/items.ts';
import type { Item } from '../../runtime/site.ts';
import { collectionFor } from '../kits/items/collections.ts';
import { ListSection } from '../../runtime/render/ListSection.tsx';
import { defineBlock } from '../contract.ts';

const props = Type.Object(
  {
    heading: Type.Optional(Text('A heading above the news.')),
    collection: Type.Optional(
      CollectionName("Which news to list. Leave it out for the news the page is made from, or the site's first collection of news.", 'news'),
    ),
    filter: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z][a-zA-Z]*$' }), Type.String(), {
        description: 'Only items whose field has this value, such as `organization: "{slug}"` on an organisation\'s page to list its own news.',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Show at most this many, newest first.' })),
    empty: Text('What to say when there is no news.', { default: 'No news at the moment.' }),
    more: Type.Optional(
      Type.Object(Link.properties, { additionalProperties: false, description: 'A link under the list, such as "All news" to the page with every item.' }),
    ),
  },
  { additionalProperties: false },
);

/** The news to show: newest first, filtered by the page's own item, never the item the page is about. */
export function selectNews({ site, target }: RenderContext, p: { collection?: string; filter?: Record<string, string>; limit?: number }): Item[] {
  const name = collectionFor(site, target, 'news', p.collection);
  let items = (target.group && target.page.from === name ? target.group.items : name ? site.collections.get(name)?.items : undefined) ?? [];
  items = items.filter((item) => item !== target.item);
  items = filterItems(items, p.filter, target);
  const sorted = sortNewestFirst(items);
  return p.limit ? sorted.slice(0, p.limit) : sorted;
}

export const newsList = defineBlock({
  type: 'news-list',
  lists: 'news',
  title: 'News list',
  description: "News items, newest first, each with its date and summary; can be limited to one organisation's news.",
  props,
  // Left out on a plain page, the collection is the site's first of the kind.
  collectionFromPage: false,
  Component(p) {
    const ctx = useRender();
    const href = useHref();
    const items = selectNews(ctx, p);
    const locale = ctx.site.data.site.language;
    const Title = p.heading ? 'h3' : 'h2';
    return (
      <ListSection className="news-list" narrow heading={p.heading} empty={p.empty ?? 'No news at the moment.'} more={p.more} count={items.length}>
        <ul className="news-items">
          {items.map((item) => {
            const date = itemDate(item);
            const summary = itemSummary(item);
            return (
              <li key={`${item.collection}/${item.index}`}>
                <article>
                  <Title className="news-title">{item.path ? <a href={href(item.path)}>{itemTitle(item)}</a> : itemTitle(item)}</Title>
                  {date ? (
                    <p className="item-meta">
                      <time dateTime={date}>{formatDate(date, locale)}</time>
                    </p>
                  ) : null}
                  {summary ? <p>{summary}</p> : null}
                </article>
              </li>
            );
          })}
        </ul>
      </ListSection>
    );
  },
  example: {
    heading: 'Latest news',
    collection: 'news',
    limit: 5,
    empty: 'No news at the moment.',
    more: { label: 'All news', href: '/news' },
  },
});
