/**
 * The booking block as the visitor sees it, drawn from a view the server works out (`view.ts`):
 * the choices, the days, the free times of the chosen day, the party, the booker's details; or one
 * booking named by its signed link. Without JavaScript every day and choice is a link the server
 * answers with the page; in the browser the same links fetch the day's free times as JSON and the
 * form changes in place, with the news read out to screen readers.
 */
import { ErrorSummary, PostHidden, TestModeText } from '../money-form.tsx';
import { Booked } from './Booked.tsx';
import { ChoiceList, DayList, useDay } from './BookingDays.tsx';
import { BookerFields, PartyField, SlotList } from './BookingFields.tsx';
import type { BookingFormView } from './form-view.ts';
import { Field } from '../kits/fields/Field.tsx';

/** The island: `view` comes from the server (`islandProps`); the YAML props travel beside it and are not read. */
export function BookingForm({ view }: { view?: BookingFormView; [yaml: string]: unknown }) {
  const { day, busy, news, open } = useDay(view?.day);
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
        {view.multiple ? <ChoiceList view={view} option={option} open={open} /> : null}
        <DayList multiple={view.multiple} option={option} day={day} busy={busy} open={open} />
        <p className="visually-hidden" aria-live="polite">
          {news}
        </p>
        <form method="post" action={view.action}>
          <ErrorSummary id={id} state={state} fields={{}} />
          <PostHidden name="_booking" value={view.anchor} token={view.token} id={id} />
          {view.multiple ? <input type="hidden" name="choice" value={option.resource} /> : null}
          <SlotList key={`${day.choice}@${day.date ?? ''}`} id={id} day={day} value={value} error={error} />
          <PartyField id={id} option={option} value={value} error={error} />
          <BookerFields id={id} giftCards={view.giftCards} value={value} error={error}>
            {view.questions.map((field) => (
              <Field key={field.name} form={id} field={field} value={state?.values?.[field.name]} error={error(field.name)} />
            ))}
          </BookerFields>
          <p className="booking-terms">
            {`Price: ${option.price}${option.deposit ? ` (${option.deposit})` : ''}. ${option.deposit ? 'You pay the deposit on the next page and see the amounts first' : 'You pay on the next page and see the total first'}. Cancel online until ${view.cancelHours} hours before the start for a full refund${view.giftCards ? ' (to the card or gift card that paid)' : ''}.`}
          </p>
          <button type="submit" className="button">
            {view.submit}
          </button>
        </form>
      </div>
    </section>
  );
}
