/** The date and reading time under a post's title, shared by the blog index and a post's page. */
import { useHref, useRender } from '../../../runtime/render/context.tsx';
import { formatDate, readingMinutes } from '../../../runtime/render/items.ts';
import { slugify } from '../../../runtime/routing/slug.ts';
import type { Item } from '../../../runtime/site.ts';
import { anyFields } from '../../../schema/items.ts';
import { groupPages } from './collections.ts';

/** A post's date, author, reading time and category (linked to its category page when there is one); an item of another kind shows what it has of these. */
export function PostMeta({ item, updated = false }: { item: Item; updated?: boolean }) {
  const { site } = useRender();
  const href = useHref();
  const locale = site.data.site.language;
  const d = anyFields(item.data);
  const date = d.date;
  const changed = updated ? d.updated : undefined;
  const category = d.category;
  const categoryPath = category ? groupPages(site, item.collection, 'category').get(slugify(category)) : undefined;
  return (
    <p className="item-meta post-meta">
      {date ? <time dateTime={date}>{formatDate(date, locale)}</time> : null}
      {changed && changed !== date ? (
        <span>
          Updated <time dateTime={changed}>{formatDate(changed, locale)}</time>
        </span>
      ) : null}
      {d.author ? <span>{`By ${d.author}`}</span> : null}
      <span>{`${readingMinutes(d.body ?? '')} min read`}</span>
      {category ? <span>In {categoryPath ? <a href={href(categoryPath)}>{category}</a> : category}</span> : null}
    </p>
  );
}
