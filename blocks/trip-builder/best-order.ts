/**
 * The order the van visits the chosen wineries in when the visitor has not chosen one. The nearest
 * winery first is not always best: arriving before a winery opens means waiting, and a winery that
 * opens late is better visited later. With few stops every order is weighed, and the best is the
 * one that fits the wineries' hours, then gets back earliest, then waits least, then drives least;
 * ties keep the nearest-first order. More stops than that keep nearest first.
 *
 * The day is worked out as planTrip does (plan.test.ts checks the two agree on every order), from
 * the drives and hours reckoned once: eight stops are 40,320 orders, and each in full through
 * planTrip took seconds. An order whose day is already worse than the best one is not finished.
 */
import { zonedTimeToUtc } from '../../runtime/services/time.ts';
import { hoursOn, legBetween, nearestFirst, pickupTimeOn, type Leg, type PlanProps, type TripPlan } from './plan.ts';
import type { Pickup, Winery } from './schema.ts';

/** The most stops whose every order is weighed. */
export const MOST_STOPS_WEIGHED = 8;
const MINUTE = 60_000;

/** How a day is ranked, each compared in turn, smaller first. */
export interface Rank {
  /** 0 when the day fits the hours, 1 when a tasting runs past closing, 2 when a winery is closed on arrival. */
  misfit: number;
  back: number;
  waiting: number;
  km: number;
}

const KEYS = ['misfit', 'back', 'waiting', 'km'] as const;
export function better(a: Rank, b: Rank): boolean {
  for (const key of KEYS) if (a[key] !== b[key]) return a[key] < b[key];
  return false;
}

/** A planned day's rank. */
export function rankOf(plan: TripPlan): Rank {
  const notes = plan.stops.flatMap((s) => s.notes);
  return {
    misfit: plan.blocked ? 2 : notes.some((n) => n.kind === 'past-closing') ? 1 : 0,
    back: plan.back.arrive,
    waiting: plan.stops.reduce((sum, s) => sum + (s.start - s.arrive), 0),
    km: plan.stops.reduce((sum, s) => sum + s.leg.km, 0) + plan.back.leg.km,
  };
}

export function bestOrder<T extends Winery>(props: PlanProps, pickup: Pickup, wineries: readonly T[], date: string): T[] {
  const nearest = nearestFirst(pickup, wineries);
  const time = pickupTimeOn(props.van, date);
  const n = nearest.length;
  if (n < 2 || n > MOST_STOPS_WEIGHED || !time) return nearest;
  const rules = { roadFactor: props.roadFactor, speedKmh: props.speedKmh };
  const zone = props.van.timeZone;
  const stay = props.stopMinutes * MINUTE;
  const hours = nearest.map((w) => {
    const h = hoursOn(w, date);
    return h && { opens: zonedTimeToUtc(date, h.opens, zone), closes: zonedTimeToUtc(date, h.closes, zone) };
  });
  const out = nearest.map((w) => legBetween(pickup, w, rules));
  const between = nearest.map((a) => nearest.map((b) => legBetween(a, b, rules)));
  const home = nearest.map((w) => legBetween(w, pickup, rules));

  let best: { order: number[]; rank: Rank } | undefined;
  const order: number[] = [];
  const used = new Array<boolean>(n).fill(false);
  const walk = (at: number, clock: number, misfit: number, waiting: number, km: number) => {
    if (best && (misfit > best.rank.misfit || (misfit === best.rank.misfit && clock + (n - order.length) * stay > best.rank.back))) return;
    if (order.length === n) {
      const leg = home[at] as Leg;
      const rank = { misfit, back: clock + leg.minutes * MINUTE, waiting, km: km + leg.km };
      if (!best || better(rank, best.rank)) best = { order: [...order], rank };
      return;
    }
    for (let i = 0; i < n; i++) {
      if (used[i]) continue;
      const leg = (at < 0 ? out[i] : between[at]?.[i]) as Leg;
      const arrive = clock + leg.minutes * MINUTE;
      const h = hours[i];
      const closed = !h || arrive >= h.closes;
      const start = closed ? arrive : Math.max(arrive, h.opens);
      const worst = Math.max(misfit, closed ? 2 : start + stay > h.closes ? 1 : 0);
      used[i] = true;
      order.push(i);
      walk(i, start + stay, worst, waiting + (start - arrive), km + leg.km);
      order.pop();
      used[i] = false;
    }
  };
  walk(-1, zonedTimeToUtc(date, time, zone), 0, 0, 0);
  return best ? best.order.map((i) => nearest[i] as T) : nearest;
}
