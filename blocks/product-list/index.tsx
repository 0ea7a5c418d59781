import { Type } from '@sinclair/typebox';
import { CollectionName, Link, Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { Img } from '../../runtime/render/Img.tsx';
import { SIZES } from '../../runtime/render/sizes.ts';
import { ListSection } from '../../runtime/render/ListSection.tsx';
import type { Item, Site, Target } from '../../runtime/site.ts';
import { productsOf } from '../kits/selling/catalogue.ts';
import { levelsOf, priceText, productNote, type Levels } from '../kits/selling/levels.ts';
import { defineBlock } from '../contract.ts';

const props = Type.Object(
  {
    heading: Type.Optional(Text('A heading above the products.')),
    collection: Type.Optional(
      CollectionName('Which products to list. Leave it out on a page made per group (such as a category) to list that group.', 'product'),
    ),
    category: Type.Optional(Text('Only the products of this category.')),
    empty: Text('What to say when there is nothing to list.', { default: 'There is nothing for sale here at the moment.' }),
    more: Type.Optional(Link),
  },
  { additionalProperties: false },
);

/** The products a list shows: its collection's, or the group's or the page's own, of one category when it names one. */
function listed(site: Site, target: Target, p: { collection?: string; category?: string }): Item<'product'>[] {
  const all = p.collection
    ? productsOf(site, p.collection)
    : (target.group?.items ?? (target.page.from ? site.collections.get(target.page.from)?.items : undefined) ?? []).filter(
        (i): i is Item<'product'> => i.kind === 'product',
      );
  return p.category ? all.filter((i) => i.data.category === p.category) : all;
}

export const productList = defineBlock({
  type: 'product-list',
  title: 'Product list',
  description: "A shop's products, each with its picture, price and what is left, linking to its own page.",
  props,
  lists: 'product',
  images: 'content',
  Component(p) {
    const ctx = useRender();
    const href = useHref();
    const levels = ctx.visitor.loaded?.['product-list'] as Levels | undefined;
    const items = listed(ctx.site, ctx.target, p);
    return (
      <ListSection className="product-list" heading={p.heading} empty={p.empty} more={p.more} count={items.length}>
        <ul className="card-grid">
          {items.map((item) => {
            const note = productNote(levels, item);
            const image = item.data.images?.[0];
            const title = item.path ? <a href={href(item.path)}>{item.data.name}</a> : item.data.name;
            return (
              <li key={item.slug} className="card product-card">
                {image ? <Img image={image} sizes={SIZES.card} className="card-image" /> : null}
                {p.heading ? <h3 className="card-title">{title}</h3> : <h2 className="card-title">{title}</h2>}
                <p className="product-card-price">{priceText(ctx.site, item.data)}</p>
                <p className={`product-card-stock${note === 'Sold out' ? ' product-sold-out' : ''}`}>{note}</p>
                {item.data.summary ? <p>{item.data.summary}</p> : null}
              </li>
            );
          })}
        </ul>
      </ListSection>
    );
  },
  // What is left changes with every order: read per request.
  async load({ site, target, props: p, services }) {
    return levelsOf(site, services, listed(site, target, p));
  },
  example: {
    heading: 'Moving supplies',
    collection: 'products',
    empty: 'There is nothing for sale here at the moment.',
    more: { label: 'Your cart', href: '/shop/cart' },
  },
});
