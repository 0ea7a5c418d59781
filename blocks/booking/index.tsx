import type { SiteData } from '../../schema/site.ts';
import { validateTimetable } from '../kits/scheduling/timetable-check.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import { moneyIssues } from '../money.tsx';
import { defineBlock, type BlockIssue } from '../contract.ts';
import { bookingAction } from './action.ts';
import { bookingsOf } from '../kits/scheduling/bookings.ts';
import { loadBooking } from './booking.ts';
import { optionsOf, partyOrderIssues } from '../kits/scheduling/bookable.ts';
import { poolCapacityIssues, poolSizeIssues } from '../kits/scheduling/pool.ts';
import { BookingForm } from './BookingForm.tsx';
import { bookingDesk } from './desk.ts';
import { bookingPaid } from './paid.ts';
import { bookings } from '../kits/scheduling/records.ts';
import { bookingProps, type BookingProps } from './schema.ts';
import { depositAmounts, depositIssues } from './deposit.ts';
import { questionIssues } from './questions.ts';
import { bookingView, dayView } from './view.ts';

export const booking = defineBlock({
  type: 'booking',
  title: 'Booking',
  description:
    'Books a time for an escape room, a court, a lesson, a class or a bike’s service: visitors choose a day and a free time, say how many are coming (people, or what the block counts: bikes, dogs), answer the site’s own questions and pay on the provider’s checkout, in full or a deposit with the rest due at the visit; the booking is confirmed by e-mail with a calendar file and a link to view or cancel it.',
  props: bookingProps,
  Component: BookingForm,
  island: { module: './BookingForm.tsx', export: 'BookingForm' },
  islandProps: (props, ctx) => ({ view: bookingView(props, ctx) }),
  perRequest: ['token'],
  action: bookingAction,
  records: [bookings],
  deskBoards: [bookingDesk],
  example: {
    resource: 'vault',
    label: 'The Vault',
    heading: 'Book the Vault',
    intro: 'A 60-minute escape room for 2 to 6 players. The room is yours alone: every booking is a private game.',
    timetable: {
      timeZone: 'America/New_York',
      weekly: [
        { days: ['wednesday', 'thursday', 'friday'], starts: ['17:00', '18:30', '20:00'] },
        { days: ['saturday', 'sunday'], starts: ['10:00', '11:30', '13:00', '14:30', '16:00'] },
      ],
      durationMinutes: 60,
      leadMinutes: 120,
      horizonDays: 60,
      closed: ['12-25', '2026-11-26'],
    },
    capacity: 1,
    party: { min: 2, max: 6 },
    price: { perPerson: 30 },
    cancelHours: 24,
    submit: 'Continue to payment',
  },
  async load({ site, props, query, services }) {
    return loadBooking(site, props, query, services);
  },
  // A script reads the days and free times it would show; never a booking a link names.
  publicData({ site, target, props, query, services }) {
    const { booking: _booking, ...day } = query;
    return loadBooking(site, props, day, services).then((loaded) => dayView(site, publicPath(site.prefix, target.path), props, loaded));
  },
  paid: bookingPaid,
  // A lapsed hold already frees its places; this marks it so, for the data tools and the ledger export.
  async scheduled({ site, services, log, now }) {
    const released = await bookingsOf(services).release(site.prefix, now);
    if (released) log.info({ site: site.prefix, released }, 'lapsed booking holds released');
  },
  check(props, site) {
    const issues: BlockIssue[] = [];
    const seen = new Set<string>();
    const add = (issue: BlockIssue) => {
      const key = `${issue.path.join('.')}\n${issue.detail}`;
      if (seen.has(key)) return;
      seen.add(key);
      issues.push(issue);
    };
    questionIssues(props).forEach(add);
    // Each thing booked is checked as it will be booked; a problem is shown where the value is written (the choice's own, or the block's).
    const choices = props.choices ?? [];
    const options = choices.length ? optionsOf(props) : [props];
    options.forEach((option, i) => {
      for (const issue of bookingIssues(site, option)) add({ ...issue, path: writtenAt(props, i, option, issue.path) });
    });
    const named = new Map<string, number>();
    choices.forEach((choice, i) => {
      if (choice.resource === props.resource || named.has(choice.resource))
        add({
          path: ['choices', i, 'resource'],
          code: 'SW_NOT_UNIQUE',
          detail: `"${choice.resource}" names ${choice.resource === props.resource ? 'the block itself' : 'another choice of this block'}.`,
          fix: 'give each choice its own name, such as the room’s or the coach’s.',
        });
      named.set(choice.resource, i);
    });
    poolSizeIssues(props, site).forEach(add);
    return issues;
  },
});

/**
 * Where a problem of one thing booked (`option`, the block's choice `i` with the block's values filled in) is written:
 * in the choice when the choice gives that value itself, else in the block. A closed day or an exception of the
 * choice's timetable is found by its value, as the choice's list is joined to the block's.
 */
function writtenAt(props: BookingProps, i: number, option: BookingProps, path: (string | number)[]): (string | number)[] {
  const choice = props.choices?.[i] as Record<string, unknown> | undefined;
  const [field, ...rest] = path;
  if (typeof field !== 'string') return path;
  const [key, index, ...more] = rest;
  if (field !== 'timetable' || typeof key !== 'string' || !['weekly', 'durationMinutes', 'closed', 'exceptions'].includes(key))
    return choice?.[field] !== undefined ? ['choices', i, field, ...rest] : path;
  if (choice?.[key] === undefined) return path;
  if ((key === 'closed' || key === 'exceptions') && typeof index === 'number') {
    const value: unknown = option.timetable[key]?.[index];
    const own = (props.timetable[key] ?? []) as unknown[];
    return own.includes(value) ? ['timetable', key, own.indexOf(value), ...more] : ['choices', i, key, (choice[key] as unknown[]).indexOf(value), ...more];
  }
  return ['choices', i, ...rest];
}

/** What JSON Schema cannot say about one thing booked: one way of pricing, amounts the currency can hold, a timetable that makes sense, a party that fits. */
function bookingIssues(site: Partial<SiteData>, props: BookingProps): BlockIssue[] {
  const amounts = [
    ...(props.price?.perPerson !== undefined ? [{ path: ['price', 'perPerson'], value: props.price.perPerson }] : []),
    ...(props.price?.perSlot !== undefined ? [{ path: ['price', 'perSlot'], value: props.price.perSlot }] : []),
  ];
  const issues: BlockIssue[] = moneyIssues(site, [...amounts, ...depositAmounts(props)]);
  if (props.timetable)
    for (const problem of validateTimetable(props.timetable))
      issues.push({
        path: ['timetable', ...problem.path],
        code: 'SW_BAD_FORMAT',
        detail: problem.detail,
        fix: problem.fix,
        ...(problem.edit ? { edit: problem.edit } : {}),
      });
  const ways = amounts.length;
  if (ways !== 1)
    issues.push({
      path: ['price'],
      target: 'key',
      code: ways ? 'SW_NOT_ALLOWED' : 'SW_MISSING_KEY',
      detail: ways ? 'The price is given both per person and per booking.' : 'The price says neither how much per person nor per booking.',
      fix: 'write one of: "perPerson: 32" (each person pays) or "perSlot: 120" (one price for the booking).',
    });
  issues.push(...partyOrderIssues(props.party), ...poolCapacityIssues(props));
  const max = props.party?.max;
  if (typeof max === 'number' && props.capacity > 1 && max > props.capacity)
    issues.push({
      path: ['party', 'max'],
      code: 'SW_OUT_OF_RANGE',
      detail: `A group of ${max} could never fit: each time has ${props.capacity} places.`,
      fix: `lower party.max to ${props.capacity} or less, or write "capacity: 1" if one group takes the whole room.`,
    });
  if (ways === 1) issues.push(...depositIssues(site, props));
  return issues;
}
