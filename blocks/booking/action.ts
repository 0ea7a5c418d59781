/**
 * The booking block's server half. A booking post holds the places of a slot (counted by the store
 * in one step, so a slot is never sold twice), works out the price from the YAML and sends the
 * booker to pay; a posted price is never read. A cancel post, through the signed link of a booking,
 * cancels it and refunds it while the cancellation window is open.
 */
import { slotById } from '../kits/scheduling/schedule.ts';
import { readCheckout } from '../../runtime/payments/ledger.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import { formatSlot } from '../kits/scheduling/schedule.ts';
import type { Site } from '../../runtime/site.ts';
import type { ActionServices } from '../contract.ts';
import type { BookingRecord } from '../kits/scheduling/bookings.ts';
import type { ActionInput, ActionResult, BlockAction } from '../contract.ts';
import { isEmail, money, postFields, robotCheck } from '../money.tsx';
import { CHANGED_MESSAGE, giftFor, restoreKey, takeGift, type GiftUse } from './gift.ts';
import { splitOf, type Split } from './deposit.ts';
import { postedAnswers, readAnswers } from '../kits/fields/answers.ts';
import { todayIn } from '../kits/fields/dates.ts';
import { siteZone } from '../../runtime/render/site-zone.ts';
import type { CheckoutLine } from '../../runtime/payments/provider.ts';
import { announceBooking } from './paid.ts';
import { bookingLines, CHOICE_MESSAGE, FULL_MESSAGE, optionOf, partyMessage, slotMessage } from './booking.ts';
import { bookingsOf } from '../kits/scheduling/bookings.ts';
import { labelOf, timetableOf, wholeRoom } from '../kits/scheduling/bookable.ts';
import { countOf, unitOf } from '../kits/scheduling/units.ts';
import type { BookingProps } from './schema.ts';
import { dateTimeFormat } from '../../runtime/render/intl.ts';
import { certificateBalance, isPracticeCertificate, restoreCertificate } from '../kits/gifts/certificates.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The checkout a booking was paid through: on the booking once confirmed, else on the ledger's opening entry. */
async function checkoutOf(services: ActionServices, site: Site, booking: Record<string, unknown>): Promise<string | undefined> {
  if (typeof booking.checkout === 'string') return booking.checkout;
  const tenant = await services.store.tenant(site.prefix);
  const opened = (await tenant.list('ledger', { type: 'checkout-opened', purpose: 'booking' })).find(
    (e) => (e.details as Record<string, unknown> | undefined)?.bookingId === booking.id,
  );
  return typeof opened?.checkout === 'string' ? opened.checkout : undefined;
}

/** What a cancelled booking gave back, in minor units: to the card that paid, and onto the gift card with what it now holds. */
export interface GivenBack {
  card?: number;
  gift?: { code: string; amount: number; balance: number };
}

/** Gives back what a cancelled booking was paid with: a gift card's part to the card, the rest to the card that paid. */
export async function refundCancelled(services: ActionServices, site: Site, booking: BookingRecord, log: ActionInput<unknown>['log']): Promise<GivenBack> {
  const tenant = await services.store.tenant(site.prefix);
  const given: GivenBack = {};
  // What a gift card paid goes back on the card; what a card paid, to the card.
  if (typeof booking.gift === 'string' && Number.isSafeInteger(booking.giftAmount) && (booking.giftAmount as number) > 0) {
    await restoreCertificate(services, site, booking.gift, booking.giftAmount as number, restoreKey(booking.id));
    await tenant.update('bookings', booking.id, { giftRestored: booking.giftAmount });
    const balance = (await certificateBalance(services, site, booking.gift)) ?? 0;
    given.gift = { code: booking.gift, amount: booking.giftAmount as number, balance };
  }
  const checkout = await checkoutOf(services, site, booking);
  if (checkout) {
    const refund = await services.checkout.refund(site, checkout);
    if ('refunded' in refund) {
      await tenant.update('bookings', booking.id, { refunded: refund.refunded });
      given.card = refund.refunded;
    } else log.error({ site: site.prefix, booking: booking.id, reason: refund.refused }, 'a cancelled booking could not be refunded: see the ledger');
  }
  return given;
}

/** What the card that paid for a booking would get back now (what was paid less what was refunded), in minor units. */
export async function refundableByCard(services: ActionServices, site: Site, booking: BookingRecord): Promise<number> {
  const checkout = await checkoutOf(services, site, booking);
  if (!checkout) return 0;
  const view = await readCheckout(await services.store.tenant(site.prefix), checkout);
  return view?.paid && Number.isSafeInteger(view.paid.amount) ? Math.max(0, (view.paid.amount as number) - view.refunded) : 0;
}

async function cancel(input: ActionInput<BookingProps>, token: string): Promise<ActionResult> {
  const { site, target, props, services, log } = input;
  const result = await bookingsOf(services).cancel(site.prefix, token, { cancelHours: props.cancelHours }, services.now());
  if ('refused' in result) {
    if (result.refused === 'unknown')
      return { kind: 'refused', status: 404, state: { problem: 'This link does not name a booking. Please use the link in your confirmation e-mail.' } };
    const deadline = dateTimeFormat(site.data.site.language, { timeZone: props.timetable.timeZone, dateStyle: 'full', timeStyle: 'short' }).format(
      Date.parse(result.deadline),
    );
    const phone = site.data.site.phone ? ` Please call us on ${site.data.site.phone}.` : ' Please contact us.';
    return {
      kind: 'refused',
      status: 422,
      state: { problem: `It is too late to cancel this booking online: bookings can be cancelled until ${deadline}.${phone}` },
    };
  }
  if (result.refundable) await refundCancelled(services, site, result.cancelled, log);
  log.info({ site: site.prefix, resource: props.resource }, 'booking cancelled');
  return { kind: 'done', redirect: `${publicPath(site.prefix, target.path)}?booking=${encodeURIComponent(token)}` };
}

async function handle(input: ActionInput<BookingProps>): Promise<ActionResult> {
  const { site, body, services } = input;
  const values = {
    choice: text(body.choice),
    slot: text(body.slot),
    party: text(body.party),
    name: text(body.name),
    email: text(body.email),
    gift: text(body.gift),
  };
  // Anything but the block's own fields (a price), or a field sent twice: not from this form.
  if (!input.validate(body)) return { kind: 'refused', status: 400, state: { values, problem: 'The form could not be read. Please fill it in again.' } };
  // The block's own questions, read and checked as the form block's are; shown again with the rest after any refusal.
  const asked = readAnswers(input.props.fields ?? [], body, todayIn(services.now(), siteZone(site)), site.data.site.language);
  const shown: Record<string, unknown> = { ...asked.answers, ...values };
  const robot = robotCheck(input, shown);
  if (robot !== 'person') return robot;
  if (typeof body._cancel === 'string') return cancel(input, body._cancel);

  // The room, coach or class chosen: its own timetable, places and price, all from the YAML.
  const props = optionOf(input.props, values.choice);
  if (!props) return { kind: 'refused', status: 422, state: { values: shown, errors: { slot: CHOICE_MESSAGE } } };
  const now = services.now();
  const timetable = timetableOf(props);
  const whole = wholeRoom(props);
  const errors: Record<string, string> = { ...asked.errors };
  const slot = slotById(timetable, values.slot, now);
  if (!values.slot) errors.slot = 'Please choose a time.';
  else if ('refused' in slot) errors.slot = slotMessage(slot.refused);
  const players = /^[0-9]{1,3}$/.test(values.party) ? Number(values.party) : NaN;
  if (!(players >= props.party.min && players <= props.party.max)) errors.party = partyMessage(props.party.min, props.party.max, unitOf(props));
  if (!values.name) errors.name = 'Please enter the name the booking is under.';
  else if (values.name.length > 80) errors.name = 'Please shorten the name to 80 characters.';
  if (!isEmail(values.email))
    errors.email = values.email ? 'Please enter an e-mail address such as name@example.com.' : 'Please enter your e-mail address for the confirmation.';
  const gift = input.props.giftCards && values.gift ? await giftFor(services, site, values.gift) : undefined;
  if (gift && 'error' in gift) errors.gift = gift.error;
  if (Object.keys(errors).length || 'refused' in slot || (gift && 'error' in gift)) return { kind: 'refused', status: 422, state: { values: shown, errors } };

  // A whole room is one place taken by the whole group; a class has a place for each person.
  const bookings = bookingsOf(services);
  const held = await bookings.hold(
    site.prefix,
    {
      resource: props.resource,
      timetable,
      capacity: props.capacity,
      ...(props.pool ? { pool: props.pool } : {}),
      slotId: slot.id,
      places: whole ? 1 : players,
      minParty: whole ? 1 : props.party.min,
      maxParty: whole ? 1 : props.party.max,
      contact: { name: values.name, email: values.email.toLowerCase() },
    },
    now,
  );
  if ('refused' in held) {
    const error: Record<string, string> =
      held.refused === 'slot'
        ? { slot: slotMessage(held.reason) }
        : held.refused === 'party'
          ? { party: partyMessage(props.party.min, props.party.max, unitOf(props)) }
          : held.left > 0 && !whole
            ? // Room is left, only not for so many: the party is what to change, said in the booking's own words.
              { party: `There is room for only ${countOf(held.left, unitOf(props))} at that time: choose fewer, or another time.` }
            : { slot: FULL_MESSAGE };
    return { kind: 'refused', status: held.refused === 'full' ? 409 : 422, state: { values: shown, errors: error } };
  }
  const lines = bookingLines(site, props, players);
  const split = splitOf(
    site,
    props,
    players,
    lines.reduce((sum, line) => sum + line.amount * line.quantity, 0),
  );
  // Kept with the booking: a whole room's group size, the answers, and what is left to pay at the visit.
  const extra = {
    ...(whole ? { players } : {}),
    ...(Object.keys(asked.answers).length ? { answers: asked.answers } : {}),
    ...(split.balance ? { total: split.total, deposit: split.now, balance: split.balance } : {}),
  };
  if (Object.keys(extra).length) await (await services.store.tenant(site.prefix)).update('bookings', held.held.id, extra);
  return pay(input, { props, when: formatSlot(slot, timetable.timeZone, site.data.site.language), players, lines, split, gift, held, shown });
}

/** A held booking on its way to being paid: what it is, what it costs, and the answers to show again if it cannot be. */
interface Paying {
  props: BookingProps;
  when: string;
  players: number;
  lines: CheckoutLine[];
  split: Split;
  gift?: GiftUse;
  held: { held: BookingRecord; token: string };
  shown: Record<string, unknown>;
}

/**
 * What the checkout charges, in minor units: the lines, or with a deposit one line for it that says
 * the whole price and what is left for the visit; less what a gift card pays, which the line says.
 */
function checkoutLines(site: Site, { props, players, lines, split, gift }: Paying, giftAmount: number): CheckoutLine[] {
  const label = labelOf(props);
  const less = gift && giftAmount ? `, less ${money(site, giftAmount)} from gift card ${gift.code}` : '';
  if (split.balance)
    return [
      {
        name: `Deposit: ${label}, ${countOf(players, unitOf(props))}${less ? `: ${money(site, split.now)}${less}` : ''} (${money(site, split.total)} in all, ${money(site, split.balance)} to pay at the visit)`,
        amount: split.now - giftAmount,
        quantity: 1,
      },
    ];
  // Part paid by a gift card: one line for the rest, which says so.
  return less ? [{ name: `${label}: ${money(site, split.total)}${less}`, amount: split.total - giftAmount, quantity: 1 }] : lines;
}

/** A gift card pays first, towards what is paid now; the booking is confirmed at once when it pays it all, else the rest goes to the checkout. */
async function pay(input: ActionInput<BookingProps>, paying: Paying): Promise<ActionResult> {
  const { site, target, services, log } = input;
  const { props, split, gift, held, shown } = paying;
  const now = services.now();
  const bookings = bookingsOf(services);
  const email = String(shown.email).toLowerCase();
  const giftAmount = gift ? Math.min(gift.balance, split.now) : 0;
  if (gift && giftAmount === split.now) {
    // The gift card pays it all: taken now, in one step, and the booking is confirmed without a checkout.
    if (!(await takeGift(services, site, gift.code, giftAmount, held.held.id))) {
      await bookings.cancel(site.prefix, held.token, { cancelHours: 0 }, now);
      return { kind: 'refused', status: 409, state: { values: shown, errors: { gift: CHANGED_MESSAGE } } };
    }
    const confirmed = await bookings.confirm(site.prefix, held.held.id, now, { gift: gift.code, giftAmount });
    if ('refused' in confirmed) {
      await restoreCertificate(services, site, gift.code, giftAmount, restoreKey(held.held.id));
      return { kind: 'refused', status: 409, state: { values: shown, errors: { slot: FULL_MESSAGE } } };
    }
    await announceBooking(site, services, log, confirmed, {
      page: target.path,
      token: held.token,
      email,
      paid: `gift card ${gift.code}`,
      testMode: await isPracticeCertificate(services, site, gift.code),
    });
    const redirect = `${publicPath(site.prefix, target.path)}?booking=${encodeURIComponent(held.token)}#${input.props.resource}`;
    return { kind: 'done', redirect, json: { redirect } };
  }

  try {
    const { redirect } = await services.checkout.open(site, {
      purpose: 'booking',
      page: target.path,
      description: `${site.data.site.name}: ${labelOf(props)} on ${paying.when}`,
      lines: checkoutLines(site, paying, giftAmount),
      email,
      details: {
        bookingId: held.held.id,
        token: held.token,
        resource: props.resource,
        players: paying.players,
        ...(gift ? { gift: gift.code, giftAmount } : {}),
        ...(split.balance ? { total: split.total, deposit: split.now, balance: split.balance } : {}),
      },
      ...(split.balance ? { said: [{ label: 'To pay at the visit', text: money(site, split.balance) }] } : {}),
    });
    return { kind: 'done', redirect, json: { redirect } };
  } catch (error) {
    log.error({ site: site.prefix, resource: props.resource, err: (error as Error).message }, 'a checkout could not be opened for a booking');
    // The places go back at once rather than when the hold lapses.
    await bookings.cancel(site.prefix, held.token, { cancelHours: 0 }, now).catch(() => undefined);
    return { kind: 'refused', status: 503, state: { values: shown, problem: 'Bookings cannot be paid for right now. Please try again in a few minutes.' } };
  }
}

export const bookingAction: BlockAction<BookingProps> = {
  accepts: (props, body) => body._booking === props.resource,
  key: (props) => `booking:${props.resource}`,
  bodySchema: (props) =>
    postFields(
      '_booking',
      {
        ...postedAnswers(props.fields ?? []),
        ...(props.giftCards ? { gift: { type: 'string', maxLength: 60 } } : {}),
        choice: { type: 'string', maxLength: 80 },
        slot: { type: 'string', maxLength: 40 },
        party: { type: 'string', maxLength: 10 },
        name: { type: 'string', maxLength: 200 },
        email: { type: 'string', maxLength: 320 },
        _cancel: { type: 'string', maxLength: 400 },
      },
      [],
    ),
  handle,
  // The page again shows the room and the day of the time the visitor chose, with what is free now.
  reloadQuery: (_props, state) => {
    const values = state.values ?? {};
    const pick = (name: string) => (typeof values[name] === 'string' && values[name] ? { [name]: values[name] } : {});
    return { ...pick('choice'), ...pick('slot') };
  },
};
