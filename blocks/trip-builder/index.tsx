import { siteHref } from '../../runtime/render/context.tsx';
import { renderMarkdown } from '../../runtime/render/markdown.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import { currencyOf } from '../money.tsx';
import { bookings } from '../kits/scheduling/records.ts';
import { defineBlock } from '../contract.ts';
import { tripAction } from './action.ts';
import { checkTripBuilder } from './check.ts';
import { tripPaid } from './paid.ts';
import { tripBuilderProps } from './schema.ts';
import { loadTrip } from './trip.ts';
import { TripBuilder } from './TripBuilder.tsx';
import type { TripView } from './view.ts';

export const tripBuilder = defineBlock({
  type: 'trip-builder',
  title: 'Trip builder',
  description:
    'Visitors plan their own winery day: they choose wineries, a date, their group and a pickup point, and see the stops in order with drive times, arrival and leaving times, warnings for a closed winery, and the price; they book seats in the van for that day and pay a deposit, and the booking is confirmed by e-mail with a calendar file.',
  props: tripBuilderProps,
  Component: TripBuilder,
  island: { module: './TripBuilder.tsx', export: 'TripBuilder' },
  perRequest: ['token'],
  action: tripAction,
  records: [bookings],
  islandProps(props, ctx) {
    const page = publicPath(ctx.site.prefix, ctx.target.path);
    // After a refused booking the page is shown again without reading the store: the post's state carries the plan.
    const posted = ctx.visitor.posted?.key === tripAction.key(props) ? ctx.visitor.posted.state : undefined;
    const view = (ctx.visitor.loaded?.['trip-builder'] as TripView | undefined) ?? (posted?.result as { view?: TripView } | undefined)?.view ?? undefined;
    return {
      currency: currencyOf(ctx.site),
      page,
      action: `${ctx.actionOrigin ?? ''}${page}`,
      token: ctx.visitor.token,
      testMode: ctx.site.data.payments?.provider !== 'stripe',
      ...(props.intro ? { introHtml: renderMarkdown(props.intro, (h) => siteHref(ctx.site.prefix, h)) } : {}),
      ...(view ? { view } : {}),
      ...(posted ? { posted: { values: posted.values ?? {}, errors: posted.errors ?? {}, ...(posted.problem ? { problem: posted.problem } : {}) } } : {}),
    };
  },
  example: {
    resource: 'valley-van',
    label: 'Your own winery day',
    heading: 'Plan your own winery day',
    intro: 'Choose two to four wineries, a date and your pickup point: we plan the drive and show you the price before you book.',
    wineries: [
      {
        slug: 'hollis-creek',
        name: 'Hollis Creek Vineyards',
        lat: 45.2731,
        lng: -123.0416,
        hours: [{ days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], opens: '10:00', closes: '17:00' }],
        fee: 25,
        description: 'Third-generation family estate. Chardonnay, Pinot Gris and Pinot Noir from 1970s vines.',
      },
      {
        slug: 'silverleaf',
        name: 'Silverleaf Cellars',
        lat: 45.295,
        lng: -123.158,
        hours: [{ days: ['wednesday', 'thursday', 'friday', 'saturday', 'sunday'], opens: '11:00', closes: '17:00' }],
        fee: 30,
        description: 'Traditional-method sparkling wines aged in caves dug into the hillside.',
      },
      {
        slug: 'crestview',
        name: 'Crestview Estate',
        lat: 45.1445,
        lng: -123.2402,
        hours: [
          { days: ['wednesday', 'thursday', 'friday', 'saturday'], opens: '11:00', closes: '20:00' },
          { days: ['sunday'], opens: '11:00', closes: '17:00' },
        ],
        fee: 35,
        description: 'The highest tasting room in the valley, with a terrace facing the Coast Range.',
      },
    ],
    pickups: [{ slug: 'depot', name: 'Vine Trails office', address: '77 Depot Street, Sauvelle', lat: 45.2101, lng: -123.1987 }],
    van: {
      seats: 14,
      timeZone: 'America/Los_Angeles',
      days: ['wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      pickupTime: '10:00',
      durationMinutes: 480,
      leadMinutes: 1440,
      horizonDays: 90,
      closed: ['2026-12-25'],
    },
    party: { min: 1, max: 8 },
    price: { perPerson: 119, deposit: { percent: 30 } },
    roadFactor: 1.3,
    speedKmh: 60,
    stopMinutes: 60,
    minStops: 2,
    maxStops: 4,
    submit: 'Book this trip',
  },
  load: loadTrip,
  paid: tripPaid,
  check: checkTripBuilder,
});
