/** What the trip builder's schema cannot say about its props, checked when the site loads. */
import { partyOrderIssues } from '../kits/scheduling/bookable.ts';
import { DAYS } from '../../runtime/services/time.ts';
import { validateTimetable } from '../kits/scheduling/timetable-check.ts';
import type { SiteData } from '../../schema/site.ts';
import { moneyIssues } from '../money.tsx';
import type { BlockIssue } from '../contract.ts';
import { vanTimetable } from './plan.ts';
import type { TripBuilderProps } from './schema.ts';

/** Where a problem of the timetable made from the van sits in the van's own props. */
function vanPath(path: (string | number)[]): (string | number)[] {
  if (path[0] !== 'weekly') return ['van', ...path];
  return path[2] === 'days' ? ['van', 'days', ...path.slice(3)] : ['van', 'pickupTime'];
}

function duplicates(list: readonly { slug: string }[] | undefined, at: string, many: string, one: string): BlockIssue[] {
  const seen = new Set<string>();
  const issues: BlockIssue[] = [];
  (list ?? []).forEach((entry, i) => {
    if (seen.has(entry.slug))
      issues.push({
        path: [at, i, 'slug'],
        code: 'SW_DUPLICATE_NAME',
        detail: `Two ${many} have the slug "${entry.slug}".`,
        fix: `give every ${one} its own slug: visitors choose it by its slug and bookings keep it.`,
      });
    seen.add(entry.slug);
  });
  return issues;
}

function hoursIssues(props: TripBuilderProps): BlockIssue[] {
  const issues: BlockIssue[] = [];
  (props.wineries ?? []).forEach((winery, i) => {
    const seen = new Set<string>();
    (winery.hours ?? []).forEach((hours, j) => {
      (hours.days ?? []).forEach((day, k) => {
        if (seen.has(day))
          issues.push({
            path: ['wineries', i, 'hours', j, 'days', k],
            code: 'SW_NOT_UNIQUE',
            detail: `${winery.name} has two sets of hours on ${day}.`,
            fix: `write each day once: ${DAYS.join(', ')}.`,
          });
        seen.add(day);
      });
      if (typeof hours.opens === 'string' && typeof hours.closes === 'string' && hours.closes <= hours.opens)
        issues.push({
          path: ['wineries', i, 'hours', j, 'closes'],
          code: 'SW_OUT_OF_RANGE',
          detail: `${winery.name} would close at ${hours.closes}, before it opens at ${hours.opens}.`,
          fix: 'write the closing time after the opening time, on a 24-hour clock such as "17:00".',
        });
    });
  });
  return issues;
}

export function checkTripBuilder(props: TripBuilderProps, site: Partial<SiteData>): BlockIssue[] {
  const deposit = props.price?.deposit ?? {};
  const issues: BlockIssue[] = moneyIssues(site, [
    ...(props.price?.perPerson !== undefined ? [{ path: ['price', 'perPerson'], value: props.price.perPerson }] : []),
    ...(deposit.perPerson !== undefined ? [{ path: ['price', 'deposit', 'perPerson'], value: deposit.perPerson }] : []),
    ...(props.wineries ?? []).map((w, i) => ({ path: ['wineries', i, 'fee'], value: w.fee })),
  ]);
  const ways = (deposit.perPerson !== undefined ? 1 : 0) + (deposit.percent !== undefined ? 1 : 0);
  if (ways !== 1)
    issues.push({
      path: ['price', 'deposit'],
      target: 'key',
      code: ways ? 'SW_NOT_ALLOWED' : 'SW_MISSING_KEY',
      detail: ways ? 'The deposit is given both per guest and as a percent.' : 'The deposit says neither how much per guest nor what percent.',
      fix: 'write one of: "perPerson: 40" (each guest pays 40 to book) or "percent: 30" (30% of the whole price).',
    });
  if (props.van)
    for (const p of validateTimetable(vanTimetable(props.van))) issues.push({ path: vanPath(p.path), code: 'SW_BAD_FORMAT', detail: p.detail, fix: p.fix });
  issues.push(...partyOrderIssues(props.party));
  const max = props.party?.max;
  const seats = props.van?.seats;
  if (typeof max === 'number' && typeof seats === 'number' && max > seats)
    issues.push({
      path: ['party', 'max'],
      code: 'SW_OUT_OF_RANGE',
      detail: `A group of ${max} could never fit: the van has ${seats} seats a day.`,
      fix: `lower party.max to ${seats} or less.`,
    });
  if (props.minStops > props.maxStops)
    issues.push({
      path: ['minStops'],
      code: 'SW_OUT_OF_RANGE',
      detail: `A trip would visit at least ${props.minStops} wineries but at most ${props.maxStops}.`,
      fix: 'make minStops no larger than maxStops.',
    });
  const count = props.wineries?.length ?? 0;
  if (props.minStops > count)
    issues.push({
      path: ['minStops'],
      code: 'SW_OUT_OF_RANGE',
      detail: `A trip visits at least ${props.minStops} wineries, but only ${count} are listed.`,
      fix: `lower minStops to ${count} or add wineries.`,
    });
  issues.push(
    ...duplicates(props.wineries, 'wineries', 'wineries', 'winery'),
    ...duplicates(props.pickups, 'pickups', 'pickup points', 'pickup point'),
    ...hoursIssues(props),
  );
  return issues;
}
