import { useEffect, useRef, useState } from 'react';
import { authoredAmount, formatMoney } from '../../runtime/payments/money.ts';
import type { VisitorState } from '../contract.ts';
import { Field, Problems } from './Field.tsx';
import { moved, planTrip, type TripPlan } from './plan.ts';
import { Planner } from './Planner.tsx';
import { PlanView } from './PlanView.tsx';
import type { TripBuilderProps } from './schema.ts';
import type { TripView } from './view.ts';
import { clockAt, noteText } from './words.ts';

export interface TripBuilderViewProps extends TripBuilderProps {
  /** The site's language and currency, so server and browser write times and amounts alike. */
  locale?: string;
  currency?: string;
  /** The page's own address, for the planner's links and GET forms. */
  page?: string;
  /** Where the booking form posts (the page, or a static export's API server). */
  action?: string;
  /** A signed time stamp: a form sent too quickly after it was shown is a robot's. */
  token?: string;
  /** The intro, already turned from Markdown into safe HTML on the server. */
  introHtml?: string;
  /** Payments are practice runs (the test provider). */
  testMode?: boolean;
  /** What the server worked out for this request (added on the server). */
  view?: TripView;
  /** After a refused booking: the visitor's answers and the messages. */
  posted?: VisitorState;
}

const STATUS: Record<string, string> = {
  held: 'Waiting for payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  expired: 'Not paid in time',
};

function Booked({ id, view, page }: { id: string; view: TripView; page: string }) {
  const booked = view.booked;
  return (
    <section className="trip-booked" aria-labelledby={`${id}-booked-heading`}>
      <h3 id={`${id}-booked-heading`}>{booked ? `Your trip on ${booked.date}` : 'No trip to show'}</h3>
      {booked ? (
        <>
          <dl className="trip-details">
            <dt>Status</dt>
            <dd>
              <strong>{STATUS[booked.status] ?? booked.status}</strong>
            </dd>
            <dt>Guests</dt>
            <dd>{booked.party}</dd>
            <dt>Pickup</dt>
            <dd>{booked.pickup}</dd>
          </dl>
          <ol className="trip-itinerary">
            {booked.itinerary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </>
      ) : (
        <p>This link does not name a trip. Please use the link in your confirmation e-mail, or plan a new trip.</p>
      )}
      <p>
        <a href={page}>Plan another trip</a>
      </p>
    </section>
  );
}

/** Why a plan cannot be booked, in a sentence: its first stop that is closed when the van gets there. */
function blockedText(plan: TripPlan, timeZone: string, locale: string): string {
  for (const stop of plan.stops)
    for (const note of stop.notes) if (note.kind === 'closed' || note.kind === 'after-closing') return noteText(note, stop.winery, timeZone, locale);
  return '';
}

/**
 * The order of the stops as the visitor moved them, what the live region says after a move, and
 * what a move does: it replans the day in the browser, keeps focus on the button that moved the
 * stop, and puts the new order in the address so that a reload shows the same day.
 */
function useOrder(props: TripBuilderViewProps, { id, page, locale, currency }: { id: string; page: string; locale: string; currency: string }) {
  const choices = props.view?.choices;
  const [order, setOrder] = useState<string[]>(() => choices?.wineries ?? []);
  const [said, setSaid] = useState('');
  const focusNext = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = undefined;
  }, [order]);

  const onMove = (slug: string, by: -1 | 1) => {
    const index = order.indexOf(slug);
    const next = moved(order, index, by);
    const to = next.indexOf(slug);
    if (to === index || !choices) return;
    const after = planTrip(props, { ...choices, wineries: next }, currency);
    const stop = after?.stops[to];
    // The button pressed, or its twin when the stop reached the end of the list and that one is disabled.
    const keep = by === -1 ? (to === 0 ? 'down' : 'up') : to === next.length - 1 ? 'up' : 'down';
    focusNext.current = `${id}-${slug}-${keep}`;
    setOrder(next);
    setSaid(
      stop
        ? `${stop.winery.name} is now stop ${to + 1} of ${next.length}, arriving at ${clockAt(stop.arrive, props.van.timeZone, locale)}. Drive times, arrival times and warnings are updated.`
        : '',
    );
    const query = new URLSearchParams({ date: choices.date, party: String(choices.party), pickup: choices.pickup, order: 'own', wineries: next.join(',') });
    window.history.replaceState(null, '', `${page}?${query.toString()}#${id}-plan`);
  };
  return { order, said, onMove };
}

/** The form that books the planned day: the plan in hidden fields, who books, and the deposit it takes. */
function BookTrip({
  id,
  action,
  props,
  plan,
  order,
  errors,
  money,
}: {
  id: string;
  action: string;
  props: TripBuilderViewProps;
  plan: TripPlan;
  order: string[];
  errors: Record<string, string>;
  money: (minor: number) => string;
}) {
  const value = (name: string) => {
    const given = props.posted?.values?.[name];
    return typeof given === 'string' ? given : '';
  };
  return (
    <form method="post" action={action} className="trip-book" aria-labelledby={`${id}-book-heading`}>
      <h3 id={`${id}-book-heading`}>Book this trip</h3>
      <p>{`Pay a deposit of ${money(plan.price.deposit)} now to hold your seats; the remaining ${money(plan.price.balance)} is paid on the day.`}</p>
      {props.testMode ? (
        <p className="test-mode" role="note">
          <strong>Test mode.</strong> Payments here are practice runs: no card is charged.
        </p>
      ) : null}
      <input type="hidden" name="_trip" value={props.resource} />
      <input type="hidden" name="_t" value={props.token ?? ''} />
      <div className="form-trap" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Leave this empty</label>
        <input id={`${id}-website`} name="_hp" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name="wineries" value={order.join(',')} />
      <input type="hidden" name="date" value={plan.date} />
      <input type="hidden" name="party" value={String(plan.price.party)} />
      <input type="hidden" name="pickup" value={plan.pickup.slug} />
      <Field id={`${id}-name`} label="Name for the booking" required error={errors.name}>
        {(a) => <input {...a} name="name" type="text" defaultValue={value('name')} maxLength={80} autoComplete="name" />}
      </Field>
      <Field id={`${id}-email`} label="E-mail for the confirmation" required error={errors.email}>
        {(a) => <input {...a} name="email" type="email" defaultValue={value('email')} maxLength={254} autoComplete="email" />}
      </Field>
      <button type="submit" className="button">
        {props.submit}
      </button>
    </form>
  );
}

/** How the times and the price are worked out, in words, with the author's numbers. */
function Method({ id, props, currency, money }: { id: string; props: TripBuilderViewProps; currency: string; money: (minor: number) => string }) {
  return (
    <section className="trip-method" aria-labelledby={`${id}-method-heading`}>
      <h3 id={`${id}-method-heading`}>How we work out the times and the price</h3>
      <p>
        {`Drive times are estimates. For each drive we take the straight-line distance between the two places from their map coordinates (the great-circle distance, by the haversine formula), multiply it by ${props.roadFactor} because roads wind, and divide it by an average speed of ${props.speedKmh} km/h, rounding up to the whole minute. Each winery visit lasts ${props.stopMinutes} minutes; when the van arrives before a winery opens, the tasting starts at opening time. All times are in the ${props.van.timeZone} time zone.`}
      </p>
      <p>
        {`The price is the tour at ${money(authoredAmount(props.price.perPerson, currency) ?? 0)} a guest plus each winery’s tasting fee for every guest. You pay a deposit to book and the rest on the day.`}
      </p>
    </section>
  );
}

/**
 * The trip builder: the planner, the planned day and the booking form. Rendered on the server for
 * each request (the plan the query string asks for), then hydrated: moving a stop reorders the day
 * and recomputes it in the browser with the same functions the server used.
 */
export function TripBuilder(props: TripBuilderViewProps) {
  const { locale = 'en-US', currency = 'USD', page = '', view, posted } = props;
  const id = `trip-${props.resource}`;
  const zone = props.van.timeZone;
  const { order, said, onMove } = useOrder(props, { id, page, locale, currency });
  const choices = view?.choices ? { ...view.choices, wineries: order } : undefined;
  const plan = choices ? planTrip(props, choices, currency) : undefined;
  const errors = { ...view?.errors, ...posted?.errors };
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const bookable = plan && !plan.blocked && !errors.party && !errors.date && !errors.wineries && !errors.pickup;
  return (
    <section
      className="trip-builder"
      id={props.resource}
      aria-labelledby={props.heading ? `${id}-heading` : undefined}
      aria-label={props.heading ? undefined : 'Trip planner'}
    >
      <div className="container">
        {props.heading ? <h2 id={`${id}-heading`}>{props.heading}</h2> : null}
        {props.introHtml ? <div className="trip-intro" dangerouslySetInnerHTML={{ __html: props.introHtml }} /> : null}
        {view?.booked || view?.unknownBooking ? (
          <Booked id={id} view={view} page={page} />
        ) : (
          <>
            <Problems id={id} errors={errors} problem={posted?.problem} />
            <Planner id={id} props={props} view={view} errors={errors} page={page} locale={locale} currency={currency} />
            {plan ? (
              <PlanView
                id={id}
                props={props}
                plan={plan}
                page={page}
                locale={locale}
                currency={currency}
                seatsLeft={view?.seatsLeft}
                said={said}
                onMove={onMove}
              />
            ) : null}
            {plan && plan.blocked ? (
              <p className="trip-blocked">
                <strong>This plan cannot be booked. </strong>
                {`${blockedText(plan, zone, locale)} Please choose another winery, another order or another date.`}
              </p>
            ) : null}
            {plan && bookable ? <BookTrip id={id} action={props.action ?? page} props={props} plan={plan} order={order} errors={errors} money={money} /> : null}
            <Method id={id} props={props} currency={currency} money={money} />
          </>
        )}
      </div>
    </section>
  );
}
