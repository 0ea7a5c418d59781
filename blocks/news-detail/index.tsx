import { Type } from '@sinclair/typebox';
import { Link } from '../../schema/common.ts';
import { anyFields } from '../../schema/items.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { Img } from '../../runtime/render/Img.tsx';
import { SIZES } from '../../runtime/render/sizes.ts';
import { formatDate, itemTitle } from '../../runtime/render/items.ts';
import { Markdown } from '../../runtime/render/Markdown.tsx';
import { Heading, useIsFirst } from '../../runtime/render/position.tsx';
import type { Item, Site } from '../../runtime/site.ts';
import { defineBlock } from '../contract.ts';

const props = Type.Object(
  {
    back: Type.Optional(
      Type.Object(Link.properties, {
        additionalProperties: false,
        description: 'The link under the news item. Left out, it is "All news", to the page that lists the news.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The organisation a news item belongs to: its item when the site has one, else a name made from the slug. */
export function organizationOf(site: Site, slug: string): { name: string; path?: string } {
  for (const c of site.collections.values()) {
    const org: Item | undefined = c.kind === 'organization' ? c.items.find((i) => i.slug === slug) : undefined;
    if (org) return { name: itemTitle(org), path: org.path };
  }
  const words = slug.replace(/-/g, ' ');
  return { name: words.charAt(0).toUpperCase() + words.slice(1) };
}

export const newsDetail = defineBlock({
  type: 'news-detail',
  title: 'News item',
  description: "The page of one news item: headline, date, the organisation it comes from, image and text. The default block of a news item's page.",
  leads: true,
  props,
  Component({ back }) {
    const { site, target } = useRender();
    const first = useIsFirst();
    const href = useHref();
    const news = target.item;
    if (!news) return null;
    // Made for news; an item of another kind shows what it has of a news item's fields.
    const d = anyFields(news.data);
    const date = d.date;
    const image = d.image;
    const org = d.organization ? organizationOf(site, d.organization) : undefined;
    const listing = site.listings.get(news.collection);
    const backLink = back ?? (listing ? { label: 'All news', href: listing } : undefined);
    return (
      <article className="block news-detail">
        <div className="container narrow">
          <header className="item-header">
            <Heading first={first}>{itemTitle(news)}</Heading>
            <p className="item-meta">
              {date ? <time dateTime={date}>{formatDate(date, site.data.site.language)}</time> : null}
              {org ? (
                <span>
                  {org.path ? (
                    <>
                      From <a href={href(org.path)}>{org.name}</a>
                    </>
                  ) : (
                    `From ${org.name}`
                  )}
                </span>
              ) : null}
            </p>
            {d.summary ? <p className="lede">{d.summary}</p> : null}
          </header>
          {image ? <Img image={image} sizes={SIZES.article} className="item-image" eager={first} /> : null}
          {d.body ? <Markdown source={d.body} /> : null}
          {backLink ? (
            <footer className="more-link">
              <a href={href(backLink.href)}>{backLink.label}</a>
            </footer>
          ) : null}
        </div>
      </article>
    );
  },
  example: { back: { label: 'All news', href: '/news' } },
});
