/**
 * Booking a planned trip. The post carries the plan as the visitor saw it (wineries in order, date,
 * party, pickup) and who books; every field is checked again, the plan and its price are worked out
 * from the YAML (a posted price is refused with the rest of an unknown field), the group's seats
 * are held in the van for that day by the booking core in one step, and the booker is sent to pay
 * the deposit.
 */
import type { ActionInput, ActionResult, BlockAction } from '../contract.ts';
import { currencyOf, isEmail, postFields, robotCheck } from '../money.tsx';
import { listOf, partyMessage } from './choices.ts';
import { planTrip, vanTimetable, type TripPlan } from './plan.ts';
import type { TripBuilderProps } from './schema.ts';
import { bookingsOf } from '../kits/scheduling/bookings.ts';
import { fullMessage, labelOf, viewFor } from './trip.ts';
import { dateText, itineraryLines, noteText } from './words.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Why a plan cannot be booked: its first stop that is closed when the van gets there. */
function blockedMessage(plan: TripPlan, timeZone: string, locale: string): string {
  const stop = plan.stops.find((s) => s.notes.some((n) => n.kind === 'closed' || n.kind === 'after-closing'));
  const note = stop?.notes.find((n) => n.kind === 'closed' || n.kind === 'after-closing');
  return `${stop && note ? noteText(note, stop.winery, timeZone, locale) : 'A winery is closed.'} Please choose another winery, another order or another date.`;
}

async function handle(input: ActionInput<TripBuilderProps>): Promise<ActionResult> {
  const { site, target, props, body, services, log } = input;
  const values = {
    wineries: text(body.wineries),
    date: text(body.date),
    party: text(body.party),
    pickup: text(body.pickup),
    name: text(body.name),
    email: text(body.email),
  };
  // Anything but the form's own fields (a price, a total), or a field sent twice: not from this form.
  if (!input.validate(body)) return { kind: 'refused', status: 400, state: { values, problem: 'The form could not be read. Please plan your trip again.' } };
  const robot = robotCheck(input, values);
  if (robot !== 'person') return robot;

  const now = services.now();
  const locale = site.data.site.language;
  const zone = props.van.timeZone;
  // The order posted is the order shown: the visitor's own once they moved a stop.
  const asked = { wineries: listOf(values.wineries), date: values.date, party: values.party, pickup: values.pickup, own: true };
  const { view, checked, full } = await viewFor(site, props, asked, services, now);
  const errors: Record<string, string> = { ...view.errors };
  const plan = checked?.choices && planTrip(props, checked.choices, currencyOf(site));
  if (plan?.blocked) errors.wineries = blockedMessage(plan, zone, locale);
  if (!values.name) errors.name = 'Please enter the name the trip is booked under.';
  else if (values.name.length > 80) errors.name = 'Please shorten the name to 80 characters.';
  if (!isEmail(values.email))
    errors.email = values.email ? 'Please enter an e-mail address such as name@example.com.' : 'Please enter your e-mail address for the confirmation.';
  const fullOnly = full && Object.keys(errors).length === 1;
  if (Object.keys(errors).length || !plan || !checked?.slot || !checked.choices)
    return { kind: 'refused', status: fullOnly ? 409 : 422, state: { values, errors, result: { view: { ...view, errors } } } };

  const { party, pickup } = checked.choices;
  const bookings = bookingsOf(services);
  const held = await bookings.hold(
    site.prefix,
    {
      resource: props.resource,
      timetable: vanTimetable(props.van),
      capacity: props.van.seats,
      slotId: checked.slot,
      places: party,
      minParty: props.party.min,
      maxParty: props.party.max,
      contact: { name: values.name, email: values.email.toLowerCase() },
    },
    now,
  );
  if ('refused' in held) {
    const error: Record<string, string> =
      held.refused === 'full'
        ? { [held.left ? 'party' : 'date']: fullMessage(held.left) }
        : held.refused === 'party'
          ? { party: partyMessage(props.party) }
          : { date: 'That day can no longer be booked: please choose another date.' };
    const seatsLeft = held.refused === 'full' ? held.left : view.seatsLeft;
    return {
      kind: 'refused',
      status: held.refused === 'full' ? 409 : 422,
      state: { values, errors: error, result: { view: { ...view, seatsLeft, errors: error } } },
    };
  }

  const itinerary = itineraryLines(plan, zone, locale);
  const pickupPoint = props.pickups.find((p) => p.slug === pickup);
  const trip = {
    pickup: pickupPoint?.name ?? pickup,
    pickupAddress: pickupPoint?.address,
    wineries: checked.choices.wineries,
    itinerary,
    returnUtc: new Date(plan.back.arrive).toISOString(),
    total: plan.price.total,
    deposit: plan.price.deposit,
    balance: plan.price.balance,
  };
  await (await services.store.tenant(site.prefix)).update('bookings', held.held.id, { trip });
  const label = labelOf(props);
  const when = dateText(plan.date, locale);
  try {
    const { redirect } = await services.checkout.open(site, {
      purpose: 'trip-builder',
      page: target.path,
      description: `${site.data.site.name}: ${label} for ${party} on ${when}`,
      lines: [{ name: `Deposit: ${label}, ${party} ${party === 1 ? 'guest' : 'guests'}, ${when}`, amount: plan.price.deposit, quantity: 1 }],
      email: values.email.toLowerCase(),
      details: { bookingId: held.held.id, token: held.token, resource: props.resource, party, ...trip },
    });
    return { kind: 'done', redirect, json: { redirect } };
  } catch (error) {
    log.error({ site: site.prefix, resource: props.resource, err: (error as Error).message }, 'a checkout could not be opened for a trip');
    // The seats go back at once rather than when the hold lapses.
    await bookings.cancel(site.prefix, held.token, { cancelHours: 0 }, now).catch(() => undefined);
    return {
      kind: 'refused',
      status: 503,
      state: { values, problem: 'Trips cannot be paid for right now. Please try again in a few minutes.', result: { view } },
    };
  }
}

export const tripAction: BlockAction<TripBuilderProps> = {
  accepts: (props, body) => body._trip === props.resource,
  key: (props) => `trip-builder:${props.resource}`,
  bodySchema: () =>
    postFields(
      '_trip',
      {
        wineries: { type: 'string', maxLength: 400 },
        date: { type: 'string', maxLength: 20 },
        party: { type: 'string', maxLength: 10 },
        pickup: { type: 'string', maxLength: 80 },
        name: { type: 'string', maxLength: 200 },
        email: { type: 'string', maxLength: 320 },
      },
      [],
    ),
  handle,
};
