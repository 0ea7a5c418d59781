/**
 * What the booking block shows, worked out on the server from the YAML and what `load` read: plain
 * JSON the island renders and hydrates (`BookingForm.tsx`), and the day a script fetches when a
 * visitor picks another day or choice.
 */
import { siteHref, type RenderContext } from '../../runtime/render/context.tsx';
import { renderMarkdown } from '../../runtime/render/markdown.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import type { Site } from '../../runtime/site.ts';
import { money, minorOf, postedState } from '../money.tsx';
import type { BookedView, BookingFormView, DayView, OptionView } from './form-view.ts';
import { factsOf, optionOf, type BookingLoaded } from './booking.ts';
import { labelOf, optionsOf, wholeRoom } from '../kits/scheduling/bookable.ts';
import { capitalised, leftWords, unitOf } from '../kits/scheduling/units.ts';
import type { BookingProps } from './schema.ts';
import { dateTimeFormat } from '../../runtime/render/intl.ts';
import { siteZone } from '../../runtime/render/site-zone.ts';
import { todayIn, withDates } from '../kits/fields/dates.ts';
import { depositWords } from './deposit.ts';

const STATUS: Record<string, string> = {
  held: 'Waiting for payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  expired: 'Not paid in time',
};

/** A day as a short link text: "Thu, Nov 26". */
const dayLabel = (date: string, locale: string) =>
  dateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(Date.parse(`${date}T12:00:00Z`));

const priceOf = (site: Site, props: BookingProps) =>
  props.price.perPerson !== undefined
    ? `${money(site, minorOf(site, props.price.perPerson))} per ${unitOf(props).one}`
    : `${money(site, minorOf(site, props.price.perSlot ?? 0))} per booking`;

/** The days of the option `loaded` is about, and the free times of its day. */
export function dayView(site: Site, page: string, block: BookingProps, loaded: BookingLoaded): DayView {
  const props = optionOf(block, loaded.choice) ?? optionsOf(block)[0];
  const locale = site.data.site.language;
  const multiple = Boolean(block.choices?.length);
  const chosen = multiple ? `choice=${encodeURIComponent(props.resource)}&` : '';
  const whole = wholeRoom(props);
  const when = loaded.date ? `on ${dateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'full' }).format(Date.parse(`${loaded.date}T12:00:00Z`))}` : '';
  return {
    choice: props.resource,
    dates: loaded.dates.map((date) => ({ date, label: dayLabel(date, locale), href: `${page}?${chosen}date=${date}#${block.resource}` })),
    ...(loaded.earlier ? { earlier: { label: 'Earlier dates', href: `${page}?${chosen}from=${loaded.earlier}#${block.resource}` } } : {}),
    ...(loaded.later ? { later: { label: 'Later dates', href: `${page}?${chosen}from=${loaded.later}#${block.resource}` } } : {}),
    ...(loaded.date ? { date: loaded.date } : {}),
    legend: [multiple ? `${labelOf(props)}: time` : 'Time', when].filter(Boolean).join(' '),
    slots: loaded.slots.map((slot) => ({
      id: slot.id,
      label: slot.label,
      left: slot.left,
      note: slot.left <= 0 ? 'Full' : leftWords(slot.left, whole, props.unit),
    })),
    ...(loaded.picked ? { picked: loaded.picked } : {}),
  };
}

function bookedView(site: Site, block: BookingProps, loaded: BookingLoaded): BookedView | undefined {
  const booking = loaded.booking;
  if (!booking) return undefined;
  const props = optionOf(block, loaded.choice) ?? optionsOf(block)[0];
  const refunded = booking.status === 'cancelled' && (booking.refunded !== undefined || booking.gift?.restored);
  const phone = site.data.site.phone ? ` Please call us on ${site.data.site.phone}.` : '';
  return {
    title: `Your booking: ${labelOf(props)}`,
    when: booking.when,
    peopleLabel: capitalised(unitOf(props).other),
    players: booking.players,
    status: refunded ? 'Cancelled, refunded' : (STATUS[booking.status] ?? booking.status),
    // What is left to pay at the visit, while the booking stands.
    ...(booking.deposit !== undefined && booking.balance !== undefined && booking.status !== 'cancelled' && booking.status !== 'expired'
      ? { deposit: money(site, booking.deposit), balance: money(site, booking.balance) }
      : {}),
    ...(booking.gift
      ? {
          gift: booking.gift.restored
            ? `${money(site, booking.gift.amount)} put back on ${booking.gift.code}`
            : `${money(site, booking.gift.amount)} paid from ${booking.gift.code}`,
        }
      : {}),
    cancellable: booking.cancellable,
    ...(booking.cancellable
      ? { cancelText: `You can cancel with a full refund until ${booking.deadline}.` }
      : booking.status === 'confirmed'
        ? { cancelText: `It can no longer be cancelled online: that was possible until ${booking.deadline}.${phone}` }
        : {}),
    token: booking.token,
  };
}

/** Everything the island shows, for this page and this visitor. */
export function bookingView(block: BookingProps, ctx: RenderContext): BookingFormView {
  const { site } = ctx;
  const loaded = (ctx.visitor.loaded?.booking as BookingLoaded | undefined) ?? { dates: [], slots: [] };
  const page = publicPath(site.prefix, ctx.target.path);
  const state = postedState(ctx, `booking:${block.resource}`);
  const options = optionsOf(block);
  const booking = bookedView(site, block, loaded);
  return {
    id: `book-${block.resource}`,
    anchor: block.resource,
    action: `${ctx.actionOrigin ?? ''}${page}`,
    page,
    token: ctx.visitor.token,
    ...(block.heading ? { heading: block.heading } : {}),
    label: labelOf(block),
    ...(block.intro ? { introHtml: renderMarkdown(block.intro, (h) => siteHref(site.prefix, h)) } : {}),
    testMode: site.data.payments?.provider !== 'stripe',
    ...(block.choose || block.choices?.length ? { choose: block.choose ?? 'Choose what to book' } : {}),
    options: options.map((o, i): OptionView => ({
      resource: o.resource,
      label: labelOf(o),
      facts: factsOf(site, o),
      ...(block.choices?.[i]?.description ? { description: block.choices[i].description } : {}),
      href: `${page}?choice=${encodeURIComponent(o.resource)}#${block.resource}`,
      min: o.party.min,
      max: o.party.max,
      people: unitOf(o).other,
      price: priceOf(site, o),
      ...(o.deposit ? { deposit: depositWords(site, o) } : {}),
    })),
    multiple: Boolean(block.choices?.length),
    day: dayView(site, page, block, loaded),
    giftCards: Boolean(block.giftCards),
    // A date question's bounds for today in the site's zone; a page of a static export leaves the moving ones to the server.
    questions: withDates(block.fields ?? [], ctx.exported ? undefined : todayIn(ctx.now ?? Date.now(), siteZone(site))),
    cancelHours: block.cancelHours,
    submit: block.submit,
    ...(state ? { state } : {}),
    ...(booking ? { booking } : {}),
    ...(loaded.unknownBooking ? { unknownBooking: true } : {}),
  };
}
