/**
 * The server side of the planner: the seats of the van left on a day, what the page shows for one
 * request (the query string's choices checked against the props and the store), and a booked trip
 * shown through its signed link.
 */
import { bookingsOf } from '../kits/scheduling/bookings.ts';
import { blocksIn } from '../../runtime/config/blocks-in.ts';
import type { ActionServices } from '../contract.ts';
import type { Site } from '../../runtime/site.ts';
import { holdsPlaces, sumOf } from '../../runtime/store/store.ts';
import type { LoadInput } from '../contract.ts';
import { askedInQuery, bookingWindow, checkChoices, type Asked, type Checked } from './choices.ts';
import type { TripBuilderProps } from './schema.ts';
import type { TripView } from './view.ts';
import { dateText } from './words.ts';

export const labelOf = (props: TripBuilderProps) => props.label ?? props.heading ?? 'Winery trip';

/** The seats taken in the van on a day now: paid trips and holds that have not lapsed. */
export async function seatsTaken(services: ActionServices, site: Site, props: TripBuilderProps, slot: string, now: number): Promise<number> {
  const records = await (await services.store.tenant(site.prefix)).list('bookings', { slot: `${props.resource}@${slot}` });
  return sumOf(
    records.filter((r) => holdsPlaces(r, now)),
    'places',
  );
}

export const fullMessage = (left: number) =>
  left <= 0
    ? 'The van is full that day: please choose another date.'
    : `Only ${left} ${left === 1 ? 'seat is' : 'seats are'} left that day: please choose a smaller group or another date.`;

/** The page's state for what a visitor asked: the checked choices, the seats left that day, and a message for a van too full for the group. */
export async function viewFor(
  site: Site,
  props: TripBuilderProps,
  asked: Asked | undefined,
  services: ActionServices,
  now: number,
): Promise<{ view: TripView; checked?: Checked; full: boolean }> {
  const { today, last } = bookingWindow(props.van, now);
  const view: TripView = { today, last, errors: {} };
  if (!asked) return { view, full: false };
  const checked = checkChoices(props, asked, now, site.data.site.language);
  view.asked = asked;
  view.errors = { ...checked.errors };
  if (!checked.choices || !checked.slot) return { view, checked, full: false };
  view.choices = checked.choices;
  const left = Math.max(0, props.van.seats - (await seatsTaken(services, site, props, checked.slot, now)));
  view.seatsLeft = left;
  const full = left < checked.choices.party;
  if (full) view.errors[left ? 'party' : 'date'] = fullMessage(left);
  return { view, checked, full };
}

/** What the page reads per request: the plan the query string asks for, or the trip a signed link names. */
export async function loadTrip({ site, props, query, services }: LoadInput<TripBuilderProps>): Promise<TripView> {
  const now = services.now();
  if (query.booking !== undefined) {
    const { today, last } = bookingWindow(props.van, now);
    const record = await bookingsOf(services).byToken(site.prefix, query.booking);
    if (!record || record.resource !== props.resource) return { today, last, errors: {}, unknownBooking: true };
    const trip = (record.trip ?? {}) as { pickup?: unknown; itinerary?: unknown };
    return {
      today,
      last,
      errors: {},
      booked: {
        date: dateText(record.slotId.slice(0, 10), site.data.site.language),
        party: record.places,
        status: record.status,
        pickup: typeof trip.pickup === 'string' ? trip.pickup : '',
        itinerary: Array.isArray(trip.itinerary) ? trip.itinerary.filter((l): l is string => typeof l === 'string') : [],
      },
    };
  }
  return (await viewFor(site, props, askedInQuery(query), services, now)).view;
}

/** The trip builder that books `resource` on the site now, for a paid checkout. */
export function propsFor(site: Site, resource: unknown): TripBuilderProps | undefined {
  for (const { block } of blocksIn(site.data)) if (block.type === 'trip-builder' && block.resource === resource) return block as unknown as TripBuilderProps;
  return undefined;
}
