import { Type } from '@sinclair/typebox';
import { CollectionName, Enum, Link, Text } from '../../schema/common.ts';
import { useHref, useRender, type RenderContext } from '../../runtime/render/context.tsx';
import { filterItems, itemTitle } from '../../runtime/render/items.ts';
import type { Item } from '../../runtime/site.ts';
import { ListSection } from '../../runtime/render/ListSection.tsx';
import { defineBlock } from '../contract.ts';
import { DateBadge, TimeRange } from '../kits/items/when.tsx';

const EMPTY = 'No events are planned at the moment.';

const props = Type.Object(
  {
    heading: Type.Optional(Text('A heading above the list.')),
    collection: Type.Optional(
      CollectionName("Which events to list. Leave it out to use the events this page is made from, or else the site's first collection of events.", 'event'),
    ),
    when: Enum(
      ['upcoming', 'past', 'all'],
      "upcoming lists today's and later events, soonest first; past lists earlier ones, newest first; all lists every event by date.",
      {
        default: 'upcoming',
      },
    ),
    filter: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z][a-zA-Z]*$' }), Type.String(), {
        description: 'Only events whose field has this value, such as `organization: "{slug}"` to list the events of the organisation this page is about.',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Show at most this many.' })),
    empty: Text('What to say when there is no event to list.', { default: EMPTY }),
    more: Type.Optional(Link),
  },
  { additionalProperties: false },
);

type Selection = { collection?: string; when?: string; filter?: Record<string, string>; limit?: number };

type EventItem = Item<'event'>;

// A named collection is checked to hold events when the site loads, and a group's items are all of one kind.
const events = (items: readonly Item[]): EventItem[] => items.flatMap((item) => (item.kind === 'event' ? [item] : []));

function eventsIn({ site, target }: RenderContext, collection?: string): EventItem[] {
  if (collection) return events(site.collections.get(collection)?.items ?? []);
  if (target.group?.items[0]?.kind === 'event') return events(target.group.items);
  const own = site.collections.get(target.page.from ?? '');
  if (own?.kind === 'event') return own.items;
  return events([...site.collections.values()].find((c) => c.kind === 'event')?.items ?? []);
}

/** The events to show, in the order to show them: filtered like item-list, split at `today`, sorted and cut. */
export function selectEvents(ctx: RenderContext, p: Selection): EventItem[] {
  const { target, today } = ctx;
  let items = eventsIn(ctx, p.collection);
  items = filterItems(items, p.filter, target);
  const when = p.when ?? 'upcoming';
  if (when === 'upcoming') items = items.filter((item) => item.data.date >= today);
  if (when === 'past') items = items.filter((item) => item.data.date < today);
  const dir = when === 'past' ? -1 : 1;
  items = [...items].sort((a, b) => dir * (a.data.date.localeCompare(b.data.date) || (a.data.start ?? '').localeCompare(b.data.start ?? '')));
  return p.limit ? items.slice(0, p.limit) : items;
}

export const eventList = defineBlock({
  type: 'event-list',
  title: 'Event list',
  description: 'Upcoming or past events of a collection, by date, each with its day, time and place and a link to its page.',
  props,
  collectionFromPage: false,
  Component(p) {
    const ctx = useRender();
    const href = useHref();
    const events = selectEvents(ctx, p);
    const locale = ctx.site.data.site.language;
    const H = p.heading ? 'h3' : 'h2';
    return (
      <ListSection className="event-list" heading={p.heading} empty={p.empty ?? EMPTY} more={p.more} count={events.length}>
        <ul className="event-list-items">
          {events.map((event) => {
            return (
              <li key={`${event.collection}/${event.index}`} className="event-list-item">
                <DateBadge date={event.data.date} locale={locale} today={ctx.today} />
                <div>
                  <H className="card-title">{event.path ? <a href={href(event.path)}>{itemTitle(event)}</a> : itemTitle(event)}</H>
                  <p className="item-meta">
                    <TimeRange item={event} locale={locale} />
                    {event.data.place ? <span>{event.data.place}</span> : null}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </ListSection>
    );
  },
  example: {
    heading: 'Coming up',
    collection: 'events',
    when: 'upcoming',
    limit: 5,
    empty: 'No events are planned at the moment.',
    more: { label: 'All events', href: '/events' },
  },
});
