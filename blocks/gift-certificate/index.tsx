import type { ReactNode } from 'react';
import { useRender } from '../../runtime/render/context.tsx';
import { asText } from '../../runtime/text.ts';
import { Field, MoneyForm, minorOf, money, moneyIssues, postedState } from '../money.tsx';
import { defineBlock, type BlockIssue } from '../contract.ts';
import { giftCertificateAction, MESSAGE_LIMIT, typedRange } from './action.ts';
import { deliveryWindow } from '../kits/gifts/certificate.ts';
import { sendDue } from '../kits/gifts/sending.ts';
import { giftCertificateDesk } from './desk.ts';
import { certificatePaid, certificateRefunded } from './paid.ts';
import { giftCertificateProps, type GiftCertificateProps } from './schema.ts';

function Choice({ id, legend, error, children }: { id: string; legend: string; error?: string; children: ReactNode }) {
  return (
    <fieldset className={`field field-group${error ? ' field-has-error' : ''}`} id={id} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>
        {legend}
        <span className="field-required"> (required)</span>
      </legend>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const yearsOrMonths = (months: number) => (months % 12 === 0 ? `${months / 12} year${months === 12 ? '' : 's'}` : `${months} month${months === 1 ? '' : 's'}`);

function GiftCertificate(props: GiftCertificateProps) {
  const ctx = useRender();
  const { site } = ctx;
  const id = `gift-${props.certificate}`;
  const state = postedState(ctx, `gift-certificate:${props.certificate}`);
  const value = (name: string) => asText(state?.values?.[name] ?? '');
  const error = (name: string) => state?.errors?.[name];
  const range = typedRange(site, props);
  const { earliest, latest } = deliveryWindow(Date.parse(`${ctx.today}T12:00:00Z`));
  return (
    <MoneyForm
      className="gift-certificate-block"
      anchor={props.certificate}
      id={id}
      heading={props.heading}
      label={'Gift certificates'}
      intro={props.intro}
      post={{ name: '_certificate', value: props.certificate }}
      state={state}
      submit={props.submit}
    >
      {props.packages ? (
        <Choice id={`${id}-package`} legend="Choose a certificate" error={error('package')}>
          {props.packages.map((p, i) => (
            <div className="field-check gift-option" key={p.name}>
              <input
                type="radio"
                id={`${id}-package-${i}`}
                name="package"
                value={p.name}
                defaultChecked={value('package') === p.name}
                required
                aria-describedby={p.description ? `${id}-package-${i}-help` : undefined}
              />
              <label htmlFor={`${id}-package-${i}`}>
                {`${p.name}: `}
                <strong>{money(site, minorOf(site, p.price))}</strong>
              </label>
              {p.description ? (
                <p id={`${id}-package-${i}-help`} className="field-help">
                  {p.description}
                </p>
              ) : null}
            </div>
          ))}
        </Choice>
      ) : (
        <Choice id={`${id}-amount`} legend="Amount" error={error('amount')}>
          {(props.amounts?.presets ?? []).map((amount, i) => (
            <div className="field-check gift-option" key={amount}>
              <input type="radio" id={`${id}-amount-${i}`} name="amount" value={String(amount)} defaultChecked={value('amount') === String(amount)} />
              <label htmlFor={`${id}-amount-${i}`}>{money(site, minorOf(site, amount))}</label>
            </div>
          ))}
          {range ? (
            <>
              <div className="field-check gift-option">
                <input type="radio" id={`${id}-amount-other`} name="amount" value="other" defaultChecked={value('amount') === 'other'} />
                <label htmlFor={`${id}-amount-other`}>Another amount</label>
              </div>
              <Field
                id={`${id}-otherAmount`}
                label="Your amount"
                help={`From ${money(site, range.min)} to ${money(site, range.max)}.`}
                error={error('otherAmount')}
              >
                {(a) => (
                  <input {...a} name="otherAmount" type="text" inputMode="decimal" defaultValue={value('otherAmount')} maxLength={20} autoComplete="off" />
                )}
              </Field>
            </>
          ) : null}
        </Choice>
      )}
      <fieldset className="form-section">
        <legend>Who it is for</legend>
        <Field id={`${id}-recipientName`} label="Their name" required error={error('recipientName')}>
          {(a) => <input {...a} name="recipientName" type="text" defaultValue={value('recipientName')} maxLength={80} autoComplete="off" />}
        </Field>
        <Field
          id={`${id}-recipientEmail`}
          label="Their e-mail address"
          required
          help="The certificate is e-mailed here, with a PDF to print."
          error={error('recipientEmail')}
        >
          {(a) => <input {...a} name="recipientEmail" type="email" defaultValue={value('recipientEmail')} maxLength={254} autoComplete="off" />}
        </Field>
        <Field id={`${id}-message`} label="A message for them" help={`Printed on the certificate. Up to ${MESSAGE_LIMIT} characters.`} error={error('message')}>
          {(a) => <textarea {...a} name="message" rows={3} maxLength={MESSAGE_LIMIT} defaultValue={value('message')} />}
        </Field>
        <Field
          id={`${id}-deliverOn`}
          label="Send it on"
          help="Leave empty to send it as soon as you have paid, or choose a day up to a year ahead: it goes out that morning."
          error={error('deliverOn')}
        >
          {(a) => <input {...a} name="deliverOn" type="date" min={earliest} max={latest} defaultValue={value('deliverOn')} />}
        </Field>
      </fieldset>
      <fieldset className="form-section">
        <legend>From you</legend>
        <Field id={`${id}-buyerName`} label="Your name" required help="Printed on the certificate." error={error('buyerName')}>
          {(a) => <input {...a} name="buyerName" type="text" defaultValue={value('buyerName')} maxLength={80} autoComplete="name" />}
        </Field>
        <Field id={`${id}-buyerEmail`} label="Your e-mail address" required help="For your receipt and a copy of the code." error={error('buyerEmail')}>
          {(a) => <input {...a} name="buyerEmail" type="email" defaultValue={value('buyerEmail')} maxLength={254} autoComplete="email" />}
        </Field>
      </fieldset>
      <p className="gift-terms">
        {`${props.validMonths ? `Valid for ${yearsOrMonths(props.validMonths)} from the day you buy it.` : 'It does not expire.'} You pay on the next page and see the total first.`}
      </p>
    </MoneyForm>
  );
}

export const giftCertificate = defineBlock({
  type: 'gift-certificate',
  title: 'Gift certificate',
  description:
    'Sells gift certificates for an amount or for something named ("Three lessons"): the buyer pays on the provider’s checkout, and the recipient is e-mailed a code and a printable PDF on the day the buyer chose. A gift-balance block tells holders what is left.',
  props: giftCertificateProps,
  Component: GiftCertificate,
  perRequest: ['token'],
  action: giftCertificateAction,
  deskBoards: [giftCertificateDesk],
  example: {
    certificate: 'lessons',
    heading: 'Give the gift of golf',
    intro: 'A certificate for lessons with our PGA professionals, e-mailed to the golfer in your life with a PDF to print, on the day you choose.',
    codePrefix: 'GOLF',
    packages: [
      { name: 'One lesson', price: 75, description: 'A 45-minute private lesson, with video of the swing sent afterwards.' },
      { name: 'Three lessons', price: 225 },
      { name: 'Five lessons', price: 325, description: 'Our series of five, with a written practice plan between them.' },
    ],
    validMonths: 60,
    redeem: 'Call the pro shop on (555) 555-0183 to book your lessons, and give the code.',
    submit: 'Buy gift certificate',
  },
  check(props, site) {
    const amounts = [
      ...(props.amounts?.presets ?? []).map((value, i) => ({ path: ['amounts', 'presets', i], value })),
      ...(props.amounts?.min !== undefined ? [{ path: ['amounts', 'min'], value: props.amounts.min }] : []),
      ...(props.amounts?.max !== undefined ? [{ path: ['amounts', 'max'], value: props.amounts.max }] : []),
      ...(props.packages ?? []).map((p, i) => ({ path: ['packages', i, 'price'], value: p.price })),
    ];
    const issues: BlockIssue[] = moneyIssues(site, amounts);
    if (props.amounts && props.packages)
      issues.push({
        path: ['packages'],
        target: 'key',
        code: 'SW_NOT_ALLOWED',
        detail: 'The certificate is offered both for amounts and as packages.',
        fix: 'keep one: "amounts:" for a certificate worth an amount of money, or "packages:" for certificates such as "Three lessons".',
      });
    if (!props.amounts && !props.packages)
      issues.push({
        path: [],
        target: 'key',
        code: 'SW_MISSING_KEY',
        detail: 'The block says neither which amounts nor which packages are on offer.',
        fix: 'add "amounts:" with "presets:" (such as [50, 100, 150]), or "packages:" with a name and price for each.',
      });
    const { min, max } = props.amounts ?? {};
    if (min !== undefined && max !== undefined && min > max)
      issues.push({
        path: ['amounts', 'min'],
        code: 'SW_AMOUNT',
        detail: `The lowest amount (${min}) is above the highest (${max}).`,
        fix: `swap them: min: ${max} and max: ${min}.`,
        edit: { value: String(max) },
        alsoEdit: [{ path: ['amounts', 'max'], edit: { value: String(min) } }],
      });
    const names = new Set<string>();
    (props.packages ?? []).forEach((p, i) => {
      if (names.has(p.name))
        issues.push({
          path: ['packages', i, 'name'],
          code: 'SW_NOT_UNIQUE',
          detail: `Two packages are called "${p.name}": buyers could not tell them apart.`,
          fix: 'give each package its own name.',
        });
      names.add(p.name);
    });
    return issues;
  },

  paid: certificatePaid,
  refunded: certificateRefunded,

  async scheduled({ site, props, services, log, now }) {
    await sendDue(site, props.certificate, props.redeem, services, log, now);
  },
});
