import { Type } from '@sinclair/typebox';
import { CollectionName, Enum, Link, Text } from '../../schema/common.ts';
import { useHref, useRender, type RenderContext } from '../../runtime/render/context.tsx';
import { Img } from '../../runtime/render/Img.tsx';
import { SIZES } from '../../runtime/render/sizes.ts';
import { filterItems, formatDate, itemDate, itemSummary, itemTitle } from '../../runtime/render/items.ts';
import type { Item } from '../../runtime/site.ts';
import { anyFields } from '../../schema/items.ts';
import { ListSection } from '../../runtime/render/ListSection.tsx';
import { defineBlock } from '../contract.ts';

const props = Type.Object(
  {
    heading: Type.Optional(Text('A heading above the list.')),
    collection: Type.Optional(CollectionName('Which collection to list. Leave it out on a page made per group (such as a blog category) to list that group.')),
    filter: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z][a-zA-Z]*$' }), Type.String(), {
        description: 'Only items whose field has this value, such as `organization: "{slug}"` to list the events of the organisation this page is about.',
      }),
    ),
    sort: Enum(['as-written', 'newest', 'oldest', 'title'], 'The order: as written in the YAML, by date (newest or oldest first), or by title.', {
      default: 'as-written',
    }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Show at most this many.' })),
    layout: Enum(['cards', 'list'], 'cards is a grid of boxes; list is a simple list of links.', { default: 'cards' }),
    empty: Text('What to say when there is nothing to list.', { default: 'There is nothing to list here at the moment.' }),
    more: Type.Optional(Link),
  },
  { additionalProperties: false },
);

function ItemHeading({ level, className, children }: { level: 2 | 3; className: string; children: React.ReactNode }) {
  return level === 2 ? <h2 className={className}>{children}</h2> : <h3 className={className}>{children}</h3>;
}

function selectItems(ctx: RenderContext, p: { collection?: string; filter?: Record<string, string>; sort?: string; limit?: number }): Item[] {
  const { site, target } = ctx;
  let items: Item[] =
    (p.collection
      ? site.collections.get(p.collection)?.items
      : (target.group?.items ?? (target.page.from ? site.collections.get(target.page.from)?.items : undefined))) ?? [];
  items = filterItems(items, p.filter, target);
  if (p.sort === 'newest' || p.sort === 'oldest') {
    const dir = p.sort === 'newest' ? -1 : 1;
    items = [...items].sort((a, b) => dir * (itemDate(a) ?? '').localeCompare(itemDate(b) ?? ''));
  } else if (p.sort === 'title') {
    items = [...items].sort((a, b) => itemTitle(a).localeCompare(itemTitle(b)));
  }
  return p.limit ? items.slice(0, p.limit) : items;
}

export const itemList = defineBlock({
  type: 'item-list',
  title: 'Item list',
  description: "A list of a collection's items (posts, jobs, events, people, pages), each linking to its own page.",
  props,
  Component(p) {
    const ctx = useRender();
    const href = useHref();
    const items = selectItems(ctx, p);
    const locale = ctx.site.data.site.language;
    return (
      <ListSection className="item-list" heading={p.heading} empty={p.empty} more={p.more} count={items.length}>
        <ul className={p.layout === 'list' ? 'link-list' : 'card-grid'}>
          {items.map((item) => {
            const title = itemTitle(item);
            const date = itemDate(item);
            const summary = itemSummary(item);
            const image = anyFields(item.data).image;
            return (
              <li key={`${item.collection}/${item.index}`} className={p.layout === 'list' ? undefined : 'card'}>
                {image && p.layout !== 'list' ? <Img image={image} sizes={SIZES.card} className="card-image" /> : null}
                {/* Under the list's own h2 the items are h3; with no heading they sit straight under the page's h1. */}
                <ItemHeading level={p.heading ? 3 : 2} className="card-title">
                  {item.path ? <a href={href(item.path)}>{title}</a> : title}
                </ItemHeading>
                {date ? (
                  <p className="card-meta">
                    <time dateTime={date}>{formatDate(date, locale)}</time>
                  </p>
                ) : null}
                {summary && p.layout !== 'list' ? <p>{summary}</p> : null}
              </li>
            );
          })}
        </ul>
      </ListSection>
    );
  },
  example: {
    heading: 'Latest from the blog',
    collection: 'posts',
    sort: 'newest',
    limit: 3,
    layout: 'cards',
    empty: 'There is nothing to list here at the moment.',
    more: { label: 'All posts', href: '/blog' },
  },
});
