import { Type } from '@sinclair/typebox';
import { Link } from '../../schema/common.ts';
import { anyFields } from '../../schema/items.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { Img } from '../../runtime/render/Img.tsx';
import { SIZES } from '../../runtime/render/sizes.ts';
import { formatDate, itemTitle, readingMinutes } from '../../runtime/render/items.ts';
import { Markdown } from '../../runtime/render/Markdown.tsx';
import { Heading, useIsFirst } from '../../runtime/render/position.tsx';
import { Blocks } from '../../runtime/render/Blocks.tsx';
import type { Item } from '../../runtime/site.ts';
import { defineBlock } from '../contract.ts';

const props = Type.Object(
  {
    back: Type.Optional(Link),
  },
  { additionalProperties: false },
);

function Meta({ item, locale }: { item: Item; locale: string }) {
  const parts: React.ReactNode[] = [];
  const day = (date: string) => (
    <time key="d" dateTime={date}>
      {formatDate(date, locale)}
    </time>
  );
  switch (item.kind) {
    case 'post': {
      const d = item.data;
      parts.push(day(d.date));
      if (d.author) parts.push(<span key="a">By {d.author}</span>);
      parts.push(<span key="r">{readingMinutes(d.body)} min read</span>);
      if (d.category) parts.push(<span key="c">{d.category}</span>);
      break;
    }
    case 'event': {
      const d = item.data;
      parts.push(day(d.date));
      if (d.start)
        parts.push(
          <span key="t">
            {d.start}
            {d.end ? `–${d.end}` : ''}
          </span>,
        );
      if (d.place) parts.push(<span key="p">{d.place}</span>);
      break;
    }
    case 'news':
      parts.push(day(item.data.date));
      break;
    case 'job': {
      const d = item.data;
      parts.push(<span key="l">{d.location}</span>, <span key="e">{d.employment}</span>);
      if (d.salary) parts.push(<span key="s">{d.salary}</span>);
      break;
    }
    case 'person':
      parts.push(<span key="r">{item.data.role}</span>);
      break;
    case 'area':
      parts.push(<span key="r">{item.data.region}</span>);
      break;
    default:
      break;
  }
  return parts.length ? <p className="item-meta">{parts}</p> : null;
}

export const item = defineBlock({
  type: 'item',
  title: 'Item page',
  description: 'The page of one item of a collection: its heading, details and text. The default block of a page with {parameters}.',
  leads: true,
  props,
  children: (_props, target) => (target.item ? (anyFields(target.item.data).blocks ?? []) : []),
  Component({ back }) {
    const { site, target } = useRender();
    const first = useIsFirst();
    const href = useHref();
    const current = target.item;
    if (!current) return null;
    // The page of an item of any kind: each part shows when the item has that field.
    const d = anyFields(current.data);
    const locale = site.data.site.language;
    const image = d.image;
    const body = d.body ?? d.bio;
    const list = d.highlights ?? d.specialties ?? d.tags;
    return (
      <article className="block item-page">
        <div className="container narrow">
          <header className="item-header">
            <Heading first={first}>{itemTitle(current)}</Heading>
            <Meta item={current} locale={locale} />
            {d.summary ? <p className="lede">{d.summary}</p> : null}
          </header>
          {image ? <Img image={image} sizes={SIZES.article} className="item-image" eager={first} /> : null}
          {body ? <Markdown source={body} /> : null}
          {list?.length ? (
            <ul className="tag-list">
              {list.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
          ) : null}
          {current.kind === 'job' && d.apply ? (
            <p>
              <a className="button button-primary" href={href(d.apply)}>
                Apply for this job
              </a>
            </p>
          ) : null}
          {current.kind === 'organization' && (d.email || d.phone || d.website) ? (
            <ul className="contact-lines">
              {d.phone ? (
                <li>
                  Phone: <a href={`tel:${d.phone.replace(/[^0-9+]/g, '')}`}>{d.phone}</a>
                </li>
              ) : null}
              {d.email ? (
                <li>
                  E-mail: <a href={`mailto:${d.email}`}>{d.email}</a>
                </li>
              ) : null}
              {d.website ? (
                <li>
                  <a href={href(d.website)}>Website</a>
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
        {d.blocks ? <Blocks blocks={d.blocks} /> : null}
        {back ? (
          <div className="container narrow">
            <p className="more-link">
              <a href={href(back.href)}>{back.label}</a>
            </p>
          </div>
        ) : null}
      </article>
    );
  },
  example: { back: { label: 'All posts', href: '/blog' } },
});
