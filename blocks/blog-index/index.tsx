import { Type } from '@sinclair/typebox';
import { CollectionName, Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { itemSummary, itemTitle, sortNewestFirst } from '../../runtime/render/items.ts';
import type { Item } from '../../runtime/site.ts';
import { defineBlock } from '../contract.ts';
import { categoriesOf, collectionFor, groupPages, pageSizeOf } from '../kits/items/collections.ts';
import { PostMeta } from '../kits/items/PostMeta.tsx';

const props = Type.Object(
  {
    heading: Type.Optional(Text('A heading above the posts.')),
    collection: Type.Optional(
      CollectionName(
        "Which posts to list. Leave it out on a category or numbered page to list that page's posts; elsewhere it is the site's first collection of posts.",
        'post',
      ),
    ),
    categories: Type.Boolean({ default: true, description: 'Show a row of links to each category page above the posts (when the site has category pages).' }),
    empty: Text('What to say when there are no posts.', { default: 'There are no posts here yet.' }),
  },
  { additionalProperties: false },
);

/** Page numbers to link, with null for a gap: always the first, the last and the neighbours of the current one. */
export function pageNumbers(current: number, total: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 1; n <= total; n++) {
    if (n === 1 || n === total || Math.abs(n - current) <= 1) out.push(n);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

function Pager({ current, paths }: { current: number; paths: (string | undefined)[] }) {
  const href = useHref();
  const at = (n: number) => paths[n - 1];
  const prev = at(current - 1);
  const next = at(current + 1);
  return (
    <nav aria-label="Pagination" className="pager">
      <ul>
        {prev ? (
          <li>
            <a href={href(prev)} rel="prev">
              Previous
            </a>
          </li>
        ) : null}
        {pageNumbers(current, paths.length).map((n, i) =>
          n === null ? (
            <li key={`gap${i}`} className="pager-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {at(n) ? (
                <a href={href(at(n) as string)} aria-label={`Page ${n}`} aria-current={n === current ? 'page' : undefined}>
                  {n}
                </a>
              ) : (
                <span>{n}</span>
              )}
            </li>
          ),
        )}
        {next ? (
          <li>
            <a href={href(next)} rel="next">
              Next
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

export const blogIndex = defineBlock({
  type: 'blog-index',
  lists: 'post',
  title: 'Blog index',
  description:
    'The posts of a blog, newest first, with dates, authors, reading times and categories; page numbers when the site makes numbered pages of the posts.',
  props,
  // Left out on a plain page, the collection is the site's first of the kind.
  collectionFromPage: false,
  Component({ heading, collection, categories = true, empty = 'There are no posts here yet.' }) {
    const { site, target } = useRender();
    const href = useHref();
    const from = target.page.from;
    const onGroup = Boolean(target.group && from && (!collection || collection === from));
    const name = onGroup ? from : collectionFor(site, target, 'post', collection);
    if (!name) return null;
    const all = sortNewestFirst(site.collections.get(name)?.items ?? []);
    const numbered = groupPages(site, name, 'page');
    const size = pageSizeOf(site, name);
    const listing = site.listings.get(name);
    const onNumbered = onGroup && target.group?.field === 'page';
    // Page 1 is the listing page itself; numbered pages hold their own slice.
    const current = onNumbered ? Number(target.group?.slug) : !onGroup && size ? 1 : undefined;
    const items: Item[] = onGroup ? sortNewestFirst(target.group?.items ?? []) : size ? all.slice(0, size) : all;
    const first = !onGroup && current === 1 ? target.path : listing;
    const paths = [first, ...[...numbered.keys()].sort((a, b) => Number(a) - Number(b)).map((n) => numbered.get(n))];
    const categoryPaths = groupPages(site, name, 'category');
    const Title = heading ? 'h3' : 'h2';
    return (
      <section className="block blog-index">
        <div className="container">
          {heading ? <h2>{heading}</h2> : null}
          {categories && categoryPaths.size ? (
            <nav aria-label="Categories" className="category-filter">
              <ul>
                {listing ? (
                  <li>
                    <a href={href(listing)} aria-current={listing === target.path ? 'page' : onNumbered ? 'true' : undefined}>
                      All
                    </a>
                  </li>
                ) : null}
                {categoriesOf(all)
                  .sort((a, b) => a.label.localeCompare(b.label))
                  .map((c) => {
                    const path = categoryPaths.get(c.slug);
                    return path ? (
                      <li key={c.slug}>
                        <a href={href(path)} aria-current={path === target.path ? 'page' : undefined}>
                          {c.label}
                        </a>
                      </li>
                    ) : null;
                  })}
              </ul>
            </nav>
          ) : null}
          {items.length === 0 ? (
            <p className="muted">{empty}</p>
          ) : (
            <ol className="post-list">
              {items.map((item) => (
                <li key={item.index}>
                  <article className="post-summary">
                    <Title className="post-title">{item.path ? <a href={href(item.path)}>{itemTitle(item)}</a> : itemTitle(item)}</Title>
                    <PostMeta item={item} />
                    {itemSummary(item) ? <p>{itemSummary(item)}</p> : null}
                  </article>
                </li>
              ))}
            </ol>
          )}
          {current !== undefined && paths.length > 1 ? <Pager current={current} paths={paths} /> : null}
        </div>
      </section>
    );
  },
  example: {
    heading: 'Latest posts',
    collection: 'posts',
    categories: true,
    empty: 'There are no posts here yet.',
  },
});
