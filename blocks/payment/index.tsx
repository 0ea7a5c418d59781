import { useRender } from '../../runtime/render/context.tsx';
import { asText } from '../../runtime/text.ts';
import { Field, MoneyForm, money, minorOf, moneyIssues, postedState } from '../money.tsx';
import { defineBlock, type BlockIssue } from '../contract.ts';
import { paymentAction } from './action.ts';
import { range } from './amounts.ts';
import { paymentProps, type PaymentProps } from './schema.ts';

function Payment(props: PaymentProps) {
  const ctx = useRender();
  const { site } = ctx;
  const id = `pay-${props.payment}`;
  const state = postedState(ctx, `payment:${props.payment}`);
  const value = (name: string) => asText(state?.values?.[name] ?? '');
  const error = (name: string) => state?.errors?.[name];
  const fee = props.fee;
  const feeText = fee
    ? [fee.percent ? `${fee.percent}%` : '', fee.fixed !== undefined ? money(site, minorOf(site, fee.fixed)) : ''].filter(Boolean).join(' + ')
    : undefined;
  const { min, max } = range(site, props);
  return (
    <MoneyForm
      className="payment-block"
      anchor={props.payment}
      id={id}
      heading={props.heading}
      label={props.description}
      intro={props.intro}
      post={{ name: '_payment', value: props.payment }}
      state={state}
      submit={props.submit}
    >
      {props.reference ? (
        <Field id={`${id}-reference`} label={props.reference.label} required help={props.reference.help} error={error('reference')}>
          {(a) => <input {...a} name="reference" type="text" defaultValue={value('reference')} maxLength={60} autoComplete="off" spellCheck={false} />}
        </Field>
      ) : null}
      {props.amount.fixed !== undefined ? (
        <p className="payment-amount">
          {`${props.amount.label}: `}
          <strong>{money(site, minorOf(site, props.amount.fixed))}</strong>
        </p>
      ) : props.amount.options ? (
        <fieldset
          className={`field field-group${error('option') ? ' field-has-error' : ''}`}
          id={`${id}-option`}
          aria-describedby={error('option') ? `${id}-option-error` : undefined}
        >
          <legend>
            {props.amount.label}
            <span className="field-required"> (required)</span>
          </legend>
          {props.amount.options.map((o, i) => (
            <div className="field-check" key={o.label}>
              <input type="radio" id={`${id}-option-${i}`} name="option" value={o.label} defaultChecked={value('option') === o.label} required />
              <label htmlFor={`${id}-option-${i}`}>{`${o.label}: ${money(site, minorOf(site, o.amount))}`}</label>
            </div>
          ))}
          {error('option') ? (
            <p id={`${id}-option-error`} className="field-error">
              {error('option')}
            </p>
          ) : null}
        </fieldset>
      ) : (
        <Field id={`${id}-amount`} label={props.amount.label} required help={`From ${money(site, min)} to ${money(site, max)}.`} error={error('amount')}>
          {(a) => <input {...a} name="amount" type="text" inputMode="decimal" defaultValue={value('amount')} maxLength={20} autoComplete="off" />}
        </Field>
      )}
      <Field id={`${id}-email`} label="E-mail for the receipt" required error={error('email')}>
        {(a) => <input {...a} name="email" type="email" defaultValue={value('email')} autoComplete="email" maxLength={254} />}
      </Field>
      {fee && feeText ? <p className="payment-fee">{`A ${fee.label.toLowerCase()} of ${feeText} is added; you see the total before you pay.`}</p> : null}
    </MoneyForm>
  );
}

export const payment = defineBlock({
  type: 'payment',
  title: 'Payment',
  description:
    'A form to pay a bill, a fine, a fee or an invoice: a reference with its own pattern, a fixed amount, a choice of amounts or an amount the payer enters, and an optional service fee. Payers pay on the provider’s checkout and come back to their receipt.',
  props: paymentProps,
  Component: Payment,
  perRequest: ['token'],
  action: paymentAction,
  example: {
    payment: 'water-bill',
    heading: 'Pay a water bill',
    intro: 'Your account number is printed at the top right of every bill.',
    description: 'Water bill',
    reference: { label: 'Account number', pattern: '^[0-9]{6}-[0-9]{2}$', example: '123456-01', help: 'Six digits, a dash and two digits.' },
    amount: { min: 1, max: 5000, label: 'Amount' },
    fee: { label: 'Card processing fee', percent: 2.5 },
    submit: 'Continue to payment',
  },
  check(props, site) {
    const amounts = [
      ...(props.amount.fixed !== undefined ? [{ path: ['amount', 'fixed'], value: props.amount.fixed }] : []),
      ...(props.amount.min !== undefined ? [{ path: ['amount', 'min'], value: props.amount.min }] : []),
      ...(props.amount.max !== undefined ? [{ path: ['amount', 'max'], value: props.amount.max }] : []),
      ...(props.amount.options ?? []).map((o, i) => ({ path: ['amount', 'options', i, 'amount'], value: o.amount })),
      ...(props.fee?.fixed !== undefined ? [{ path: ['fee', 'fixed'], value: props.fee.fixed }] : []),
    ];
    const issues: BlockIssue[] = moneyIssues(site, amounts);
    const ways = [props.amount.fixed !== undefined, Boolean(props.amount.options), props.amount.min !== undefined || props.amount.max !== undefined].filter(
      Boolean,
    ).length;
    if (ways !== 1)
      issues.push({
        path: ['amount'],
        target: 'key',
        code: ways ? 'SW_NOT_ALLOWED' : 'SW_MISSING_KEY',
        detail: ways ? 'The amount is given more than one way.' : 'The amount says neither how much nor what range.',
        fix: 'write one of: "fixed: 45", "options:" (a list of choices), or "min:" and "max:" for an amount the payer enters.',
      });
    if (props.amount.min !== undefined && props.amount.max !== undefined && props.amount.min > props.amount.max)
      issues.push({
        path: ['amount', 'min'],
        code: 'SW_AMOUNT',
        detail: `The lowest amount (${props.amount.min}) is above the highest (${props.amount.max}).`,
        fix: 'swap them.',
      });
    if (props.reference?.pattern) {
      try {
        new RegExp(props.reference.pattern, 'u');
      } catch (error) {
        issues.push({
          path: ['reference', 'pattern'],
          code: 'SW_BAD_FORMAT',
          detail: `"${props.reference.pattern}" is not a regular expression that can be used: ${(error as Error).message}.`,
          fix: 'check the brackets and backslashes, or remove the pattern.',
        });
      }
    }
    return issues;
  },
});
