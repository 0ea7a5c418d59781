import { Markdown } from '../../runtime/render/Markdown.tsx';
import { useRender } from '../../runtime/render/context.tsx';
import { asText } from '../../runtime/text.ts';
import { Field, MoneyForm, money, minorOf, postedState } from '../money.tsx';
import { defineBlock } from '../contract.ts';
import { donateAction } from './action.ts';
import { donateIssues } from './check.ts';
import { DEDICATIONS, otherRange, presetValue } from './gift.ts';
import { donationDesk } from './desk.ts';
import { donationPaid, donationRenewed } from './paid.ts';
import { donateProps, type DonateProps } from './schema.ts';

const FREQUENCY_LABELS = { once: 'Once', monthly: 'Every month' } as const;

function Donate(props: DonateProps) {
  const ctx = useRender();
  const { site } = ctx;
  const id = `donate-${props.donation}`;
  const state = postedState(ctx, `donation:${props.donation}`);
  const value = (name: string) => asText(state?.values?.[name] ?? '');
  const error = (name: string) => state?.errors?.[name];
  const range = otherRange(site, props);
  const frequency = value('frequency') || props.frequencies[0];
  const declared = value('declaration') !== '';
  const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;
  return (
    <MoneyForm
      className="donate-block"
      anchor={props.donation}
      id={id}
      heading={props.heading}
      label={props.description}
      intro={props.intro}
      post={{ name: '_donation', value: props.donation }}
      state={state}
      submit={props.submit}
    >
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
      {props.frequencies.length > 1 ? (
        <fieldset
          className={`field field-group${error('frequency') ? ' field-has-error' : ''}`}
          id={`${id}-frequency`}
          aria-describedby={describedBy(error('frequency') && `${id}-frequency-error`)}
        >
          <legend>How often</legend>
          {props.frequencies.map((f) => (
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
      ) : (
        <p className="donate-frequency">
          {props.frequencies[0] === 'monthly' ? 'Your gift is taken every month until you stop it.' : 'This is a one-time gift.'}
        </p>
      )}
      <Field id={`${id}-name`} label="Your name" required error={error('name')}>
        {(a) => <input {...a} name="name" type="text" defaultValue={value('name')} autoComplete="name" maxLength={100} />}
      </Field>
      <Field id={`${id}-email`} label="E-mail for the receipt" required error={error('email')}>
        {(a) => <input {...a} name="email" type="email" defaultValue={value('email')} autoComplete="email" maxLength={254} />}
      </Field>
      {props.dedication ? (
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
      ) : null}
      {props.declaration ? (
        <div className="donate-declaration">
          <div id={`${id}-declaration-text`} className="donate-declaration-text">
            <Markdown source={props.declaration.text} />
          </div>
          <div className="field field-check">
            <input
              type="checkbox"
              id={`${id}-declaration`}
              name="declaration"
              value="yes"
              defaultChecked={declared}
              aria-describedby={`${id}-declaration-text`}
            />
            <label htmlFor={`${id}-declaration`}>{props.declaration.label}</label>
          </div>
          <Field id={`${id}-address`} label="Home address" help="Needed only if you tick the box above." error={error('address')}>
            {(a) => <textarea {...a} name="address" rows={3} defaultValue={value('address')} maxLength={300} autoComplete="street-address" />}
          </Field>
        </div>
      ) : null}
    </MoneyForm>
  );
}

export const donate = defineBlock({
  type: 'donate',
  title: 'Donate',
  description:
    'A donation form: suggested amounts and an optional amount of the donor’s own, once or every month, an optional dedication in honour or in memory of someone, and an optional declaration. Donors pay on the provider’s checkout and come back to their receipt.',
  props: donateProps,
  Component: Donate,
  perRequest: ['token'],
  action: donateAction,
  paid: donationPaid,
  renewed: donationRenewed,
  deskBoards: [donationDesk],
  example: {
    donation: 'general-fund',
    heading: 'Give a gift today',
    intro: '**$25** feeds a family of four for a week from our pantry. **$60** pays for a Thursday dinner for forty neighbours.',
    description: 'Donation to Hope Kitchen',
    presets: [25, 60, 120, 250],
    other: { min: 5, max: 10000 },
    frequencies: ['once', 'monthly'],
    dedication: true,
    declaration: {
      label: 'Mail me a written acknowledgement for my tax records',
      text: 'Gifts of $250 or more need a written acknowledgement for an IRS deduction. Tick the box and we will mail one to your home address each January.',
    },
    submit: 'Donate',
  },
  check: donateIssues,
});
