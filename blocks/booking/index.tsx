import type { SiteData } from '../../schema/site.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import { useRender } from '../../runtime/render/context.tsx';
import { validateTimetable } from '../../runtime/bookings/schedule.ts';
import { asText } from '../../runtime/text.ts';
import { ErrorSummary, Field, MoneyForm, PostHidden, money, minorOf, moneyIssues, postedState } from '../money.tsx';
import { defineBlock, type BlockIssue } from '../types.ts';
import { bookingAction } from './action.ts';
import { bookingsOf, factsOf, labelOf, loadBooking, optionOf, optionsOf, wholeRoom, type BookingLoaded } from './booking.ts';
import { bookingPaid } from './paid.ts';
import { bookingProps, type BookingProps } from './schema.ts';

const STATUS: Record<string, string> = {
  held: 'Waiting for payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  expired: 'Not paid in time',
};

function dayLabel(date: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(Date.parse(`${date}T12:00:00Z`));
}

function BookingView({ block, props, loaded }: { block: BookingProps; props: BookingProps; loaded: BookingLoaded }) {
  const ctx = useRender();
  const { site } = ctx;
  const id = `book-${block.resource}`;
  const state = postedState(ctx, `booking:${block.resource}`);
  const booking = loaded.booking;
  const page = publicPath(site.prefix, ctx.target.path);
  return (
    <section className="booking-block" id={block.resource} aria-labelledby={`${id}-heading`}>
      <div className="container">
        <h2 id={`${id}-heading`}>{booking ? `Your booking: ${labelOf(props)}` : 'No booking to show'}</h2>
        {booking ? (
          <>
            <dl className="booking-details">
              <dt>When</dt>
              <dd>{booking.when}</dd>
              <dt>{wholeRoom(props) ? 'Players' : 'People'}</dt>
              <dd>{booking.players}</dd>
              <dt>Status</dt>
              <dd>
                <strong>
                  {booking.status === 'cancelled' && (booking.refunded || booking.gift?.restored)
                    ? 'Cancelled, refunded'
                    : (STATUS[booking.status] ?? booking.status)}
                </strong>
              </dd>
              {booking.gift ? (
                <>
                  <dt>Gift card</dt>
                  <dd>
                    {booking.gift.restored
                      ? `${money(site, booking.gift.amount)} put back on ${booking.gift.code}`
                      : `${money(site, booking.gift.amount)} paid from ${booking.gift.code}`}
                  </dd>
                </>
              ) : null}
            </dl>
            {booking.cancellable ? (
              <form method="post" action={`${ctx.actionOrigin ?? ''}${page}`} className="booking-cancel">
                <ErrorSummary id={id} state={state} fields={{}} />
                <PostHidden name="_booking" value={block.resource} token={ctx.visitor.token} id={id} />
                <input type="hidden" name="_cancel" value={booking.token} />
                <p>{`You can cancel with a full refund until ${booking.deadline}.`}</p>
                <button type="submit" className="button button-secondary">
                  Cancel this booking
                </button>
              </form>
            ) : booking.status === 'confirmed' ? (
              <>
                <ErrorSummary id={id} state={state} fields={{}} />
                <p>{`It can no longer be cancelled online: that was possible until ${booking.deadline}.${site.data.site.phone ? ` Please call us on ${site.data.site.phone}.` : ''}`}</p>
              </>
            ) : null}
          </>
        ) : (
          <p>This link does not name a booking. Please use the link in your confirmation e-mail, or book a new time below.</p>
        )}
        <p>
          <a href={page}>Book another time</a>
        </p>
      </div>
    </section>
  );
}

function Booking(block: BookingProps) {
  const ctx = useRender();
  const { site } = ctx;
  const loaded = (ctx.visitor.loaded?.booking as BookingLoaded | undefined) ?? { dates: [], slots: [] };
  const options = optionsOf(block);
  const props = optionOf(block, loaded.choice) ?? options[0];
  if (loaded.booking || loaded.unknownBooking) return <BookingView block={block} props={props} loaded={loaded} />;
  const id = `book-${block.resource}`;
  const state = postedState(ctx, `booking:${block.resource}`);
  const value = (name: string) => asText(state?.values?.[name] ?? '');
  const error = (name: string) => state?.errors?.[name];
  const locale = site.data.site.language;
  const page = publicPath(site.prefix, ctx.target.path);
  const whole = wholeRoom(props);
  const people = whole ? 'players' : 'people';
  const price =
    props.price.perPerson !== undefined
      ? `${money(site, minorOf(site, props.price.perPerson))} per ${whole ? 'player' : 'person'}`
      : `${money(site, minorOf(site, props.price.perSlot ?? 0))} per booking`;
  const sizes: number[] = [];
  for (let n = props.party.min; n <= props.party.max; n++) sizes.push(n);
  const chosen = block.choices?.length ? `choice=${encodeURIComponent(props.resource)}&` : '';
  const choices = block.choices?.length ? (
    <nav className="booking-choices" aria-label={block.choose ?? 'Choose what to book'}>
      <h3>{block.choose ?? 'Choose what to book'}</h3>
      <ul>
        {options.map((option, i) => (
          <li key={option.resource}>
            <a
              href={`${page}?choice=${encodeURIComponent(option.resource)}#${block.resource}`}
              aria-current={option.resource === props.resource ? 'true' : undefined}
            >
              <strong>{labelOf(option)}</strong>
              <span className="booking-facts">{factsOf(site, option)}</span>
              {block.choices?.[i]?.description ? <span className="booking-choice-text">{block.choices[i].description}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  ) : null;
  const dates = (
    <nav className="booking-dates" aria-label={block.choices?.length ? `Days for ${labelOf(props)}` : 'Choose a day'}>
      {block.choices?.length ? <h3>{`Days for ${labelOf(props)}`}</h3> : null}
      {loaded.dates.length ? (
        <ul>
          {loaded.dates.map((date) => (
            <li key={date}>
              <a href={`${page}?${chosen}date=${date}#${block.resource}`} aria-current={date === loaded.date ? 'date' : undefined}>
                {dayLabel(date, locale)}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>There are no times to book online at the moment.</p>
      )}
    </nav>
  );
  return (
    <MoneyForm
      className="booking-block"
      anchor={block.resource}
      id={id}
      heading={block.heading}
      label={labelOf(block)}
      intro={block.intro}
      post={{ name: '_booking', value: block.resource }}
      state={state}
      submit={block.submit}
      before={
        <>
          {choices}
          {dates}
        </>
      }
    >
      {block.choices?.length ? <input type="hidden" name="choice" value={props.resource} /> : null}
      <fieldset
        className={`field field-group booking-slots${error('slot') ? ' field-has-error' : ''}`}
        id={`${id}-slot`}
        aria-describedby={error('slot') ? `${id}-slot-error` : undefined}
      >
        <legend>
          {loaded.date
            ? `${block.choices?.length ? `${labelOf(props)}: time` : 'Time'} on ${new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'full' }).format(Date.parse(`${loaded.date}T12:00:00Z`))}`
            : 'Time'}
          <span className="field-required"> (required)</span>
        </legend>
        {loaded.slots.length ? (
          loaded.slots.map((slot, i) => {
            const full = slot.left <= 0;
            const left = full ? 'Full' : whole ? 'Available' : `${slot.left} ${slot.left === 1 ? 'place' : 'places'} left`;
            return (
              <div className="field-check" key={slot.id}>
                <input
                  type="radio"
                  id={`${id}-slot-${i}`}
                  name="slot"
                  value={slot.id}
                  disabled={full}
                  defaultChecked={!full && (value('slot') || loaded.picked) === slot.id}
                  required
                />
                <label htmlFor={`${id}-slot-${i}`}>
                  {slot.label} <span className="booking-left">{`(${left})`}</span>
                </label>
              </div>
            );
          })
        ) : (
          <p>No times left on this day: please choose another.</p>
        )}
        {error('slot') ? (
          <p id={`${id}-slot-error`} className="field-error">
            {error('slot')}
          </p>
        ) : null}
      </fieldset>
      <Field id={`${id}-party`} label={`Number of ${people}`} required error={error('party')}>
        {(a) => (
          // Always answered (it starts at the smallest party), so not marked required: HTML then wants an empty first choice.
          <select {...a} required={undefined} name="party" defaultValue={value('party') || String(props.party.min)}>
            {sizes.map((n) => (
              <option key={n} value={String(n)}>
                {String(n)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-name`} label="Name for the booking" required error={error('name')}>
        {(a) => <input {...a} name="name" type="text" defaultValue={value('name')} maxLength={80} autoComplete="name" />}
      </Field>
      <Field id={`${id}-email`} label="E-mail for the confirmation" required error={error('email')}>
        {(a) => <input {...a} name="email" type="email" defaultValue={value('email')} maxLength={254} autoComplete="email" />}
      </Field>
      {block.giftCards ? (
        <Field
          id={`${id}-gift`}
          label="Gift card code (if you have one)"
          help="Its balance pays first; you pay any rest by card on the next page."
          error={error('gift')}
        >
          {(a) => <input {...a} name="gift" type="text" defaultValue={value('gift')} maxLength={60} autoComplete="off" spellCheck={false} />}
        </Field>
      ) : null}
      <p className="booking-terms">
        {`Price: ${price}. You pay on the next page and see the total first. Cancel online until ${props.cancelHours} hours before the start for a full refund${block.giftCards ? ' (to the card or gift card that paid)' : ''}.`}
      </p>
    </MoneyForm>
  );
}

export const booking = defineBlock({
  type: 'booking',
  title: 'Booking',
  description:
    'Books a time for an escape room, a court, a lesson or a class: visitors choose a day and a free time, say how many are coming and pay on the provider’s checkout; the booking is confirmed by e-mail with a calendar file and a link to view or cancel it.',
  props: bookingProps,
  Component: Booking,
  perRequest: ['token'],
  action: bookingAction,
  collections: ['bookings', 'ledger'],
  example: {
    resource: 'vault',
    label: 'The Vault',
    heading: 'Book the Vault',
    intro: 'A 60-minute escape room for 2 to 6 players. The room is yours alone: every booking is a private game.',
    timetable: {
      timeZone: 'America/New_York',
      weekly: [
        { days: ['wednesday', 'thursday', 'friday'], starts: ['17:00', '18:30', '20:00'] },
        { days: ['saturday', 'sunday'], starts: ['10:00', '11:30', '13:00', '14:30', '16:00'] },
      ],
      durationMinutes: 60,
      leadMinutes: 120,
      horizonDays: 60,
      closed: ['2026-12-25'],
    },
    capacity: 1,
    party: { min: 2, max: 6 },
    price: { perPerson: 30 },
    cancelHours: 24,
    submit: 'Continue to payment',
  },
  async load({ site, props, query, services }) {
    return loadBooking(site, props, query, services);
  },
  paid: bookingPaid,
  // A lapsed hold already frees its places; this marks it so, for the data tools and the ledger export.
  async scheduled({ site, services, log, now }) {
    const released = await bookingsOf(services).release(site.prefix, now);
    if (released) log.info({ site: site.prefix, released }, 'lapsed booking holds released');
  },
  check(props, site) {
    const issues: BlockIssue[] = [];
    const seen = new Set<string>();
    const add = (issue: BlockIssue) => {
      const key = `${issue.path.join('.')}\n${issue.detail}`;
      if (seen.has(key)) return;
      seen.add(key);
      issues.push(issue);
    };
    // Each thing booked is checked as it will be booked; a problem is shown where the value is written (the choice's own, or the block's).
    const choices = props.choices ?? [];
    const options = choices.length ? optionsOf(props) : [props];
    options.forEach((option, i) => {
      const choice = choices[i] as Record<string, unknown> | undefined;
      const at = (field: string, ...rest: (string | number)[]) => (choice && choice[field] !== undefined ? ['choices', i, field, ...rest] : [field, ...rest]);
      for (const issue of bookingIssues(site, option)) {
        const [field, ...rest] = issue.path;
        add({
          ...issue,
          path:
            field === 'timetable' && (rest[0] === 'weekly' || rest[0] === 'durationMinutes')
              ? at(rest[0], ...rest.slice(1))
              : typeof field === 'string'
                ? at(field, ...rest)
                : issue.path,
        });
      }
    });
    const named = new Map<string, number>();
    choices.forEach((choice, i) => {
      if (choice.resource === props.resource || named.has(choice.resource))
        add({
          path: ['choices', i, 'resource'],
          code: 'SW_NOT_UNIQUE',
          detail: `"${choice.resource}" names ${choice.resource === props.resource ? 'the block itself' : 'another choice of this block'}.`,
          fix: 'give each choice its own name, such as the room’s or the coach’s.',
        });
      named.set(choice.resource, i);
    });
    return issues;
  },
});

/** What JSON Schema cannot say about one thing booked: one way of pricing, amounts the currency can hold, a timetable that makes sense, a party that fits. */
function bookingIssues(site: Partial<SiteData>, props: BookingProps): BlockIssue[] {
  const amounts = [
    ...(props.price?.perPerson !== undefined ? [{ path: ['price', 'perPerson'], value: props.price.perPerson }] : []),
    ...(props.price?.perSlot !== undefined ? [{ path: ['price', 'perSlot'], value: props.price.perSlot }] : []),
  ];
  const issues: BlockIssue[] = moneyIssues(site, amounts);
  if (props.timetable)
    for (const problem of validateTimetable(props.timetable))
      issues.push({ path: ['timetable', ...problem.path], code: 'SW_BAD_FORMAT', detail: problem.detail, fix: problem.fix });
  const ways = amounts.length;
  if (ways !== 1)
    issues.push({
      path: ['price'],
      target: 'key',
      code: ways ? 'SW_NOT_ALLOWED' : 'SW_MISSING_KEY',
      detail: ways ? 'The price is given both per person and per booking.' : 'The price says neither how much per person nor per booking.',
      fix: 'write one of: "perPerson: 32" (each person pays) or "perSlot: 120" (one price for the booking).',
    });
  const { min, max } = props.party ?? {};
  if (typeof min === 'number' && typeof max === 'number' && min > max)
    issues.push({
      path: ['party', 'min'],
      code: 'SW_OUT_OF_RANGE',
      detail: `The smallest group (${min}) is larger than the largest (${max}).`,
      fix: 'swap them.',
    });
  if (typeof max === 'number' && props.capacity > 1 && max > props.capacity)
    issues.push({
      path: ['party', 'max'],
      code: 'SW_OUT_OF_RANGE',
      detail: `A group of ${max} could never fit: each time has ${props.capacity} places.`,
      fix: `lower party.max to ${props.capacity} or less, or write "capacity: 1" if one group takes the whole room.`,
    });
  return issues;
}
