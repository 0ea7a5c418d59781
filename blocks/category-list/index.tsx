import { Type } from '@sinclair/typebox';
import { CollectionName, Enum, Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { categoriesOf, collectionFor, groupPages } from '../kits/items/collections.ts';
import { defineBlock } from '../contract.ts';

const props = Type.Object(
  {
    heading: Type.Optional(Text('A heading above the categories.')),
    collection: Type.Optional(
      CollectionName("Whose categories to list. Leave it out for the posts the page is made from, or the site's first collection of posts.", 'post'),
    ),
    sort: Enum(['name', 'count', 'as-written'], 'The order: alphabetical, most posts first, or as the categories first appear in the posts.', {
      default: 'name',
    }),
    counts: Type.Boolean({ default: true, description: 'Show how many posts each category has.' }),
    empty: Text('What to say when no post has a category.', { default: 'No categories yet.' }),
  },
  { additionalProperties: false },
);

export const categoryList = defineBlock({
  type: 'category-list',
  title: 'Category list',
  description: "The categories of a blog, with how many posts each has, linking to each category's page.",
  props,
  // Left out on a plain page, the collection is the site's first of the kind.
  collectionFromPage: false,
  Component({ heading, collection, sort = 'name', counts = true, empty = 'No categories yet.' }) {
    const { site, target } = useRender();
    const href = useHref();
    const name = collectionFor(site, target, 'post', collection);
    if (!name) return null;
    const paths = groupPages(site, name, 'category');
    const categories = categoriesOf(site.collections.get(name)?.items ?? []);
    if (sort === 'name') categories.sort((a, b) => a.label.localeCompare(b.label));
    if (sort === 'count') categories.sort((a, b) => b.items.length - a.items.length);
    return (
      <section className="block category-list">
        <div className="container">
          {heading ? <h2>{heading}</h2> : null}
          {categories.length === 0 ? (
            <p className="muted">{empty}</p>
          ) : (
            <ul className="category-links">
              {categories.map((c) => {
                const path = paths.get(c.slug);
                return (
                  <li key={c.slug}>
                    {path ? (
                      <a href={href(path)} aria-current={path === target.path ? 'page' : undefined}>
                        {c.label}
                      </a>
                    ) : (
                      c.label
                    )}
                    {counts ? <span className="category-count">{c.items.length === 1 ? '1 post' : `${c.items.length} posts`}</span> : null}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>
    );
  },
  example: {
    heading: 'Browse by topic',
    collection: 'posts',
    sort: 'name',
    counts: true,
    empty: 'No categories yet.',
  },
});
