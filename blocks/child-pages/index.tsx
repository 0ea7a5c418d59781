import { Type } from '@sinclair/typebox';
import { CollectionName, Enum, Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { itemSummary, itemTitle } from '../../runtime/render/items.ts';
import type { Item } from '../../runtime/site.ts';
import { defineBlock } from '../contract.ts';

const props = Type.Object(
  {
    heading: Type.Optional(Text('A heading above the pages, such as "In this section".')),
    collection: Type.Optional(CollectionName('The collection of the page tree. Leave it out for the collection of the page being shown.', 'page')),
    parent: Type.Optional(
      Type.String({
        pattern: '^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$',
        description: 'List the pages below this slug, such as departments/public-works. Leave it out for the pages below the page being shown.',
        examples: ['departments/public-works'],
      }),
    ),
    layout: Enum(['cards', 'list'], 'cards is a grid of boxes with summaries; list is a simple list of links.', { default: 'cards' }),
    empty: Type.Optional(Text('What to say when there are no pages below. Left out, the block shows nothing then.')),
  },
  { additionalProperties: false },
);

/** The items one level below `parent` (the top level for ""), in the order written. */
export function childrenOf(items: readonly Item[], parent: string): Item[] {
  const depth = parent ? parent.split('/').length + 1 : 1;
  return items.filter((i) => (!parent || i.slug.startsWith(`${parent}/`)) && i.slug.split('/').length === depth);
}

export const childPages = defineBlock({
  type: 'child-pages',
  title: 'Child pages',
  description: 'The pages one level below a page of a nested page tree (such as the sections of a department), as cards or a list.',
  props,
  Component({ heading, collection, parent, layout = 'cards', empty }) {
    const { site, target } = useRender();
    const href = useHref();
    const name = collection ?? target.item?.collection ?? target.page.from;
    const items = childrenOf((name && site.collections.get(name)?.items) || [], parent ?? target.item?.slug ?? '').filter((i) => i !== target.item);
    if (!items.length && !empty) return null;
    const cards = layout === 'cards';
    const Title = heading ? 'h3' : 'h2';
    return (
      <section className="block child-pages">
        <div className="container">
          {heading ? <h2>{heading}</h2> : null}
          {items.length === 0 ? (
            <p className="muted">{empty}</p>
          ) : (
            <ul className={cards ? 'card-grid' : 'link-list'}>
              {items.map((item) => (
                <li key={item.index} className={cards ? 'card' : undefined}>
                  <Title className="card-title">{item.path ? <a href={href(item.path)}>{itemTitle(item)}</a> : itemTitle(item)}</Title>
                  {cards && itemSummary(item) ? <p>{itemSummary(item)}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    );
  },
  example: {
    heading: 'In this section',
    collection: 'pages',
    parent: 'departments/public-works',
    layout: 'cards',
    empty: 'There are no pages in this section yet.',
  },
});
