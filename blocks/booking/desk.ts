/**
 * The booking block's page on the owner's desk: today's and coming bookings, soonest first, each at
 * its time in the site's zone (the desk's one clock; the booker's e-mail keeps the booking's own),
 * and a Cancel button that cancels through the same core as the booker's link and refunds what was
 * paid (from the ledger, never from the owner's post), after a second, confirmed press that says
 * what goes back where.
 */
import { siteZone } from '../../runtime/render/site-zone.ts';
import { localDate } from '../../runtime/services/time.ts';
import { formatSlot } from '../kits/scheduling/schedule.ts';
import type { BookingRecord } from '../kits/scheduling/bookings.ts';
import { holdsPlaces } from '../../runtime/store/store.ts';
import type { DeskBoard, DeskBoardInput } from '../contract.ts';
import { money } from '../money.tsx';
import { refundCancelled, refundableByCard, type GivenBack } from './action.ts';
import { bookingsOf } from '../kits/scheduling/bookings.ts';
import { labelOf } from '../kits/scheduling/bookable.ts';
import { countOf } from '../kits/scheduling/units.ts';
import { labelledAnswers } from '../kits/fields/answers.ts';
import { propsFor, slotOf } from './booking.ts';

const STATUS: Record<string, string> = { confirmed: 'Confirmed', held: 'Being paid' };

const zoneOf = (input: DeskBoardInput, booking: BookingRecord) => propsFor(input.site, booking.resource)?.timetable.timeZone ?? 'UTC';

/** Bookings that hold their places and end today or later in their own zone, soonest first. */
async function current(input: DeskBoardInput): Promise<BookingRecord[]> {
  const now = input.services.now();
  const tenant = await input.services.store.tenant(input.site.prefix);
  const all = (await tenant.list('bookings')) as BookingRecord[];
  return all
    .filter((b) => (b.status === 'confirmed' || b.status === 'held') && holdsPlaces(b, now) && typeof b.startUtc === 'string')
    .filter((b) => localDate(Date.parse(b.endUtc), zoneOf(input, b)) >= localDate(now, zoneOf(input, b)))
    .sort((a, b) => a.startUtc.localeCompare(b.startUtc));
}

/** What went back where, for the booker's e-mail: the card's refund, and the gift card's credit with what it now holds. */
function givenBackLines(site: DeskBoardInput['site'], given: GivenBack): string[] {
  return [
    ...(given.card ? [`${money(site, given.card)} is refunded to the card you paid with.`] : []),
    ...(given.gift
      ? [`${money(site, given.gift.amount)} is put back on your gift card ${given.gift.code}, which now holds ${money(site, given.gift.balance)}.`]
      : []),
  ];
}

export const bookingDesk: DeskBoard = {
  slug: 'bookings',
  kind: 'bookings',
  label: 'Bookings',
  intro:
    'Today’s and coming bookings, soonest first. Cancelling one frees its places, gives back what was paid (to the card, and a gift card’s part onto the gift card) and tells the booker; a paid one asks you to confirm first.',
  columns: ['When', 'What', 'Who', 'E-mail', 'How many', 'Status'],
  async rows(input) {
    const language = input.site.data.site.language;
    return (await current(input)).map((b) => {
      const props = propsFor(input.site, b.resource);
      const count = typeof b.players === 'number' ? b.players : b.places;
      return {
        id: b.id,
        cells: [
          formatSlot(slotOf(b), siteZone(input.site), language),
          props ? labelOf(props) : b.resource,
          b.name,
          b.email,
          props?.unit ? countOf(count, props.unit) : String(count),
          STATUS[b.status] ?? b.status,
        ],
        // The answers under their questions' labels, and what is left to pay at the visit.
        details: [
          ...labelledAnswers(props?.fields ?? [], b.answers),
          ...(Number.isSafeInteger(b.deposit) && Number.isSafeInteger(b.balance)
            ? [
                { label: 'Deposit', text: money(input.site, b.deposit as number) },
                { label: 'To pay at the visit', text: money(input.site, b.balance as number) },
              ]
            : []),
        ],
        // Cancelling a paid booking refunds it: money, so an owner's to do.
        actions: [{ name: 'cancel', label: 'Cancel', ...(b.checkout || b.gift ? { ownerOnly: true } : {}) }],
      };
    });
  },
  async confirm(input, id, action) {
    const booking = (await current(input)).find((b) => b.id === id);
    // Nothing paid (a hold still being paid), or nothing to act on: no money moves, so no second step.
    if (action !== 'cancel' || !booking || booking.status !== 'confirmed') return undefined;
    const card = await refundableByCard(input.services, input.site, booking);
    const gift = typeof booking.gift === 'string' && typeof booking.giftAmount === 'number' && booking.giftAmount > 0 ? booking.giftAmount : 0;
    if (!card && !gift) return undefined;
    const props = propsFor(input.site, booking.resource);
    const what = `${props ? labelOf(props) : booking.resource}, ${formatSlot(slotOf(booking), siteZone(input.site), input.site.data.site.language)}`;
    const back = [
      ...(card ? [`${money(input.site, card)} will be refunded to the card that paid`] : []),
      ...(gift ? [`${money(input.site, gift)} put back on gift card ${String(booking.gift)}`] : []),
    ].join(', and ');
    return `The booking of ${booking.name} (${booking.email}) for ${what} will be cancelled: ${back}. Its places are free again and ${booking.name} is e-mailed.`;
  },
  async act(input, id, action) {
    const { site, services, log } = input;
    const booking = (await current(input)).find((b) => b.id === id);
    if (!booking) return { refused: 404, problem: 'There is no such booking to come; it may have been cancelled already.' };
    if (action !== 'cancel') return { refused: 422, problem: 'A booking can only be cancelled here.' };
    const bookings = bookingsOf(services);
    // The owner may cancel until the start, whatever the booker's own deadline; a paid booking is refunded in full.
    const result = await bookings.cancel(site.prefix, bookings.token(site.prefix, id), { cancelHours: 0 }, services.now());
    if ('refused' in result)
      return { refused: 422, problem: result.refused === 'too-late' ? 'This booking has started, so it cannot be cancelled.' : 'There is no such booking.' };
    const given = result.refundable ? await refundCancelled(services, site, result.cancelled, log) : {};
    const props = propsFor(site, booking.resource);
    const what = props ? labelOf(props) : booking.resource;
    const when = formatSlot(slotOf(booking), zoneOf(input, booking), site.data.site.language);
    if (booking.email)
      await services.mailer.send({
        to: booking.email,
        subject: `Cancelled: ${what} at ${site.data.site.name}, ${when}`,
        text: [
          `Hello ${booking.name},`,
          '',
          `${site.data.site.name} has cancelled your booking: ${what}, ${when}.`,
          ...givenBackLines(site, given),
          '',
          site.data.site.phone ? `Questions? Call us on ${site.data.site.phone}.` : 'Questions? Reply to this e-mail.',
        ].join('\n'),
        ...(site.data.site.email ? { replyTo: site.data.site.email } : {}),
      });
    log.info({ site: site.prefix, resource: booking.resource }, 'booking cancelled on the desk');
    const deskWhen = formatSlot(slotOf(booking), siteZone(site), site.data.site.language);
    return { done: `cancelled the booking of ${booking.name} (${booking.email}) for ${what}, ${deskWhen}${result.refundable ? ', refunded' : ''}` };
  },
};
