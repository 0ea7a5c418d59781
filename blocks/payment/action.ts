/**
 * The payment block's server half: the reference, amount and e-mail are checked, the amount is
 * worked out from the YAML (a posted amount is only ever the payer's own entry, within min and
 * max), a checkout is opened on the ledger, and the payer goes to the provider to pay.
 */
import { StoreError } from '../../runtime/store/store.ts';
import type { ActionInput, ActionResult, BlockAction } from '../contract.ts';
import { isEmail, minorOf, postFields, robotCheck, typedAmount } from '../money.tsx';
import { paymentLines, range } from './amounts.ts';
import type { PaymentProps } from './schema.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

async function handle(input: ActionInput<PaymentProps>): Promise<ActionResult> {
  const { site, target, props, body, services, log } = input;
  const values = { reference: text(body.reference), amount: text(body.amount), option: text(body.option), email: text(body.email) };
  // Anything but the block's own fields, or a field sent twice: not from this form.
  if (!input.validate(body)) return { kind: 'refused', status: 400, state: { values, problem: 'The form could not be read. Please fill it in again.' } };
  const robot = robotCheck(input, values);
  if (robot !== 'person') return robot;

  const errors: Record<string, string> = {};
  if (props.reference) {
    const label = props.reference.label;
    if (!values.reference) errors.reference = `Please fill in “${label}”.`;
    else if (values.reference.length > 60 || (props.reference.pattern && !new RegExp(props.reference.pattern, 'u').test(values.reference)))
      errors.reference = `Please check “${label}”${props.reference.example ? `: it looks like ${props.reference.example}` : ''}.`;
  }
  let base = 0;
  let option: string | undefined;
  if (props.amount.fixed !== undefined) base = minorOf(site, props.amount.fixed);
  else if (props.amount.options) {
    const chosen = props.amount.options.find((o) => o.label === values.option);
    if (chosen) {
      base = minorOf(site, chosen.amount);
      option = chosen.label;
    } else errors.option = `Please choose one of the options for “${props.amount.label}”.`;
  } else {
    const typed = typedAmount(site, values.amount, range(site, props).min, range(site, props).max);
    if ('problem' in typed) errors.amount = typed.problem;
    else base = typed.minor;
  }
  if (!isEmail(values.email))
    errors.email = values.email ? 'Please enter an e-mail address such as name@example.com.' : 'Please enter your e-mail address for the receipt.';
  if (Object.keys(errors).length) return { kind: 'refused', status: 422, state: { values, errors } };

  try {
    const { redirect } = await services.checkout.open(site, {
      purpose: 'payment',
      page: target.path,
      description: `${site.data.site.name}: ${props.description}`,
      lines: paymentLines(site, props, base, option),
      email: values.email.toLowerCase(),
      ...(props.reference ? { reference: values.reference } : {}),
      details: { payment: props.payment },
    });
    return { kind: 'done', redirect, json: { redirect } };
  } catch (error) {
    log.error({ site: site.prefix, payment: props.payment, err: (error as Error).message }, 'a checkout could not be opened');
    if (!(error instanceof StoreError) && !(error instanceof Error)) throw error;
    return { kind: 'refused', status: 503, state: { values, problem: 'Payments cannot be taken right now. Please try again in a few minutes.' } };
  }
}

export const paymentAction: BlockAction<PaymentProps> = {
  accepts: (props, body) => body._payment === props.payment,
  key: (props) => `payment:${props.payment}`,
  bodySchema: () =>
    postFields(
      '_payment',
      {
        reference: { type: 'string', maxLength: 200 },
        amount: { type: 'string', maxLength: 40 },
        option: { type: 'string', maxLength: 200 },
        email: { type: 'string', maxLength: 320 },
      },
      [],
    ),
  handle,
};
