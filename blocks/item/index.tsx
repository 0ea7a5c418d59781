import { Type } from '@sinclair/typebox';
import { Link } from '../../schema/common.ts';
import type { Image } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { Img } from '../../runtime/render/Img.tsx';
import { formatDate, itemTitle, readingMinutes } from '../../runtime/render/items.ts';
import { Markdown } from '../../runtime/render/Markdown.tsx';
import { Heading, useIsFirst } from '../../runtime/render/position.tsx';
import { Blocks } from '../../runtime/render/Blocks.tsx';
import type { BlockData } from '../../schema/common.ts';
import type { Item } from '../../runtime/site.ts';
import { defineBlock } from '../types.ts';

const props = Type.Object(
  {
    back: Type.Optional(Link),
  },
  { additionalProperties: false },
);

const s = (v: unknown) => (typeof v === 'string' ? v : undefined);

function Meta({ item, locale }: { item: Item; locale: string }) {
  const d = item.data;
  const parts: React.ReactNode[] = [];
  const date = s(d.date);
  switch (item.kind) {
    case 'post':
      if (date) parts.push(<time key="d" dateTime={date}>{formatDate(date, locale)}</time>);
      if (s(d.author)) parts.push(<span key="a">By {s(d.author)}</span>);
      parts.push(<span key="r">{readingMinutes(s(d.body) ?? '')} min read</span>);
      if (s(d.category)) parts.push(<span key="c">{s(d.category)}</span>);
      break;
    case 'event':
      if (date) parts.push(<time key="d" dateTime={date}>{formatDate(date, locale)}</time>);
      if (s(d.start)) parts.push(<span key="t">{s(d.start)}{s(d.end) ? `–${s(d.end)}` : ''}</span>);
      if (s(d.place)) parts.push(<span key="p">{s(d.place)}</span>);
      break;
    case 'news':
      if (date) parts.push(<time key="d" dateTime={date}>{formatDate(date, locale)}</time>);
      break;
    case 'job':
      parts.push(<span key="l">{s(d.location)}</span>, <span key="e">{s(d.employment)}</span>);
      if (s(d.salary)) parts.push(<span key="s">{s(d.salary)}</span>);
      break;
    case 'person':
      parts.push(<span key="r">{s(d.role)}</span>);
      break;
    case 'area':
      parts.push(<span key="r">{s(d.region)}</span>);
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
  children: (_props, target) => (Array.isArray(target.item?.data.blocks) ? (target.item.data.blocks as BlockData[]) : []),
  Component({ back }) {
    const { site, target } = useRender();
    const first = useIsFirst();
    const href = useHref();
    const current = target.item;
    if (!current) return null;
    const d = current.data;
    const locale = site.data.site.language;
    const image = d.image as Image | undefined;
    const body = s(d.body) ?? s(d.bio);
    const list = (d.highlights ?? d.specialties ?? d.tags) as string[] | undefined;
    return (
      <article className="block item-page">
        <div className="container narrow">
          <header className="item-header">
            <Heading first={first}>{itemTitle(current)}</Heading>
            <Meta item={current} locale={locale} />
            {s(d.summary) ? <p className="lede">{s(d.summary)}</p> : null}
          </header>
          {image ? <Img image={image} className="item-image" eager={first} /> : null}
          {body ? <Markdown source={body} /> : null}
          {list?.length ? (
            <ul className="tag-list">
              {list.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
          ) : null}
          {current.kind === 'job' && s(d.apply) ? (
            <p>
              <a className="button button-primary" href={href(s(d.apply) as string)}>
                Apply for this job
              </a>
            </p>
          ) : null}
          {current.kind === 'organization' && (s(d.email) || s(d.phone) || s(d.website)) ? (
            <ul className="contact-lines">
              {s(d.phone) ? <li>Phone: <a href={`tel:${s(d.phone)?.replace(/[^0-9+]/g, '')}`}>{s(d.phone)}</a></li> : null}
              {s(d.email) ? <li>E-mail: <a href={`mailto:${s(d.email)}`}>{s(d.email)}</a></li> : null}
              {s(d.website) ? <li><a href={href(s(d.website) as string)}>Website</a></li> : null}
            </ul>
          ) : null}
        </div>
        {Array.isArray(d.blocks) ? <Blocks blocks={d.blocks as BlockData[]} /> : null}
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
