/**
 * The questions of the booking form: the time on the day shown, the size of the party, and who
 * books, with each answer given back and its message after a refused post.
 */
import type { ReactNode } from 'react';
import { Field } from '../money-form.tsx';
import type { DayView, OptionView } from './form-view.ts';

/** The visitor's earlier answer to a question, and the message about it. */
export interface Answers {
  value: (name: string) => string;
  error: (name: string) => string | undefined;
}

/** The day's times as radio buttons, the full ones disabled; the one asked for or answered before is chosen. */
export function SlotList({ id, day, value, error }: { id: string; day: DayView } & Answers) {
  return (
    <fieldset
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
  );
}

/** How many come: a choice from the option's smallest party to its largest. */
export function PartyField({ id, option, value, error }: { id: string; option: OptionView } & Answers) {
  const sizes: number[] = [];
  for (let n = option.min; n <= option.max; n++) sizes.push(n);
  return (
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
  );
}

/** Who books: the name, the e-mail the confirmation goes to, the block's own questions (`children`), and a gift card's code when the block takes them. */
export function BookerFields({ id, giftCards, value, error, children }: { id: string; giftCards: boolean; children?: ReactNode } & Answers) {
  return (
    <>
      <Field id={`${id}-name`} label="Name for the booking" required error={error('name')}>
        {(a) => <input {...a} name="name" type="text" defaultValue={value('name')} maxLength={80} autoComplete="name" />}
      </Field>
      <Field id={`${id}-email`} label="E-mail for the confirmation" required error={error('email')}>
        {(a) => <input {...a} name="email" type="email" defaultValue={value('email')} maxLength={254} autoComplete="email" />}
      </Field>
      {children}
      {giftCards ? (
        <Field
          id={`${id}-gift`}
          label="Gift card code (if you have one)"
          help="Its balance pays first; you pay any rest by card on the next page."
          error={error('gift')}
        >
          {(a) => <input {...a} name="gift" type="text" defaultValue={value('gift')} maxLength={60} autoComplete="off" spellCheck={false} />}
        </Field>
      ) : null}
    </>
  );
}
