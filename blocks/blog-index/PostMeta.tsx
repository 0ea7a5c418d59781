import { useHref, useRender } from '../../runtime/render/context.tsx';
import { formatDate, readingMinutes } from '../../runtime/render/items.ts';
import { slugify } from '../../runtime/routing/slug.ts';
import type { Item } from '../../runtime/site.ts';
import { groupPages, str } from './collections.ts';

/** A post's date, author, reading time and category (linked to its category page when there is one). */
export function PostMeta({ item, updated = false }: { item: Item; updated?: boolean }) {
  const { site } = useRender();
  const href = useHref();
  const locale = site.data.site.language;
  const d = item.data;
  const date = str(d.date);
  const changed = updated ? str(d.updated) : undefined;
  const category = str(d.category);
  const categoryPath = category ? groupPages(site, item.collection, 'category').get(slugify(category)) : undefined;
  return (
    <p className="item-meta post-meta">
      {date ? <time dateTime={date}>{formatDate(date, locale)}</time> : null}
      {changed && changed !== date ? (
        <span>
          Updated <time dateTime={changed}>{formatDate(changed, locale)}</time>
        </span>
      ) : null}
      {str(d.author) ? <span>{`By ${str(d.author)}`}</span> : null}
      <span>{`${readingMinutes(str(d.body) ?? '')} min read`}</span>
      {category ? <span>In {categoryPath ? <a href={href(categoryPath)}>{category}</a> : category}</span> : null}
    </p>
  );
}
