/**
 * The booking block as the visitor sees it, drawn from a view the server works out (`view.ts`):
 * the choices, the days, the free times of the chosen day, the party, the booker's details; or one
 * booking named by its signed link. Without JavaScript every day and choice is a link the server
 * answers with the page; in the browser the same links fetch the day's free times as JSON and the
 * form changes in place, with the news read out to screen readers.
 */
import { useState, type MouseEvent } from 'react';
import { ErrorSummary, Field, PostHidden, TestModeText } from '../money-form.tsx';
import type { VisitorState } from '../contract.ts';

export interface DayLink {
  date: string;
  label: string;
  href: string;
}

export interface SlotView {
  id: string;
  label: string;
  left: number;
  /** What is left, in words: "Available", "5 places left", "Full". */
  note: string;
}

/** One thing the block books (the block itself, or a room, a coach, a class), with what the form needs to know of it. */
export interface OptionView {
  resource: string;
  label: string;
  facts: string;
  description?: string;
  href: string;
  min: number;
  max: number;
  /** "players" (a whole room) or "people". */
  people: string;
  price: string;
}

/** The days of one option and the free times of the day shown: what a click on a day or a choice fetches. */
export interface DayView {
  choice: string;
  dates: DayLink[];
  date?: string;
  /** The legend of the times: "Time on Thursday, November 26, 2026". */
  legend: string;
  slots: SlotView[];
  picked?: string;
}

export interface BookedView {
  title: string;
  when: string;
  peopleLabel: string;
  players: number;
  status: string;
  gift?: string;
  cancellable: boolean;
  /** Why it can or cannot be cancelled now, in a sentence. */
  cancelText?: string;
  token: string;
}

export interface BookingFormView {
  id: string;
  anchor: string;
  action: string;
  page: string;
  token: string;
  heading?: string;
  label: string;
  introHtml?: string;
  testMode: boolean;
  choose?: string;
  options: OptionView[];
  multiple: boolean;
  day: DayView;
  giftCards: boolean;
  cancelHours: number;
  submit: string;
  state?: VisitorState;
  booking?: BookedView;
  unknownBooking?: boolean;
}

/** Where a script reads a day's free times: the same address as the link, asking for this block's data. */
export const dataUrl = (href: string, base: string) => {
  const url = new URL(href, base);
  url.searchParams.set('_data', 'booking');
  url.hash = '';
  return url.toString();
};

const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function Booked({ view, booking }: { view: BookingFormView; booking?: BookedView }) {
  return (
    <section className="booking-block" id={view.anchor} aria-labelledby={`${view.id}-heading`}>
      <div className="container">
        <h2 id={`${view.id}-heading`}>{booking ? booking.title : 'No booking to show'}</h2>
        {booking ? (
          <>
            <dl className="booking-details">
              <dt>When</dt>
              <dd>{booking.when}</dd>
              <dt>{booking.peopleLabel}</dt>
              <dd>{booking.players}</dd>
              <dt>Status</dt>
              <dd>
                <strong>{booking.status}</strong>
              </dd>
              {booking.gift ? (
                <>
                  <dt>Gift card</dt>
                  <dd>{booking.gift}</dd>
                </>
              ) : null}
            </dl>
            {booking.cancellable ? (
              <form method="post" action={view.action} className="booking-cancel">
                <ErrorSummary id={view.id} state={view.state} fields={{}} />
                <PostHidden name="_booking" value={view.anchor} token={view.token} id={view.id} />
                <input type="hidden" name="_cancel" value={booking.token} />
                <p>{booking.cancelText}</p>
                <button type="submit" className="button button-secondary">
                  Cancel this booking
                </button>
              </form>
            ) : booking.cancelText ? (
              <>
                <ErrorSummary id={view.id} state={view.state} fields={{}} />
                <p>{booking.cancelText}</p>
              </>
            ) : null}
          </>
        ) : (
          <p>This link does not name a booking. Please use the link in your confirmation e-mail, or book a new time below.</p>
        )}
        <p>
          <a href={view.page}>Book another time</a>
        </p>
      </div>
    </section>
  );
}

/** The island: `view` comes from the server (`islandProps`); the YAML props travel beside it and are not read. */
export function BookingForm({ view }: { view?: BookingFormView; [yaml: string]: unknown }) {
  const [day, setDay] = useState(view?.day);
  const [busy, setBusy] = useState(false);
  const [news, setNews] = useState('');
  if (!view || !day) return null;
  if (view.booking || view.unknownBooking) return <Booked view={view} booking={view.booking} />;

  const { id, state } = view;
  const option = view.options.find((o) => o.resource === day.choice) ?? view.options[0];
  if (!option) return null;
  const value = (name: string) => {
    const v = state?.values?.[name];
    return typeof v === 'string' ? v : '';
  };
  const error = (name: string) => state?.errors?.[name];
  const sizes: number[] = [];
  for (let n = option.min; n <= option.max; n++) sizes.push(n);

  /** A day or a choice, fetched in place; any failure falls back to the link itself. */
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    void fetchDay(event.currentTarget.href);
  };
  const fetchDay = async (href: string) => {
    setBusy(true);
    try {
      const answer = await fetch(dataUrl(href, window.location.href), { headers: { accept: 'application/json' } });
      if (!answer.ok) throw new Error(String(answer.status));
      const next = (await answer.json()) as DayView;
      setDay(next);
      window.history.replaceState(null, '', href);
      const free = next.slots.filter((s) => s.left > 0).length;
      setNews(`${next.legend}: ${free ? `${free} ${free === 1 ? 'time' : 'times'} free` : 'no times free'}.`);
    } catch {
      window.location.assign(href);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="booking-block"
      id={view.anchor}
      aria-labelledby={view.heading ? `${id}-heading` : undefined}
      aria-label={view.heading ? undefined : view.label}
    >
      <div className="container">
        {view.heading ? <h2 id={`${id}-heading`}>{view.heading}</h2> : null}
        {view.introHtml ? <div className="prose" dangerouslySetInnerHTML={{ __html: view.introHtml }} /> : null}
        {view.testMode ? <TestModeText /> : null}
        {view.multiple ? (
          <nav className="booking-choices" aria-label={view.choose}>
            <h3>{view.choose}</h3>
            <ul>
              {view.options.map((o) => (
                <li key={o.resource}>
                  <a href={o.href} aria-current={o.resource === option.resource ? 'true' : undefined} onClick={open}>
                    <strong>{o.label}</strong>
                    <span className="booking-facts">{o.facts}</span>
                    {o.description ? <span className="booking-choice-text">{o.description}</span> : null}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <nav className="booking-dates" aria-label={view.multiple ? `Days for ${option.label}` : 'Choose a day'} aria-busy={busy || undefined}>
          {view.multiple ? <h3>{`Days for ${option.label}`}</h3> : null}
          {day.dates.length ? (
            <ul>
              {day.dates.map((d) => (
                <li key={d.date}>
                  <a href={d.href} aria-current={d.date === day.date ? 'date' : undefined} onClick={open}>
                    {d.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p>There are no times to book online at the moment.</p>
          )}
        </nav>
        <p className="visually-hidden" aria-live="polite">
          {news}
        </p>
        <form method="post" action={view.action}>
          <ErrorSummary id={id} state={state} fields={{}} />
          <PostHidden name="_booking" value={view.anchor} token={view.token} id={id} />
          {view.multiple ? <input type="hidden" name="choice" value={option.resource} /> : null}
          <fieldset
            key={`${day.choice}@${day.date ?? ''}`}
            className={`field field-group booking-slots${error('slot') ? ' field-has-error' : ''}`}
            id={`${id}-slot`}
            aria-describedby={error('slot') ? `${id}-slot-error` : undefined}
          >
            <legend>
              {day.legend}
              <span className="field-required"> (required)</span>
            </legend>
            {day.slots.length ? (
              day.slots.map((slot, i) => {
                const full = slot.left <= 0;
                return (
                  <div className="field-check" key={slot.id}>
                    <input
                      type="radio"
                      id={`${id}-slot-${i}`}
                      name="slot"
                      value={slot.id}
                      disabled={full}
                      defaultChecked={!full && (value('slot') || day.picked) === slot.id}
                      required
                    />
                    <label htmlFor={`${id}-slot-${i}`}>
                      {slot.label} <span className="booking-left">{`(${slot.note})`}</span>
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
          <Field id={`${id}-party`} label={`Number of ${option.people}`} required error={error('party')}>
            {(a) => (
              // Always answered (it starts at the smallest party), so not marked required: HTML then wants an empty first choice.
              <select {...a} key={option.resource} required={undefined} name="party" defaultValue={value('party') || String(option.min)}>
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
          {view.giftCards ? (
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
            {`Price: ${option.price}. You pay on the next page and see the total first. Cancel online until ${view.cancelHours} hours before the start for a full refund${view.giftCards ? ' (to the card or gift card that paid)' : ''}.`}
          </p>
          <button type="submit" className="button">
            {view.submit}
          </button>
        </form>
      </div>
    </section>
  );
}
