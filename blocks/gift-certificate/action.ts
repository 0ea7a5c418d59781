/**
 * The gift certificate's server half: the choice, the people and the delivery date are checked,
 * the value is worked out from the YAML (a package's price, or an amount typed within min and
 * max: a posted price is never used), a checkout is opened on the ledger with what the
 * certificate needs, and the buyer goes to the provider to pay.
 */
import { StoreError } from '../../runtime/store/store.ts';
import type { Site } from '../../runtime/site.ts';
import type { ActionInput, ActionResult, BlockAction } from '../contract.ts';
import { isEmail, minorOf, money, postFields, robotCheck, typedAmount } from '../money.tsx';
import { deliveryWindow, isoDate } from '../kits/gifts/certificate.ts';
import { longDate } from '../kits/gifts/words.ts';
import type { GiftCertificateProps } from './schema.ts';

export const MESSAGE_LIMIT = 300;
const NAME_LIMIT = 80;

/** One line of text: trimmed, with no line breaks or control characters. */
const line = (value: unknown) => (typeof value === 'string' ? value.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim() : '');
/** A message: trimmed, with line breaks as one character each, as the text box counts them. */
const paragraph = (value: unknown) =>
  typeof value === 'string'
    ? value
        .replace(/\r\n?/g, '\n')
        .replace(/[^\P{Cc}\n]/gu, '')
        .trim()
    : '';

/** The smallest and largest amounts a buyer may type, in minor units; undefined when only the presets are offered. */
export function typedRange(site: Site, props: GiftCertificateProps): { min: number; max: number } | undefined {
  const amounts = props.amounts;
  if (!amounts || (amounts.min === undefined && amounts.max === undefined)) return undefined;
  return { min: minorOf(site, amounts.min ?? 1), max: minorOf(site, amounts.max ?? 10_000) };
}

/** The value chosen, in minor units, with the package's name; or the message for the field. */
function valueOf(
  site: Site,
  props: GiftCertificateProps,
  values: Record<string, string>,
): { value: number; package?: string } | { field: string; problem: string } {
  if (props.packages) {
    const chosen = props.packages.find((p) => p.name === values.package);
    return chosen ? { value: minorOf(site, chosen.price), package: chosen.name } : { field: 'package', problem: 'Please choose one of the gift certificates.' };
  }
  const presets = props.amounts?.presets ?? [];
  const range = typedRange(site, props);
  if (values.amount === 'other' || (!values.amount && values.otherAmount)) {
    if (!range) return { field: 'amount', problem: 'Please choose one of the amounts.' };
    const typed = typedAmount(site, values.otherAmount, range.min, range.max);
    return 'problem' in typed ? { field: 'otherAmount', problem: typed.problem } : { value: typed.minor };
  }
  const preset = presets.find((p) => String(p) === values.amount);
  if (!preset) return { field: 'amount', problem: values.amount ? 'Please choose one of the amounts.' : 'Please choose an amount.' };
  if (values.otherAmount)
    return {
      field: 'amount',
      problem: `You chose ${money(site, minorOf(site, preset))} and also typed an amount: choose “Another amount” to use yours, or clear it.`,
    };
  return { value: minorOf(site, preset) };
}

function nameProblem(value: string, empty: string): string | undefined {
  if (!value) return empty;
  if ([...value].length > NAME_LIMIT) return `Please shorten the name to ${NAME_LIMIT} characters.`;
  return undefined;
}

function emailProblem(value: string, empty: string): string | undefined {
  if (!value) return empty;
  return isEmail(value) ? undefined : 'Please enter an e-mail address such as name@example.com.';
}

/** The delivery date: empty (at once), or a real date from today to a year ahead. */
function dateProblem(value: string, now: number, locale: string): string | undefined {
  if (!value) return undefined;
  const { earliest, latest } = deliveryWindow(now);
  const parsed = Date.parse(`${value}T00:00:00Z`);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(parsed) && isoDate(parsed) === value;
  if (!valid) return `Please enter the date as year-month-day, such as ${latest.slice(0, 4)}-12-25, or leave it empty to send it at once.`;
  if (value < earliest) return 'That date has passed. Please choose today or a later date, or leave it empty to send it at once.';
  if (value > latest) return `Please choose a date within a year, at the latest ${longDate(latest, locale)}.`;
  return undefined;
}

async function handle(input: ActionInput<GiftCertificateProps>): Promise<ActionResult> {
  const { site, target, props, body, services, log } = input;
  const values = {
    package: line(body.package),
    amount: line(body.amount),
    otherAmount: line(body.otherAmount),
    recipientName: line(body.recipientName),
    recipientEmail: line(body.recipientEmail),
    message: paragraph(body.message),
    deliverOn: line(body.deliverOn),
    buyerName: line(body.buyerName),
    buyerEmail: line(body.buyerEmail),
  };
  // Anything but the block's own fields, or a field sent twice: not from this form.
  if (!input.validate(body)) return { kind: 'refused', status: 400, state: { values, problem: 'The form could not be read. Please fill it in again.' } };
  const robot = robotCheck(input, values);
  if (robot !== 'person') return robot;

  const now = services.now();
  const errors: Record<string, string> = {};
  const chosen = valueOf(site, props, values);
  if ('problem' in chosen) errors[chosen.field] = chosen.problem;
  const problems: [string, string | undefined][] = [
    ['recipientName', nameProblem(values.recipientName, 'Please enter the name of the person the certificate is for.')],
    ['recipientEmail', emailProblem(values.recipientEmail, 'Please enter their e-mail address: the certificate is sent there.')],
    [
      'message',
      [...values.message].length > MESSAGE_LIMIT
        ? `Please shorten the message to ${MESSAGE_LIMIT} characters (it has ${[...values.message].length}).`
        : undefined,
    ],
    ['deliverOn', dateProblem(values.deliverOn, now, site.data.site.language)],
    ['buyerName', nameProblem(values.buyerName, 'Please enter your name: it is printed on the certificate.')],
    ['buyerEmail', emailProblem(values.buyerEmail, 'Please enter your e-mail address for the receipt.')],
  ];
  for (const [field, problem] of problems) if (problem) errors[field] = problem;
  if ('problem' in chosen || Object.keys(errors).length) return { kind: 'refused', status: 422, state: { values, errors } };

  try {
    const { redirect } = await services.checkout.open(site, {
      purpose: 'gift-certificate',
      page: target.path,
      description: `${site.data.site.name}: gift certificate`,
      lines: [{ name: chosen.package ? `Gift certificate: ${chosen.package}` : 'Gift certificate', amount: chosen.value, quantity: 1 }],
      email: values.buyerEmail.toLowerCase(),
      details: {
        certificate: props.certificate,
        codePrefix: props.codePrefix,
        recipientName: values.recipientName,
        recipientEmail: values.recipientEmail,
        message: values.message,
        deliverOn: values.deliverOn,
        buyerName: values.buyerName,
        ...(chosen.package ? { package: chosen.package } : {}),
        value: chosen.value,
      },
    });
    return { kind: 'done', redirect, json: { redirect } };
  } catch (error) {
    log.error({ site: site.prefix, certificate: props.certificate, err: (error as Error).message }, 'a checkout could not be opened');
    if (!(error instanceof StoreError) && !(error instanceof Error)) throw error;
    return { kind: 'refused', status: 503, state: { values, problem: 'Payments cannot be taken right now. Please try again in a few minutes.' } };
  }
}

export const giftCertificateAction: BlockAction<GiftCertificateProps> = {
  accepts: (props, body) => body._certificate === props.certificate,
  key: (props) => `gift-certificate:${props.certificate}`,
  bodySchema: () =>
    postFields(
      '_certificate',
      {
        package: { type: 'string', maxLength: 200 },
        amount: { type: 'string', maxLength: 40 },
        otherAmount: { type: 'string', maxLength: 40 },
        recipientName: { type: 'string', maxLength: 400 },
        recipientEmail: { type: 'string', maxLength: 320 },
        message: { type: 'string', maxLength: 4000 },
        deliverOn: { type: 'string', maxLength: 40 },
        buyerName: { type: 'string', maxLength: 400 },
        buyerEmail: { type: 'string', maxLength: 320 },
      },
      [],
    ),
  handle,
};
