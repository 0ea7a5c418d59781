/**
 * One booking as its signed link shows it: when, for how many, its status, and the form that
 * cancels it while it still can be; or a note that the link names no booking.
 */
import { ErrorSummary, PostHidden } from '../money-form.tsx';
import type { BookedView, BookingFormView } from './form-view.ts';

export function Booked({ view, booking }: { view: BookingFormView; booking?: BookedView }) {
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
              {booking.deposit && booking.balance ? (
                <>
                  <dt>Deposit</dt>
                  <dd>{booking.deposit}</dd>
                  <dt>To pay at the visit</dt>
                  <dd>{booking.balance}</dd>
                </>
              ) : null}
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
