import { Type } from '@sinclair/typebox';
import { Link, Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { Img } from '../../runtime/render/Img.tsx';
import { SIZES } from '../../runtime/render/sizes.ts';
import { itemTitle } from '../../runtime/render/items.ts';
import { Markdown } from '../../runtime/render/Markdown.tsx';
import { Heading, useIsFirst } from '../../runtime/render/position.tsx';
import { defineBlock } from '../contract.ts';
import { formatLongDate, organizationOf, TimeRange } from '../kits/items/when.tsx';
import { BackLink } from '../kits/items/back.tsx';

const PAST = 'This event has passed.';

const props = Type.Object(
  {
    past: Text('The note shown once the day of the event is over.', { default: PAST }),
    back: Type.Optional(Link),
  },
  { additionalProperties: false },
);

export const eventDetail = defineBlock({
  type: 'event-detail',
  title: 'Event page',
  description: "The page of one event: its name, day, time and place, who hosts it and what it is about. The default block of an event's page.",
  leads: true,
  props,
  Component({ past = PAST, back }) {
    const { site, target, today } = useRender();
    const first = useIsFirst();
    const href = useHref();
    const event = target.item;
    if (event?.kind !== 'event') return null;
    const d = event.data;
    const date = d.date;
    const locale = site.data.site.language;
    const org = organizationOf(site, event);
    const image = d.image;
    return (
      <article className="block event-detail">
        <div className="container narrow">
          <header className="item-header">
            <Heading first={first}>{itemTitle(event)}</Heading>
            <p className="item-meta">
              <time dateTime={date}>{formatLongDate(date, locale)}</time>
              <TimeRange item={event} locale={locale} />
              {d.place ? <span>{d.place}</span> : null}
            </p>
            {org ? <p className="event-host">Hosted by {org.path ? <a href={href(org.path)}>{itemTitle(org)}</a> : itemTitle(org)}</p> : null}
            {d.summary ? <p className="lede">{d.summary}</p> : null}
          </header>
          {date < today ? <p className="notice">{past}</p> : null}
          {image ? <Img image={image} sizes={SIZES.article} className="item-image" eager={first} /> : null}
          {d.body ? <Markdown source={d.body} /> : null}
          <BackLink back={back} />
        </div>
      </article>
    );
  },
  example: { past: 'This event has passed. See what is coming up next on the events page.', back: { label: 'All events', href: '/events' } },
});
