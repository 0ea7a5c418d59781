/**
 * What a paid deposit becomes: the van's seats confirmed for good, the booker e-mailed the day
 * (pickup, each winery's times, what is left to pay) with a calendar file from the pickup to the
 * return, and the site told. A hold that lapsed while the booker paid, and whose seats someone
 * else has taken since, is refunded.
 */
import { bookingIcs } from '../kits/scheduling/calendar.ts';
import { formatMoney } from '../../runtime/payments/money.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import { currencyOf } from '../money.tsx';
import type { PaidInput } from '../contract.ts';
import { bookingsOf } from '../kits/scheduling/bookings.ts';
import { labelOf, propsFor } from './trip.ts';
import { clockAt, dateText } from './words.ts';

const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const whole = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : 0);

export async function tripPaid({ site, opened, services, log }: PaidInput): Promise<void> {
  const details = (opened.details ?? {}) as Record<string, unknown>;
  const checkout = String(opened.checkout);
  const bookingId = typeof details.bookingId === 'string' ? details.bookingId : '';
  const token = typeof details.token === 'string' ? details.token : '';
  const props = propsFor(site, details.resource);
  const name = site.data.site.name;
  const phone = site.data.site.phone;
  const email = typeof opened.email === 'string' ? opened.email : undefined;
  const replyTo = site.data.site.email ? { replyTo: site.data.site.email } : {};
  const confirmed = await bookingsOf(services).confirm(site.prefix, bookingId, services.now(), { checkout });
  if ('refused' in confirmed) {
    log.error({ site: site.prefix, checkout, reason: confirmed.refused }, 'a paid trip could not be confirmed: refunded');
    const refund = await services.checkout.refund(site, checkout);
    if (email && 'refunded' in refund)
      await services.mailer.send({
        to: email,
        subject: `Your trip with ${name} could not be kept`,
        text: [
          'Hello,',
          '',
          `We are sorry: the seats you chose with ${name} were taken by someone else while you were paying, so your trip could not be kept.`,
          'Your deposit has been refunded in full to the card you paid with.',
          '',
          `Please plan another day${phone ? `, or call us on ${phone}` : ''}.`,
        ].join('\n'),
        ...replyTo,
      });
    return;
  }

  const locale = site.data.site.language;
  const timeZone = props?.van.timeZone ?? 'UTC';
  const what = props ? labelOf(props) : confirmed.resource;
  const party = confirmed.places;
  const guests = `${party} ${party === 1 ? 'guest' : 'guests'}`;
  const date = dateText(confirmed.slotId.slice(0, 10), locale);
  const pickup = typeof details.pickup === 'string' ? details.pickup : '';
  const address = typeof details.pickupAddress === 'string' ? details.pickupAddress : undefined;
  const itinerary = strings(details.itinerary);
  const money = (minor: number) => formatMoney(minor, currencyOf(site), locale);
  const link = services.siteUrl(site, `${publicPath(site.prefix, String(opened.page))}?booking=${encodeURIComponent(token)}`);
  const returned = typeof details.returnUtc === 'string' ? Date.parse(details.returnUtc) : NaN;
  const start = Date.parse(confirmed.startUtc);
  const end = Number.isFinite(returned) && returned > start ? returned : Date.parse(confirmed.endUtc);
  const when = `${date}, pickup ${clockAt(start, timeZone, locale)}`;
  if (email) {
    const ics = bookingIcs(
      {
        uid: `${confirmed.id}@${site.prefix}.sitewright`,
        title: `${what} with ${name}`,
        description: [`${guests}.`, ...itinerary, `View your trip: ${link}`].join('\n'),
        location: [pickup, address].filter(Boolean).join(', ') || undefined,
        startUtc: start,
        endUtc: end,
        organizer: { name, email: site.data.site.email ?? 'bookings@sitewright.invalid' },
        url: link,
      },
      services.now(),
    );
    await services.mailer.send({
      to: email,
      subject: `Booked: ${what} with ${name}, ${date}`,
      text: [
        `Hello ${confirmed.name},`,
        '',
        `Your trip with ${name} is confirmed.`,
        '',
        `When: ${when}`,
        `Pickup: ${[pickup, address].filter(Boolean).join(', ')}`,
        `For: ${guests}`,
        '',
        'Your day:',
        ...itinerary.map((line) => `  ${line}`),
        '',
        `Total: ${money(whole(details.total))}`,
        `Deposit paid: ${money(whole(details.deposit))}`,
        `To pay on the day: ${money(whole(details.balance))}`,
        '',
        `Your trip online: ${link}`,
        `To change or cancel it, ${phone ? `call us on ${phone} or ` : ''}reply to this e-mail.`,
        '',
        'The calendar file attached adds the day to your calendar.',
      ].join('\n'),
      ...replyTo,
      attachments: [{ filename: 'trip.ics', content: Buffer.from(ics, 'utf8'), contentType: 'text/calendar' }],
    });
  }
  const notify = site.data.site.notify ?? site.data.site.email;
  if (notify)
    await services.mailer.send({
      to: notify,
      subject: `New trip: ${date}, ${guests}`,
      text: [
        `${confirmed.name} (${confirmed.email}) booked ${what} for ${guests}.`,
        '',
        `When: ${when}`,
        `Pickup: ${pickup}`,
        ...itinerary.map((line) => `  ${line}`),
        '',
        `Deposit paid: ${money(whole(details.deposit))}; to pay on the day: ${money(whole(details.balance))}`,
        `Paid: checkout ${checkout}`,
      ].join('\n'),
      ...(email ? { replyTo: email } : {}),
    });
  log.info({ site: site.prefix, resource: confirmed.resource }, 'trip confirmed');
}
