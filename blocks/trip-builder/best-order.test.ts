import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Day } from '../../runtime/services/time.ts';
import { loadFleet } from '../../runtime/fleet.ts';
import { bestOrder, better, MOST_STOPS_WEIGHED, rankOf } from './best-order.ts';
import { checkChoices } from './choices.ts';
import { nearestFirst, planTrip, type TripPlan } from './plan.ts';
import type { TripBuilderProps, Winery } from './schema.ts';
import { clockAt } from './words.ts';
import { BLOCKS } from '../registry.ts';

const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
const ZONE = 'America/Los_Angeles';
let vinetrails: TripBuilderProps;

beforeAll(async () => {
  const fleet = await loadFleet(SITES, BLOCKS, ['vinetrails']);
  const page = fleet.sites.get('vinetrails')?.data.pages.find((p) => p.path === '/trip-builder');
  vinetrails = page?.blocks?.find((b) => b.type === 'trip-builder') as unknown as TripBuilderProps;
});

const planOf = (props: TripBuilderProps, wineries: readonly string[], date: string, pickup: string): TripPlan => {
  const made = planTrip(props, { date, party: 2, pickup, wineries: [...wineries] }, 'USD');
  if (!made) throw new Error('no plan');
  return made;
};
const waitOf = (plan: TripPlan) => plan.stops.reduce((sum, s) => sum + (s.start - s.arrive) / 60_000, 0);

describe('the order the van takes', () => {
  it('visits Crestview, which opens at 11:00, later rather than first and waiting for it (Vine Trails, 12 December)', () => {
    const chosen = ['hollis-creek', 'crestview', 'belden'];
    const date = '2026-12-12';
    // Nearest first, from the depot: Crestview at 10:11, waiting 49 minutes, back at 3:05 PM.
    const nearest = nearestFirst(
      vinetrails.pickups[0] as TripBuilderProps['pickups'][number],
      chosen.map((s) => vinetrails.wineries.find((w) => w.slug === s) as Winery),
    );
    const before = planOf(
      vinetrails,
      nearest.map((w) => w.slug),
      date,
      'depot',
    );
    expect(before.stops[0]?.winery.slug).toBe('crestview');
    expect([clockAt(before.stops[0]?.arrive ?? 0, ZONE, 'en'), waitOf(before), clockAt(before.back.arrive, ZONE, 'en')]).toEqual(['10:11 AM', 49, '3:05 PM']);

    const asked = { wineries: chosen, date, party: '2', pickup: 'depot', own: false };
    const checked = checkChoices(vinetrails, asked, Date.parse('2026-12-01T18:00:00Z'), 'en');
    expect(checked.errors).toEqual({});
    const after = planOf(vinetrails, checked.choices?.wineries ?? [], date, 'depot');
    expect(after.stops.map((s) => s.winery.slug).indexOf('crestview')).toBeGreaterThan(0);
    expect(waitOf(after)).toBe(0);
    // Moving Crestview down one place gets back at 2:35 PM; the best order, Belden first, earlier still.
    const down = planOf(vinetrails, ['hollis-creek', 'crestview', 'belden'], date, 'depot');
    expect(clockAt(down.back.arrive, ZONE, 'en')).toBe('2:35 PM');
    expect(checked.choices?.wineries).toEqual(['belden', 'hollis-creek', 'crestview']);
    expect(clockAt(after.back.arrive, ZONE, 'en')).toBe('2:16 PM');
    expect(after.blocked).toBe(false);
    expect(after.price.total).toBe(before.price.total);
  });

  it('keeps the visitor’s own order when they moved the stops themselves', () => {
    const asked = { wineries: ['crestview', 'hollis-creek', 'belden'], date: '2026-12-12', party: '2', pickup: 'depot', own: true };
    expect(checkChoices(vinetrails, asked, Date.parse('2026-12-01T18:00:00Z'), 'en').choices?.wineries).toEqual(asked.wineries);
  });

  it('weighs every order of eight stops', () => {
    const eight = vinetrails.wineries.slice(0, MOST_STOPS_WEIGHED);
    const started = performance.now();
    const order = bestOrder(vinetrails, vinetrails.pickups[0] as TripBuilderProps['pickups'][number], eight, '2026-12-12');
    console.log(`best of 40,320 orders of eight stops: ${Math.round(performance.now() - started)} ms`);
    expect(new Set(order.map((w) => w.slug))).toEqual(new Set(eight.map((w) => w.slug)));
  });
});

/** Every order of a list. */
const permutations = <T>(items: readonly T[]): T[][] =>
  items.length <= 1 ? [[...items]] : items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));

const DAYS: Day[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Wineries scattered round the valley, with hours from early to late (some closed on the day, some closing early). */
const wineriesArb = fc
  .array(
    fc.record({
      lat: fc.double({ min: 45, max: 45.4, noNaN: true }),
      lng: fc.double({ min: -123.3, max: -122.9, noNaN: true }),
      opens: fc.integer({ min: 8 * 4, max: 14 * 4 }).map((q) => q * 15),
      hours: fc.integer({ min: 2, max: 9 }),
      open: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
      fee: fc.integer({ min: 0, max: 50 }),
    }),
    { minLength: 2, maxLength: 6 },
  )
  .map((list) =>
    list.map((w, i): Winery => ({
      slug: `w${i}`,
      name: `Winery ${i}`,
      lat: w.lat,
      lng: w.lng,
      hours: [{ days: w.open ? DAYS : DAYS.filter((d) => d !== 'saturday'), opens: hhmm(w.opens), closes: hhmm(Math.min(w.opens + w.hours * 60, 23 * 60)) }],
      fee: w.fee,
      description: 'A winery.',
    })),
  );

describe('the best order, against every order', () => {
  it('fits the hours and gets back no later than any other order of the stops (then waits and drives no more)', () => {
    fc.assert(
      fc.property(wineriesArb, fc.integer({ min: 20, max: 120 }), fc.integer({ min: 25, max: 80 }), (wineries, stopMinutes, speedKmh) => {
        const props: TripBuilderProps = { ...vinetrails, wineries, stopMinutes, speedKmh, maxStops: 8 };
        const pickup = vinetrails.pickups[0] as TripBuilderProps['pickups'][number];
        const date = '2026-12-12';
        const best = planOf(
          props,
          bestOrder(props, pickup, wineries, date).map((w) => w.slug),
          date,
          pickup.slug,
        );
        const bestRank = rankOf(best);
        for (const order of permutations(wineries.map((w) => w.slug))) {
          const other = rankOf(planOf(props, order, date, pickup.slug));
          expect(better(other, bestRank), `${order.join(',')} beats ${best.stops.map((s) => s.winery.slug).join(',')}`).toBe(false);
          if (other.misfit === bestRank.misfit) expect(other.back).toBeGreaterThanOrEqual(bestRank.back);
        }
      }),
      { numRuns: 100 },
    );
  });
});
