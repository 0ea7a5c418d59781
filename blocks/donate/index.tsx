import { useRender } from '../../runtime/render/context.tsx';
import { asText } from '../../runtime/text.ts';
import { Field, MoneyForm, postedState } from '../money.tsx';
import { defineBlock } from '../contract.ts';
import { donateAction } from './action.ts';
import { donateIssues } from './check.ts';
import { donationDesk } from './desk.ts';
import { AmountField, DeclarationFields, DedicationFields, FrequencyField } from './DonateFields.tsx';
import { donationPaid, donationRenewed } from './paid.ts';
import { donateProps, type DonateProps } from './schema.ts';

function Donate(props: DonateProps) {
  const ctx = useRender();
  const id = `donate-${props.donation}`;
  const state = postedState(ctx, `donation:${props.donation}`);
  const answers = { id, value: (name: string) => asText(state?.values?.[name] ?? ''), error: (name: string) => state?.errors?.[name] };
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
      <AmountField {...answers} site={ctx.site} props={props} />
      <FrequencyField {...answers} frequencies={props.frequencies} />
      <Field id={`${id}-name`} label="Your name" required error={answers.error('name')}>
        {(a) => <input {...a} name="name" type="text" defaultValue={answers.value('name')} autoComplete="name" maxLength={100} />}
      </Field>
      <Field id={`${id}-email`} label="E-mail for the receipt" required error={answers.error('email')}>
        {(a) => <input {...a} name="email" type="email" defaultValue={answers.value('email')} autoComplete="email" maxLength={254} />}
      </Field>
      {props.dedication ? <DedicationFields {...answers} /> : null}
      {props.declaration ? <DeclarationFields {...answers} declaration={props.declaration} /> : null}
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
