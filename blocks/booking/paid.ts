/**
 * What a paid booking becomes: the hold confirmed for good, the booker e-mailed the time in the
 * site's zone with the link to view or cancel it and a calendar file, and the site told. A hold
 * that lapsed while the booker paid, and whose time someone else has taken since, is refunded; so
 * is a booking whose gift card was spent elsewhere while the rest was being paid.
 */
import { bookingIcs } from '../kits/scheduling/calendar.ts';
import { isTestCheckout } from '../../runtime/payments/ledger.ts';
import type { BookingRecord } from '../kits/scheduling/bookings.ts';
import { formatSlot } from '../kits/scheduling/schedule.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import type { ActionServices } from '../contract.ts';
import type { Site } from '../../runtime/site.ts';
import { money } from '../money.tsx';
import type { PaidInput } from '../contract.ts';
import { bookingsOf } from '../kits/scheduling/bookings.ts';
import { labelOf } from '../kits/scheduling/bookable.ts';
import { countOf, PEOPLE } from '../kits/scheduling/units.ts';
import { propsFor, slotOf } from './booking.ts';
import { restoreKey, takeGift } from './gift.ts';
import { restoreCertificate } from '../kits/gifts/certificates.ts';
import { answerLines } from './questions.ts';

type Log = PaidInput['log'];

/** What a booking with a deposit says of its money: what was paid to book and what is left for the visit. None without a deposit. */
export function depositLines(site: Site, booking: BookingRecord): string[] {
  if (!Number.isSafeInteger(booking.deposit) || !Number.isSafeInteger(booking.balance)) return [];
  return [`Deposit paid: ${money(site, booking.deposit as number)}`, `To pay at the visit: ${money(site, booking.balance as number)}`];
}

/** As the receipt says it: the booking stands, but nothing was paid for it. */
export const TEST_WORDS = 'TEST MODE: this booking was paid with a practice payment; no money was taken.';

/** The booker's confirmation (with the calendar file and the link to view or cancel) and the site's notice of a new booking. */
export async function announceBooking(
  site: Site,
  services: ActionServices,
  log: Log,
  confirmed: BookingRecord,
  { page, token, email, paid, testMode }: { page: string; token: string; email?: string; paid: string; testMode: boolean },
): Promise<void> {
  const props = propsFor(site, confirmed.resource);
  const name = site.data.site.name;
  const timeZone = props?.timetable.timeZone ?? 'UTC';
  const when = formatSlot(slotOf(confirmed), timeZone, site.data.site.language);
  const what = props ? labelOf(props) : confirmed.resource;
  const players = typeof confirmed.players === 'number' ? confirmed.players : confirmed.places;
  const people = (n: number) => countOf(n, props?.unit ?? PEOPLE);
  const link = services.siteUrl(site, `${publicPath(site.prefix, page)}?booking=${encodeURIComponent(token)}`);
  const cancelHours = props?.cancelHours ?? 24;
  const gift =
    typeof confirmed.gift === 'string' && typeof confirmed.giftAmount === 'number'
      ? `Gift card ${confirmed.gift}: ${money(site, confirmed.giftAmount)} taken from it.`
      : undefined;
  const deposit = depositLines(site, confirmed);
  const answers = answerLines(props, confirmed.answers);
  if (email) {
    const ics = bookingIcs(
      {
        uid: `${confirmed.id}@${site.prefix}.sitewright`,
        title: `${what} at ${name}`,
        description: `${people(players)}. View or cancel: ${link}`,
        location: [site.data.site.address?.street, site.data.site.address?.locality].filter(Boolean).join(', ') || undefined,
        startUtc: confirmed.startUtc,
        endUtc: confirmed.endUtc,
        organizer: { name, email: site.data.site.email ?? 'bookings@sitewright.invalid' },
        url: link,
      },
      services.now(),
    );
    await services.mailer.send({
      to: email,
      subject: `Booked: ${what} at ${name}, ${when}`,
      text: [
        `Hello ${confirmed.name},`,
        '',
        `Your booking at ${name} is confirmed.`,
        '',
        `What: ${what}`,
        `When: ${when}`,
        `For: ${people(players)}`,
        ...answers,
        ...deposit,
        ...(gift ? [gift] : []),
        '',
        `To view or cancel it: ${link}`,
        cancelHours
          ? `You can cancel online with a full refund until ${cancelHours} hours before the start.`
          : 'You can cancel online with a full refund until it starts.',
        '',
        'The calendar file attached adds it to your calendar.',
        ...(testMode ? ['', TEST_WORDS] : []),
      ].join('\n'),
      ...(site.data.site.email ? { replyTo: site.data.site.email } : {}),
      attachments: [{ filename: 'booking.ics', content: Buffer.from(ics, 'utf8'), contentType: 'text/calendar' }],
    });
  }
  const notify = site.data.site.notify ?? site.data.site.email;
  if (notify)
    await services.mailer.send({
      to: notify,
      subject: `New booking: ${what}, ${when}`,
      text: [
        `${confirmed.name} (${confirmed.email}) booked ${what} for ${people(players)}.`,
        '',
        `When: ${when}`,
        ...answers,
        `Paid: ${paid}`,
        ...deposit,
        ...(gift ? [gift] : []),
        ...(testMode ? ['', TEST_WORDS] : []),
      ].join('\n'),
      ...(email ? { replyTo: email } : {}),
    });
  log.info({ site: site.prefix, resource: confirmed.resource }, 'booking confirmed');
}

/** The booker is told their booking could not be kept, and that what they paid is given back. */
async function notKept(site: Site, services: ActionServices, email: string | undefined, reason: string): Promise<void> {
  if (!email) return;
  const name = site.data.site.name;
  await services.mailer.send({
    to: email,
    subject: `Your booking at ${name} could not be kept`,
    text: [
      'Hello,',
      '',
      `We are sorry: ${reason}, so your booking could not be kept.`,
      'Your payment has been refunded in full to the card you paid with.',
      '',
      `Please choose another time${site.data.site.phone ? `, or call us on ${site.data.site.phone}` : ''}.`,
    ].join('\n'),
    ...(site.data.site.email ? { replyTo: site.data.site.email } : {}),
  });
}

export async function bookingPaid({ site, opened, services, log }: PaidInput): Promise<void> {
  const details = (opened.details ?? {}) as Record<string, unknown>;
  const checkout = String(opened.checkout);
  const bookingId = typeof details.bookingId === 'string' ? details.bookingId : '';
  const token = typeof details.token === 'string' ? details.token : '';
  const email = typeof opened.email === 'string' ? opened.email : undefined;
  const gift =
    typeof details.gift === 'string' && Number.isSafeInteger(details.giftAmount) ? { code: details.gift, amount: details.giftAmount as number } : undefined;
  const bookings = bookingsOf(services);
  const now = services.now();

  // The gift card pays its part first: spent elsewhere meanwhile, the card payment goes back and the places are freed.
  if (gift && !(await takeGift(services, site, gift.code, gift.amount, bookingId))) {
    log.error({ site: site.prefix, checkout }, 'a paid booking’s gift card no longer had its part: refunded');
    await services.checkout.refund(site, checkout);
    await bookings.cancel(site.prefix, token, { cancelHours: 0 }, now);
    await notKept(site, services, email, `the gift card you gave was used for something else while you were paying`);
    return;
  }
  const confirmed = await bookings.confirm(site.prefix, bookingId, now, { checkout, ...(gift ? { gift: gift.code, giftAmount: gift.amount } : {}) });
  if ('refused' in confirmed) {
    log.error({ site: site.prefix, checkout, reason: confirmed.refused }, 'a paid booking could not be confirmed: refunded');
    const refund = await services.checkout.refund(site, checkout);
    if (gift) await restoreCertificate(services, site, gift.code, gift.amount, restoreKey(bookingId));
    if ('refunded' in refund)
      await notKept(site, services, email, `the time you chose at ${site.data.site.name} was taken by someone else while you were paying`);
    return;
  }
  await announceBooking(site, services, log, confirmed, {
    page: String(opened.page),
    token,
    email,
    paid: `checkout ${checkout}`,
    testMode: isTestCheckout(opened),
  });
}
