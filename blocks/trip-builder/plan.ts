/**
 * The arithmetic of a winery day, the same on the server and in the browser: how far apart two
 * places are, how long the van takes between them, the order it visits the wineries in, when it
 * arrives and leaves each one in the van's time zone, what is wrong with a stop (closed that day,
 * or closing before the visit ends), and what the trip costs, in integer minor units.
 *
 * Every function is pure: no clock, no store, no formatting for people (words.ts does that).
 * Instants are epoch milliseconds; local dates and times are the zone's wall clock.
 */
import { dayOf, isRealDate, zonedTimeToUtc, type Day } from '../../runtime/services/time.ts';
import { type Timetable } from '../kits/scheduling/schedule.ts';
import { authoredAmount, percentOf } from '../../runtime/payments/money.ts';
import type { Pickup, TripBuilderProps, Van, Winery } from './schema.ts';

/** The mean radius of the Earth (IUGG), in km. */
export const EARTH_RADIUS_KM = 6371.0088;
const MINUTE = 60_000;

export interface LatLng {
  lat: number;
  lng: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in km, by the haversine formula. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const h = Math.sin(radians(b.lat - a.lat) / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** What drive times are made from: the roads' length over the straight line, and the average speed. */
export interface RoadRules {
  roadFactor: number;
  speedKmh: number;
}

/** One drive: its estimated length by road (km) and its time in whole minutes, rounded up. */
export interface Leg {
  km: number;
  minutes: number;
}

export function legBetween(from: LatLng, to: LatLng, rules: RoadRules): Leg {
  const km = haversineKm(from, to) * rules.roadFactor;
  // Rounded to a millionth of a minute first, so 14.0000000001 minutes of floating point is 14, not 15.
  return { km, minutes: Math.ceil(Math.round((km / rules.speedKmh) * 60 * 1e6) / 1e6) };
}

/** The stops in the order a driver would take them without a map: always the nearest one not yet visited, from `start` (ties keep the list's order). */
export function nearestFirst<T extends LatLng>(start: LatLng, stops: readonly T[]): T[] {
  const left = [...stops];
  const order: T[] = [];
  let at = start;
  while (left.length) {
    let best = 0;
    for (let i = 1; i < left.length; i++) if (haversineKm(at, left[i] as T) < haversineKm(at, left[best] as T)) best = i;
    const [next] = left.splice(best, 1) as [T];
    order.push(next);
    at = next;
  }
  return order;
}

/** A list with the item at `index` swapped with its neighbour before (-1) or after (+1); the same list when there is none. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to] as T, out[index] as T];
  return out;
}

/** The van as the booking core reads it: one start a day, at the pickup time, on the days it runs. */
export function vanTimetable(van: Van): Timetable {
  return {
    timeZone: van.timeZone,
    weekly: [{ days: [...van.days], starts: [van.pickupTime] }],
    durationMinutes: van.durationMinutes,
    ...(van.leadMinutes !== undefined ? { leadMinutes: van.leadMinutes } : {}),
    ...(van.horizonDays !== undefined ? { horizonDays: van.horizonDays } : {}),
    ...(van.closed ? { closed: [...van.closed] } : {}),
  };
}

/** When the van leaves on a local date ('HH:MM'), or undefined on a day it does not run. */
export function pickupTimeOn(van: Van, date: string): string | undefined {
  if (!isRealDate(date) || van.closed?.includes(date) || !van.days.includes(dayOf(date))) return undefined;
  return van.pickupTime;
}

/** A winery's opening hours on a local date, or undefined when it is closed that day. */
export function hoursOn(winery: Winery, date: string): { opens: string; closes: string } | undefined {
  const day = dayOf(date);
  return winery.hours.find((h) => h.days.includes(day));
}

/** Something the page says about a stop. `closed` and `after-closing` make the trip impossible as planned. */
export type StopNote =
  | { kind: 'closed'; day: Day }
  | { kind: 'after-closing'; closes: number }
  | { kind: 'past-closing'; closes: number; minutes: number }
  | { kind: 'wait'; opens: number; minutes: number };

export interface PlannedStop {
  winery: Winery;
  /** The drive to it from the pickup point or the stop before. */
  leg: Leg;
  arrive: number;
  /** When the tasting starts: on arrival, or at opening time when the van is early. */
  start: number;
  leave: number;
  notes: StopNote[];
}

/** What a visitor chose, checked: the wineries in the order the van visits them. */
export interface TripChoices {
  date: string;
  party: number;
  pickup: string;
  wineries: string[];
}

export interface TastingLine {
  slug: string;
  name: string;
  each: number;
  total: number;
}

/** A trip's price in minor units, made from the YAML's amounts only. */
export interface TripPrice {
  party: number;
  tourEach: number;
  tour: number;
  tastings: TastingLine[];
  total: number;
  deposit: number;
  balance: number;
}

export interface TripPlan {
  date: string;
  pickup: Pickup;
  depart: number;
  stops: PlannedStop[];
  /** The drive back to the pickup point and when the van gets there. */
  back: { leg: Leg; arrive: number };
  /** A stop is closed when the van gets there: the trip cannot be booked as it is. */
  blocked: boolean;
  price: TripPrice;
}

export type PlanProps = Pick<TripBuilderProps, 'wineries' | 'pickups' | 'van' | 'price' | 'roadFactor' | 'speedKmh' | 'stopMinutes'>;

/** The price of a trip for `party` guests visiting `wineries`: the tour and each tasting for every guest, and the deposit paid to book. */
export function tripPrice(price: TripBuilderProps['price'], wineries: readonly Winery[], party: number, currency: string): TripPrice {
  const minor = (value: number) => authoredAmount(value, currency) ?? 0;
  const tourEach = minor(price.perPerson);
  const tastings = wineries.map((w) => ({ slug: w.slug, name: w.name, each: minor(w.fee), total: minor(w.fee) * party }));
  const total = tourEach * party + tastings.reduce((sum, t) => sum + t.total, 0);
  const asked = price.deposit.percent !== undefined ? percentOf(total, price.deposit.percent) : minor(price.deposit.perPerson ?? 0) * party;
  const deposit = Math.min(total, asked);
  return { party, tourEach, tour: tourEach * party, tastings, total, deposit, balance: total - deposit };
}

/** What happens at one winery when the van arrives at `arrive`. */
function visit(winery: Winery, date: string, arrive: number, stopMinutes: number, timeZone: string): Omit<PlannedStop, 'leg'> {
  const hours = hoursOn(winery, date);
  if (!hours) return { winery, arrive, start: arrive, leave: arrive + stopMinutes * MINUTE, notes: [{ kind: 'closed', day: dayOf(date) }] };
  const opens = zonedTimeToUtc(date, hours.opens, timeZone);
  const closes = zonedTimeToUtc(date, hours.closes, timeZone);
  if (arrive >= closes) return { winery, arrive, start: arrive, leave: arrive + stopMinutes * MINUTE, notes: [{ kind: 'after-closing', closes }] };
  const start = Math.max(arrive, opens);
  const leave = start + stopMinutes * MINUTE;
  const notes: StopNote[] = [];
  if (start > arrive) notes.push({ kind: 'wait', opens, minutes: (start - arrive) / MINUTE });
  if (leave > closes) notes.push({ kind: 'past-closing', closes, minutes: (leave - closes) / MINUTE });
  return { winery, arrive, start, leave, notes };
}

/**
 * The day of a trip: the van leaves the pickup point at the pickup time, drives to each winery in
 * the order given, stays `stopMinutes` (waiting for opening time when early), and drives back.
 * Undefined when the choices name a pickup point or winery the props do not have, or a day the van does not run.
 */
export function planTrip(props: PlanProps, choices: TripChoices, currency: string): TripPlan | undefined {
  const pickup = props.pickups.find((p) => p.slug === choices.pickup);
  const wineries = choices.wineries.map((slug) => props.wineries.find((w) => w.slug === slug));
  const time = pickupTimeOn(props.van, choices.date);
  if (!pickup || !time || wineries.some((w) => !w)) return undefined;
  const rules = { roadFactor: props.roadFactor, speedKmh: props.speedKmh };
  const depart = zonedTimeToUtc(choices.date, time, props.van.timeZone);
  const stops: PlannedStop[] = [];
  let at: LatLng = pickup;
  let clock = depart;
  for (const winery of wineries as Winery[]) {
    const leg = legBetween(at, winery, rules);
    const stop = { leg, ...visit(winery, choices.date, clock + leg.minutes * MINUTE, props.stopMinutes, props.van.timeZone) };
    stops.push(stop);
    at = winery;
    clock = stop.leave;
  }
  const backLeg = legBetween(at, pickup, rules);
  return {
    date: choices.date,
    pickup,
    depart,
    stops,
    back: { leg: backLeg, arrive: clock + backLeg.minutes * MINUTE },
    blocked: stops.some((s) => s.notes.some((n) => n.kind === 'closed' || n.kind === 'after-closing')),
    price: tripPrice(props.price, wineries as Winery[], choices.party, currency),
  };
}
