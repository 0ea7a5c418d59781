/**
 * What a visitor asked for, read from the planner's query string or the booking post, and checked
 * against the block's props and the time now: a message for each field that is wrong, or the
 * choices the page plans, with the wineries in the order the van visits them.
 */
import { addDays, isRealDate, localDate } from '../../runtime/services/time.ts';
import { DEFAULT_HORIZON_DAYS, slotById, slotId, type Refusal } from '../kits/scheduling/schedule.ts';
import { bestOrder } from './best-order.ts';
import { vanTimetable, type TripChoices } from './plan.ts';
import type { TripBuilderProps, Van } from './schema.ts';
import { dateText, daysText, weekdayText } from './words.ts';

/** A visitor's answers as sent, before any check. */
export interface Asked {
  wineries: string[];
  date: string;
  party: string;
  pickup: string;
  /** The wineries are in the visitor's own order (they reordered them); otherwise in the best order (best-order.ts). */
  own: boolean;
}

/** The planner's checkboxes are named `winery-<slug>`: a query string keeps one value per name. */
export const WINERY_BOX = 'winery-';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** "a,b, c" as ['a', 'b', 'c']. */
export const listOf = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The choices in the planner's query string: its checkboxes (`winery-<slug>=on`), or a list
 * (`wineries=a,b`, kept in that order with `order=own`). Undefined when it asks for nothing.
 */
export function askedInQuery(query: Readonly<Record<string, string>>): Asked | undefined {
  const boxes = Object.keys(query)
    .filter((k) => k.startsWith(WINERY_BOX))
    .map((k) => k.slice(WINERY_BOX.length));
  const asks = boxes.length > 0 || ['wineries', 'date', 'party', 'pickup'].some((k) => query[k] !== undefined);
  if (!asks) return undefined;
  return {
    wineries: boxes.length ? boxes : listOf(text(query.wineries)),
    date: text(query.date),
    party: text(query.party),
    pickup: text(query.pickup),
    own: !boxes.length && query.order === 'own',
  };
}

/** The first and last local dates a trip can be booked for. */
export function bookingWindow(van: Van, now: number): { today: string; last: string } {
  const today = localDate(now, van.timeZone);
  return { today, last: addDays(today, van.horizonDays ?? DEFAULT_HORIZON_DAYS) };
}

function aheadText(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? 'a day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'an hour' : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

function dateMessage(props: TripBuilderProps, date: string, reason: Refusal, now: number, locale: string): string {
  const { van } = props;
  const { today, last } = bookingWindow(van, now);
  switch (reason) {
    case 'past':
      return date < today
        ? `${dateText(date, locale)} has passed: please choose a date from ${dateText(today, locale)} on.`
        : 'The van has already left that day: please choose a later date.';
    case 'too-far':
      return `Trips can be booked until ${dateText(last, locale)}: please choose an earlier date.`;
    case 'too-soon':
      return `Trips are booked at least ${aheadText(van.leadMinutes ?? 0)} before the van leaves: please choose a later date.`;
    case 'closed':
      return `The van does not run on ${dateText(date, locale)}: please choose another day.`;
    case 'not-in-timetable':
    case 'malformed':
      return `The van does not run on ${weekdayText(date, locale)}s: trips run ${daysText(van.days, locale, 'long')}.`;
  }
}

/** The message for a party size outside the block's limits. */
export const partyMessage = ({ min, max }: TripBuilderProps['party']) =>
  min === max ? `Trips are for ${min} ${min === 1 ? 'guest' : 'guests'}.` : `Choose from ${min} to ${max} guests.`;

export interface Checked {
  /** The choices, when every field is right. */
  choices?: TripChoices;
  /** The van's slot of that day, as the booking core names it. */
  slot?: string;
  errors: Record<string, string>;
}

/** The visitor's answers checked against the props at `now`: every field's message, or the choices to plan. */
export function checkChoices(props: TripBuilderProps, asked: Asked, now: number, locale: string): Checked {
  const errors: Record<string, string> = {};
  const { minStops, maxStops } = props;
  const count = asked.wineries.length;
  const unknown = asked.wineries.find((slug) => !props.wineries.some((w) => w.slug === slug));
  if (unknown !== undefined) errors.wineries = `“${unknown.slice(0, 40)}” is not one of our wineries: please choose from the list.`;
  else if (new Set(asked.wineries).size !== count) errors.wineries = 'Each winery can be visited once: please choose it only once.';
  else if (count < minStops) errors.wineries = `Please choose at least ${minStops} wineries${count ? ` (you chose ${count})` : ''}.`;
  else if (count > maxStops) errors.wineries = `Please choose at most ${maxStops} wineries: a day has time for ${maxStops} tastings. You chose ${count}.`;

  let slot: string | undefined;
  if (!asked.date) errors.date = 'Please choose a date.';
  else if (!isRealDate(asked.date)) errors.date = 'Please choose a date from the calendar, written like 2026-07-18.';
  else {
    const found = slotById(vanTimetable(props.van), slotId(asked.date, props.van.pickupTime), now);
    if ('refused' in found) errors.date = dateMessage(props, asked.date, found.refused, now, locale);
    else slot = found.id;
  }

  const party = /^[0-9]{1,3}$/.test(asked.party) ? Number(asked.party) : NaN;
  if (!(party >= props.party.min && party <= props.party.max)) errors.party = partyMessage(props.party);

  const pickup = props.pickups.find((p) => p.slug === asked.pickup);
  if (!pickup) errors.pickup = 'Please choose a pickup point from the list.';

  if (Object.keys(errors).length || !pickup || !slot) return { errors };
  const chosen = asked.wineries.map((slug) => props.wineries.find((w) => w.slug === slug)).filter((w) => w !== undefined);
  const order = asked.own ? chosen : bestOrder(props, pickup, chosen, asked.date);
  return { errors, slot, choices: { date: asked.date, party, pickup: pickup.slug, wineries: order.map((w) => w.slug) } };
}
