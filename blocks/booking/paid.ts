/**
 * What a paid booking becomes: the hold confirmed for good, the booker e-mailed the time in the
 * site's zone with the link to view or cancel it and a calendar file, and the site told. A hold
 * that lapsed while the booker paid, and whose time someone else has taken since, is refunded.
 */
import { bookingIcs } from '../../runtime/bookings/calendar.ts';
import { formatSlot } from '../../runtime/bookings/schedule.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import type { PaidInput } from '../types.ts';
import { bookingsOf, labelOf, propsFor, slotOf } from './booking.ts';

export async function bookingPaid({ site, opened, services, log }: PaidInput): Promise<void> {
  const details = (opened.details ?? {}) as Record<string, unknown>;
  const checkout = String(opened.checkout);
  const bookingId = typeof details.bookingId === 'string' ? details.bookingId : '';
  const token = typeof details.token === 'string' ? details.token : '';
  const props = propsFor(site, details.resource);
  const name = site.data.site.name;
  const email = typeof opened.email === 'string' ? opened.email : undefined;
  const confirmed = await bookingsOf(services).confirm(site.prefix, bookingId, services.payments.nowMs(), { checkout });
  if ('refused' in confirmed) {
    log.error({ site: site.prefix, checkout, reason: confirmed.refused }, 'a paid booking could not be confirmed: refunded');
    const refund = await services.payments.refund(site, checkout);
    if (email && 'refunded' in refund)
      await services.mailer.send({
        to: email,
        subject: `Your booking at ${name} could not be kept`,
        text: [
          'Hello,',
          '',
          `We are sorry: the time you chose at ${name} was taken by someone else while you were paying, so your booking could not be kept.`,
          'Your payment has been refunded in full to the card you paid with.',
          '',
          `Please choose another time${site.data.site.phone ? `, or call us on ${site.data.site.phone}` : ''}.`,
        ].join('\n'),
        ...(site.data.site.email ? { replyTo: site.data.site.email } : {}),
      });
    return;
  }

  const timeZone = props?.timetable.timeZone ?? 'UTC';
  const when = formatSlot(slotOf(confirmed), timeZone, site.data.site.language);
  const what = props ? labelOf(props) : confirmed.resource;
  const players = typeof confirmed.players === 'number' ? confirmed.players : confirmed.places;
  const link = `${services.payments.origin}${publicPath(site.prefix, String(opened.page))}?booking=${encodeURIComponent(token)}`;
  const cancelHours = props?.cancelHours ?? 24;
  if (email) {
    const ics = bookingIcs(
      {
        uid: `${confirmed.id}@${site.prefix}.sitewright`,
        title: `${what} at ${name}`,
        description: `${players} ${players === 1 ? 'person' : 'people'}. View or cancel: ${link}`,
        location: [site.data.site.address?.street, site.data.site.address?.locality].filter(Boolean).join(', ') || undefined,
        startUtc: confirmed.startUtc,
        endUtc: confirmed.endUtc,
        organizer: { name, email: site.data.site.email ?? 'bookings@sitewright.invalid' },
        url: link,
      },
      services.payments.nowMs(),
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
        `For: ${players} ${players === 1 ? 'person' : 'people'}`,
        '',
        `To view or cancel it: ${link}`,
        cancelHours
          ? `You can cancel online with a full refund until ${cancelHours} hours before the start.`
          : 'You can cancel online with a full refund until it starts.',
        '',
        'The calendar file attached adds it to your calendar.',
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
        `${confirmed.name} (${confirmed.email}) booked ${what} for ${players} ${players === 1 ? 'person' : 'people'}.`,
        '',
        `When: ${when}`,
        `Paid: checkout ${checkout}`,
      ].join('\n'),
      ...(email ? { replyTo: email } : {}),
    });
  log.info({ site: site.prefix, resource: confirmed.resource }, 'booking confirmed');
}
