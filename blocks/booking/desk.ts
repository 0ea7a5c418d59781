/**
 * The booking block's page on the owner's desk: today's and coming bookings, soonest first, each at
 * its time in the booking's own zone, and a Cancel button that cancels through the same core as the
 * booker's link and refunds what was paid (from the ledger, never from the owner's post).
 */
import { localDate, formatSlot } from '../../runtime/bookings/schedule.ts';
import type { BookingRecord } from '../../runtime/bookings/bookings.ts';
import { holdsPlaces } from '../../runtime/store/store.ts';
import type { DeskBoard, DeskBoardInput } from '../types.ts';
import { refundCancelled } from './action.ts';
import { bookingsOf, labelOf, propsFor, slotOf } from './booking.ts';

const STATUS: Record<string, string> = { confirmed: 'Confirmed', held: 'Being paid' };

const zoneOf = (input: DeskBoardInput, booking: BookingRecord) => propsFor(input.site, booking.resource)?.timetable.timeZone ?? 'UTC';

/** Bookings that hold their places and end today or later in their own zone, soonest first. */
async function current(input: DeskBoardInput): Promise<BookingRecord[]> {
  const now = input.services.payments.nowMs();
  const tenant = await input.services.store.tenant(input.site.prefix);
  const all = (await tenant.list('bookings')) as BookingRecord[];
  return all
    .filter((b) => (b.status === 'confirmed' || b.status === 'held') && holdsPlaces(b, now) && typeof b.startUtc === 'string')
    .filter((b) => localDate(Date.parse(b.endUtc), zoneOf(input, b)) >= localDate(now, zoneOf(input, b)))
    .sort((a, b) => a.startUtc.localeCompare(b.startUtc));
}

export const bookingDesk: DeskBoard = {
  slug: 'bookings',
  label: 'Bookings',
  intro:
    'Today’s and coming bookings, soonest first, at their local time. Cancelling one frees its places, refunds what was paid in full and tells the booker.',
  columns: ['When', 'What', 'Who', 'E-mail', 'How many', 'Status'],
  async rows(input) {
    const language = input.site.data.site.language;
    return (await current(input)).map((b) => {
      const props = propsFor(input.site, b.resource);
      const count = typeof b.players === 'number' ? b.players : b.places;
      return {
        id: b.id,
        cells: [
          formatSlot(slotOf(b), zoneOf(input, b), language),
          props ? labelOf(props) : b.resource,
          b.name,
          b.email,
          String(count),
          STATUS[b.status] ?? b.status,
        ],
        // Cancelling a paid booking refunds it: money, so an owner's to do.
        actions: [{ name: 'cancel', label: 'Cancel', ...(b.checkout || b.gift ? { ownerOnly: true } : {}) }],
      };
    });
  },
  async act(input, id, action) {
    const { site, services, log } = input;
    const booking = (await current(input)).find((b) => b.id === id);
    if (!booking) return { refused: 404, problem: 'There is no such booking to come; it may have been cancelled already.' };
    if (action !== 'cancel') return { refused: 422, problem: 'A booking can only be cancelled here.' };
    const bookings = bookingsOf(services);
    // The owner may cancel until the start, whatever the booker's own deadline; a paid booking is refunded in full.
    const result = await bookings.cancel(site.prefix, bookings.token(site.prefix, id), { cancelHours: 0 }, services.payments.nowMs());
    if ('refused' in result)
      return { refused: 422, problem: result.refused === 'too-late' ? 'This booking has started, so it cannot be cancelled.' : 'There is no such booking.' };
    if (result.refundable) await refundCancelled(services, site, result.cancelled, log);
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
          ...(result.refundable ? ['What you paid is refunded in full.'] : []),
          '',
          site.data.site.phone ? `Questions? Call us on ${site.data.site.phone}.` : 'Questions? Reply to this e-mail.',
        ].join('\n'),
        ...(site.data.site.email ? { replyTo: site.data.site.email } : {}),
      });
    log.info({ site: site.prefix, resource: booking.resource }, 'booking cancelled on the desk');
    return { done: `cancelled the booking of ${booking.name} (${booking.email}) for ${what}, ${when}${result.refundable ? ', refunded' : ''}` };
  },
};
