/**
 * A booking paid in part online: the deposit a block (or a choice) asks for, in minor units worked
 * out from the YAML, what is left to pay at the visit, the words that say both before and after
 * booking, and the author's mistakes (a deposit as large as the price, two ways of giving it).
 */
import type { SiteData } from '../../schema/site.ts';
import { percentOf } from '../../runtime/payments/money.ts';
import type { Site } from '../../runtime/site.ts';
import type { BlockIssue } from '../contract.ts';
import { minorOf, money } from '../money.tsx';
import { unitOf } from '../kits/scheduling/units.ts';
import type { BookingProps } from './schema.ts';

/** What a booking costs, in minor units: all of it, and with a deposit, what is paid now and what is left for the visit. */
export interface Split {
  total: number;
  /** Paid online to book; the total when there is no deposit. */
  now: number;
  /** Paid at the visit; 0 when everything is paid online. */
  balance: number;
}

/** The price of a booking for `count` (people, or what the unit counts), split into the deposit and the rest when the block asks for one. */
export function splitOf(site: Site, props: BookingProps, count: number, total: number): Split {
  const deposit = props.deposit;
  if (!deposit) return { total, now: total, balance: 0 };
  const asked =
    deposit.percent !== undefined
      ? percentOf(total, deposit.percent)
      : deposit.perPerson !== undefined
        ? minorOf(site, deposit.perPerson) * count
        : minorOf(site, deposit.perSlot ?? 0);
  const now = Math.min(total, asked);
  return { total, now, balance: total - now };
}

/**
 * The deposit in words, before a time is chosen ("$20 deposit now, $89 at the visit"): amounts when
 * they are the same for every group, a share or "the rest" when they depend on its size.
 */
export function depositWords(site: Site, props: BookingProps): string | undefined {
  const { deposit, price } = props;
  if (!deposit) return undefined;
  const each = unitOf(props).one;
  if (price.perSlot !== undefined && deposit.perPerson === undefined) {
    const split = splitOf(site, props, props.party.min, minorOf(site, price.perSlot));
    return `${money(site, split.now)} deposit now, ${money(site, split.balance)} at the visit`;
  }
  if (price.perPerson !== undefined && deposit.perPerson !== undefined) {
    const now = Math.min(minorOf(site, deposit.perPerson), minorOf(site, price.perPerson));
    return `${money(site, now)} deposit a ${each} now, ${money(site, minorOf(site, price.perPerson) - now)} a ${each} at the visit`;
  }
  if (deposit.percent !== undefined) return `${deposit.percent}% deposit now, the rest at the visit`;
  const now =
    deposit.perPerson !== undefined
      ? `${money(site, minorOf(site, deposit.perPerson))} deposit a ${each}`
      : `${money(site, minorOf(site, deposit.perSlot ?? 0))} deposit`;
  return `${now} now, the rest at the visit`;
}

/** The amounts a deposit is written in, for the money checks every block makes. */
export const depositAmounts = (props: BookingProps): { path: (string | number)[]; value: number }[] => [
  ...(props.deposit?.perSlot !== undefined ? [{ path: ['deposit', 'perSlot'], value: props.deposit.perSlot }] : []),
  ...(props.deposit?.perPerson !== undefined ? [{ path: ['deposit', 'perPerson'], value: props.deposit.perPerson }] : []),
];

/** A deposit given two ways or none, or as much as the whole price of some booking: nothing would be left for the visit. */
export function depositIssues(site: Partial<SiteData>, props: BookingProps): BlockIssue[] {
  const deposit = props.deposit;
  if (!deposit || !props.price || !props.party) return [];
  const ways = [deposit.perSlot, deposit.perPerson, deposit.percent].filter((v) => v !== undefined).length;
  if (ways !== 1)
    return [
      {
        path: ['deposit'],
        target: 'key',
        code: ways ? 'SW_NOT_ALLOWED' : 'SW_MISSING_KEY',
        detail: ways ? 'The deposit is given more than one way.' : 'The deposit says neither how much nor what share of the price.',
        fix: 'write one of: "perSlot: 20" (for the booking), "perPerson: 5" (for each one booked) or "percent: 25" (of the price).',
      },
    ];
  if (deposit.percent !== undefined) return [];
  // In cents, whatever the currency: only which is larger matters here.
  const cents = (value: number) => Math.round(value * 100);
  const priceFor = (n: number) => cents(props.price.perPerson !== undefined ? props.price.perPerson * n : (props.price.perSlot ?? 0));
  const depositFor = (n: number) => cents(deposit.perPerson !== undefined ? deposit.perPerson * n : (deposit.perSlot ?? 0));
  const size = [props.party.min, props.party.max].find((n) => depositFor(n) >= priceFor(n));
  if (size === undefined) return [];
  const currency = site.payments?.currency ?? 'USD';
  return [
    {
      path: ['deposit', deposit.perPerson !== undefined ? 'perPerson' : 'perSlot'],
      code: 'SW_OUT_OF_RANGE',
      detail: `A deposit of ${depositFor(size) / 100} ${currency} for a booking of ${size} is all of its price (${priceFor(size) / 100} ${currency}): nothing would be left to pay at the visit.`,
      fix: 'lower the deposit below the price, write it as "percent: 25", or leave "deposit" out to take the whole price online.',
    },
  ];
}
