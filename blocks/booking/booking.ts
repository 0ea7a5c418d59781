/**
 * What the booking block's halves share: the price of a booking (worked out from the YAML, in
 * integers), the words for a refused slot, the places left in the slots of a day, and the booking a
 * signed link names. What a bookable thing is (its choices, its places taken) is the scheduling kit's.
 */
import { blocksIn } from '../../runtime/config/blocks-in.ts';
import { labelOf, optionsOf, placesLeft, timetableOf } from '../kits/scheduling/bookable.ts';
import { bookingsOf, type BookingRecord } from '../kits/scheduling/bookings.ts';
import { bookableDates, formatSlot, slotsOn, type Refusal, type Slot } from '../kits/scheduling/schedule.ts';
import { isRealDate } from '../../runtime/services/time.ts';
import type { CheckoutLine } from '../../runtime/payments/provider.ts';
import type { ActionServices } from '../contract.ts';
import type { Site } from '../../runtime/site.ts';
import { minorOf, money } from '../money.tsx';
import type { BookingProps } from './schema.ts';
import { depositWords } from './deposit.ts';
import { countOf, unitOf, type Unit } from '../kits/scheduling/units.ts';

import { dateTimeFormat } from '../../runtime/render/intl.ts';

/** How many dates the page lists as links at once; "Earlier dates" and "Later dates" page through the rest of the horizon. */
export const DATES_SHOWN = 14;

/**
 * The bookable dates are shown DATES_SHOWN at a time, in pages that always start at the same dates:
 * the page holding the day asked for, else the one holding `from` (the first bookable date on or
 * after it), else the first. Where the pages before and after it start, when there are any.
 */
export function pageOfDates(
  dates: readonly string[],
  asked: string | undefined,
  from: string | undefined,
): { shown: string[]; earlier?: string; later?: string } {
  const at = asked ? dates.indexOf(asked) : from && isRealDate(from) ? dates.findIndex((d) => d >= from) : 0;
  const index = at < 0 ? (asked ? 0 : Math.max(0, dates.length - 1)) : at;
  const start = index - (index % DATES_SHOWN);
  const earlier = start > 0 ? dates[start - DATES_SHOWN] : undefined;
  const later = dates[start + DATES_SHOWN];
  return { shown: dates.slice(start, start + DATES_SHOWN), ...(earlier ? { earlier } : {}), ...(later ? { later } : {}) };
}

/** The option a visitor named (by its resource), or, when they named none, the first. Undefined for a name the block does not have. */
export function optionOf(props: BookingProps, resource: string | undefined): BookingProps | undefined {
  const options = optionsOf(props);
  if (resource === undefined || resource === '') return options[0];
  return options.find((o) => o.resource === resource);
}

/** What a choice is in a few words: how long, for how many, at what price ("60 min · 2–6 players · $32 a player"). */
export function factsOf(site: Site, props: BookingProps): string {
  const unit = unitOf(props);
  const { min, max } = props.party;
  const size = min === max ? countOf(min, unit) : `${min}–${max} ${unit.other}`;
  const price =
    props.price.perPerson !== undefined
      ? `${money(site, minorOf(site, props.price.perPerson))} a ${unit.one}`
      : `${money(site, minorOf(site, props.price.perSlot ?? 0))} a booking`;
  const deposit = depositWords(site, props);
  return `${props.timetable.durationMinutes} min · ${size} · ${price}${deposit ? ` (${deposit})` : ''}`;
}

/** The checkout lines of a booking for `players` people (or what the unit counts), in minor units. */
export function bookingLines(site: Site, props: BookingProps, players: number): CheckoutLine[] {
  const name = labelOf(props);
  if (props.price.perPerson !== undefined)
    // The count is the line's quantity, said once wherever the line is shown.
    return [{ name: `${name} (per ${unitOf(props).one})`, amount: minorOf(site, props.price.perPerson), quantity: players }];
  return [{ name, amount: minorOf(site, props.price.perSlot ?? 0), quantity: 1 }];
}

const REASONS: Record<Refusal, string> = {
  malformed: 'it is not one of the times on this page.',
  'not-in-timetable': 'it is not one of our start times.',
  closed: 'we are closed that day.',
  'too-soon': 'it starts too soon to book online. Please call us.',
  past: 'it has already started.',
  'too-far': 'it is too far ahead to book yet.',
};

export const slotMessage = (reason: Refusal) => `That time cannot be booked: ${REASONS[reason]}`;
export const partyMessage = (min: number, max: number, unit: Unit) =>
  min === max ? `This can only be booked for ${countOf(min, unit)}.` : `Choose from ${min} to ${max} ${unit.other}.`;
export const FULL_MESSAGE = 'That time has just been taken: please choose another.';
export const CHOICE_MESSAGE = 'That is not one of the things booked on this page: please choose again.';

/** A slot of the chosen day with the places it has left. */
export interface OpenSlot extends Slot {
  left: number;
  label: string;
}

/** What the page reads per request: the dates to choose from, the chosen day's slots, or the booking a link names. */
export interface BookingLoaded {
  /** The bookable dates of the page shown (DATES_SHOWN at most). */
  dates: string[];
  /** Where the pages of dates before and after these start (`?from=`), when there are any. */
  earlier?: string;
  later?: string;
  date?: string;
  slots: OpenSlot[];
  booking?: {
    when: string;
    players: number;
    status: BookingRecord['status'];
    cancellable: boolean;
    /** What was given back to the card when it was cancelled, in minor units. */
    refunded?: number;
    /** With a deposit: what is paid online to book and what is left for the visit, in minor units. */
    deposit?: number;
    balance?: number;
    /** The gift card that paid for it, what it paid, and whether that went back on the card. */
    gift?: { code: string; amount: number; restored: boolean };
    deadline: string;
    token: string;
  };
  /** A link with `?booking=` that names no booking of this site. */
  unknownBooking?: boolean;
  /** A free time the link chose (`?slot=`), checked when the form shows. */
  picked?: string;
  /** The resource of the option shown (the block's own, or the chosen room, coach or class). */
  choice?: string;
}

const HOUR = 3_600_000;

/** A stored booking's slot, for showing it. */
export const slotOf = (record: BookingRecord): Slot => ({
  id: record.slotId,
  date: record.slotId.slice(0, 10),
  time: record.slotId.slice(11),
  startUtc: record.startUtc,
  endUtc: record.endUtc,
});

export async function loadBooking(site: Site, block: BookingProps, query: Readonly<Record<string, string>>, services: ActionServices): Promise<BookingLoaded> {
  const now = services.now();
  const locale = site.data.site.language;
  if (query.booking !== undefined) {
    const record = await bookingsOf(services).byToken(site.prefix, query.booking);
    const props = record ? optionsOf(block).find((o) => o.resource === record.resource) : undefined;
    if (!record || !props) return { dates: [], slots: [], unknownBooking: true };
    const deadline = Date.parse(record.startUtc) - props.cancelHours * HOUR;
    return {
      dates: [],
      slots: [],
      choice: props.resource,
      booking: {
        when: formatSlot(slotOf(record), props.timetable.timeZone, locale),
        players: typeof record.players === 'number' ? record.players : record.places,
        status: record.status,
        cancellable: (record.status === 'confirmed' && now < deadline) || record.status === 'held',
        deadline: dateTimeFormat(locale, { timeZone: props.timetable.timeZone, dateStyle: 'full', timeStyle: 'short' }).format(deadline),
        token: query.booking,
        ...(typeof record.refunded === 'number' ? { refunded: record.refunded } : {}),
        ...(Number.isSafeInteger(record.deposit) && Number.isSafeInteger(record.balance)
          ? { deposit: record.deposit as number, balance: record.balance as number }
          : {}),
        ...(typeof record.gift === 'string' && typeof record.giftAmount === 'number'
          ? { gift: { code: record.gift, amount: record.giftAmount, restored: typeof record.giftRestored === 'number' } }
          : {}),
      },
    };
  }
  // A choice the block does not have (an old link) shows the first, as a page without a choice does.
  const props = optionOf(block, query.choice) ?? optionsOf(block)[0];
  const timetable = timetableOf(props);
  const dates = bookableDates(timetable, now);
  // A link from a timetable names the time itself (`slot=2026-03-08T10:00`): its day is shown with it chosen.
  const day = query.date ?? (typeof query.slot === 'string' ? query.slot.slice(0, 10) : undefined);
  const page = pageOfDates(dates, typeof day === 'string' && isRealDate(day) && dates.includes(day) ? day : undefined, query.from);
  const out: BookingLoaded = {
    dates: page.shown,
    slots: [],
    choice: props.resource,
    ...(page.earlier ? { earlier: page.earlier } : {}),
    ...(page.later ? { later: page.later } : {}),
  };
  const asked = typeof day === 'string' && page.shown.includes(day) ? day : page.shown[0];
  if (!asked) return out;
  out.date = asked;
  const slots = slotsOn(timetable, asked, now);
  const lefts = await placesLeft(services, site, props, slots, now);
  for (const [i, slot] of slots.entries()) {
    out.slots.push({
      ...slot,
      left: lefts[i] ?? 0,
      label: dateTimeFormat(locale, { timeZone: timetable.timeZone, timeStyle: 'short' }).format(Date.parse(slot.startUtc)),
    });
  }
  if (typeof query.slot === 'string' && out.slots.some((slot) => slot.id === query.slot && slot.left > 0)) out.picked = query.slot;
  return out;
}

/** The booking block that books `resource` on the site now, for a paid checkout. */
export function propsFor(site: Site, resource: unknown): BookingProps | undefined {
  for (const { block } of blocksIn(site.data))
    if (block.type === 'booking') {
      const found = optionsOf(block as unknown as BookingProps).find((o) => o.resource === resource);
      if (found) return found;
    }
  return undefined;
}
