/**
 * The questions of the donate form: the amount (suggested or the donor's own), how often, the
 * optional dedication and the optional declaration, each with its answer given back and its
 * message after a refused post.
 */
import { Markdown } from '../../runtime/render/Markdown.tsx';
import type { Site } from '../../runtime/site.ts';
import { Field, money, minorOf } from '../money.tsx';
import { DEDICATIONS, otherRange, presetValue } from './gift.ts';
import type { DonateProps } from './schema.ts';

/** What every part reads: the form's id, the donor's earlier answers and the messages about them. */
export interface Answers {
  id: string;
  value: (name: string) => string;
  error: (name: string) => string | undefined;
}

const FREQUENCY_LABELS = { once: 'Once', monthly: 'Every month' } as const;

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** The suggested amounts as radio buttons, and "Other" with its own amount when the author allows one. */
export function AmountField({ id, value, error, site, props }: Answers & { site: Site; props: DonateProps }) {
  const range = otherRange(site, props);
  return (
    <fieldset
      className={`field field-group donate-amounts${error('gift') ? ' field-has-error' : ''}`}
      id={`${id}-gift`}
      aria-describedby={describedBy(error('gift') && `${id}-gift-error`)}
    >
      <legend>
        Amount
        <span className="field-required"> (required)</span>
      </legend>
      <div className="donate-presets">
        {props.presets.map((amount, i) => {
          const choice = presetValue(site, amount);
          return (
            <div className="field-check donate-preset" key={choice}>
              <input type="radio" id={`${id}-gift-${i}`} name="gift" value={choice} defaultChecked={value('gift') === choice} required />
              <label htmlFor={`${id}-gift-${i}`}>{money(site, minorOf(site, amount))}</label>
            </div>
          );
        })}
        {range ? (
          <div className="field-check donate-preset">
            <input type="radio" id={`${id}-gift-other`} name="gift" value="other" defaultChecked={value('gift') === 'other'} required />
            <label htmlFor={`${id}-gift-other`}>Other</label>
          </div>
        ) : null}
      </div>
      {error('gift') ? (
        <p id={`${id}-gift-error`} className="field-error">
          {error('gift')}
        </p>
      ) : null}
      {range ? (
        <Field
          id={`${id}-amount`}
          label="Other amount"
          help={`If you chose “Other”: from ${money(site, range.min)} to ${money(site, range.max)}.`}
          error={error('amount')}
        >
          {(a) => <input {...a} name="amount" type="text" inputMode="decimal" defaultValue={value('amount')} maxLength={20} autoComplete="off" />}
        </Field>
      ) : null}
    </fieldset>
  );
}

/** Once or every month, when the author offers both; otherwise a sentence saying which it is. */
export function FrequencyField({ id, value, error, frequencies }: Answers & { frequencies: DonateProps['frequencies'] }) {
  const frequency = value('frequency') || frequencies[0];
  if (frequencies.length <= 1)
    return (
      <p className="donate-frequency">{frequencies[0] === 'monthly' ? 'Your gift is taken every month until you stop it.' : 'This is a one-time gift.'}</p>
    );
  return (
    <fieldset
      className={`field field-group${error('frequency') ? ' field-has-error' : ''}`}
      id={`${id}-frequency`}
      aria-describedby={describedBy(error('frequency') && `${id}-frequency-error`)}
    >
      <legend>How often</legend>
      {frequencies.map((f) => (
        <div className="field-check" key={f}>
          <input type="radio" id={`${id}-frequency-${f}`} name="frequency" value={f} defaultChecked={frequency === f} required />
          <label htmlFor={`${id}-frequency-${f}`}>{FREQUENCY_LABELS[f]}</label>
        </div>
      ))}
      {error('frequency') ? (
        <p id={`${id}-frequency-error`} className="field-error">
          {error('frequency')}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The gift given in honour or in memory of someone: which, and their name. */
export function DedicationFields({ id, value, error }: Answers) {
  return (
    <fieldset className="field field-group donate-dedication">
      <legend>Dedicate your gift (optional)</legend>
      <Field id={`${id}-dedication`} label="Dedication" error={error('dedication')}>
        {(a) => (
          <select {...a} name="dedication" defaultValue={value('dedication')}>
            <option value="">No dedication</option>
            {Object.entries(DEDICATIONS).map(([kind, words]) => (
              <option key={kind} value={kind}>
                {words}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-dedicatee`} label="Their name" help="Only if you chose a dedication." error={error('dedicatee')}>
        {(a) => <input {...a} name="dedicatee" type="text" defaultValue={value('dedicatee')} maxLength={100} autoComplete="off" />}
      </Field>
    </fieldset>
  );
}

/** The author's declaration, the box that makes it, and the home address it needs. */
export function DeclarationFields({ id, value, error, declaration }: Answers & { declaration: NonNullable<DonateProps['declaration']> }) {
  return (
    <div className="donate-declaration">
      <div id={`${id}-declaration-text`} className="donate-declaration-text">
        <Markdown source={declaration.text} />
      </div>
      <div className="field field-check">
        <input
          type="checkbox"
          id={`${id}-declaration`}
          name="declaration"
          value="yes"
          defaultChecked={value('declaration') !== ''}
          aria-describedby={`${id}-declaration-text`}
        />
        <label htmlFor={`${id}-declaration`}>{declaration.label}</label>
      </div>
      <Field id={`${id}-address`} label="Home address" help="Needed only if you tick the box above." error={error('address')}>
        {(a) => <textarea {...a} name="address" rows={3} defaultValue={value('address')} maxLength={300} autoComplete="street-address" />}
      </Field>
    </div>
  );
}
