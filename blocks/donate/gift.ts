/**
 * A donor's post read into a gift: the amount is one of the YAML's suggested amounts, or the
 * donor's own "other amount" between min and max; never a posted number taken on trust.
 */
import type { Site } from '../../runtime/site.ts';
import { isEmail, minorOf, typedAmount } from '../money.tsx';
import type { DonateProps, Frequency } from './schema.ts';

export const DEDICATIONS = { honour: 'In honour of', memory: 'In memory of' } as const;
export type DedicationKind = keyof typeof DEDICATIONS;

/** The fields the form posts, each a string (the body schema refuses anything else). */
export const GIFT_FIELDS = ['gift', 'amount', 'frequency', 'name', 'email', 'dedication', 'dedicatee', 'declaration', 'address'] as const;
export type GiftValues = Record<(typeof GIFT_FIELDS)[number], string>;

export interface Gift {
  /** Minor units. */
  amount: number;
  frequency: Frequency;
  name: string;
  email: string;
  dedication?: { kind: DedicationKind; name: string };
  declaration: boolean;
  address?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const valuesOf = (body: Record<string, unknown>): GiftValues => Object.fromEntries(GIFT_FIELDS.map((name) => [name, text(body[name])])) as GiftValues;

/** The value of a suggested amount's radio button: its minor units, so a choice means the same amount it showed. */
export const presetValue = (site: Site, amount: number) => String(minorOf(site, amount));

export const otherRange = (site: Site, props: DonateProps) =>
  props.other ? { min: minorOf(site, props.other.min), max: minorOf(site, props.other.max) } : undefined;

/** The gift, or the message to show beside each field that needs another look. */
export function readGift(site: Site, props: DonateProps, values: GiftValues): { gift: Gift } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  let amount = 0;
  const range = otherRange(site, props);
  const preset = props.presets.find((p) => presetValue(site, p) === values.gift);
  if (preset !== undefined) amount = minorOf(site, preset);
  else if (range && (values.gift === 'other' || (!values.gift && values.amount))) {
    const typed = typedAmount(site, values.amount, range.min, range.max);
    if ('problem' in typed) errors.amount = typed.problem;
    else amount = typed.minor;
  } else errors.gift = range ? 'Please choose an amount, or choose “Other” and enter your own.' : 'Please choose an amount.';

  const frequency = (values.frequency || props.frequencies[0]) as Frequency;
  if (!props.frequencies.includes(frequency)) errors.frequency = 'Please choose how often to give.';

  const declaration = Boolean(props.declaration) && values.declaration !== '';
  if (!values.name) errors.name = declaration ? 'Please enter your full name: the declaration needs it.' : 'Please enter your name.';
  else if (values.name.length > 100) errors.name = 'Please shorten your name to 100 characters.';
  else if (declaration && !/\S\s+\S/u.test(values.name)) errors.name = 'Please enter your full name, first name and last name: the declaration needs it.';
  if (!isEmail(values.email))
    errors.email = values.email ? 'Please enter an e-mail address such as name@example.com.' : 'Please enter your e-mail address for the receipt.';

  let dedication: Gift['dedication'];
  if (props.dedication) {
    const kind = values.dedication as DedicationKind;
    if (values.dedication && !Object.hasOwn(DEDICATIONS, values.dedication)) errors.dedication = 'Please choose one of the dedications.';
    else if (values.dedication && !values.dedicatee) errors.dedicatee = `Please enter the name of the person your gift is ${DEDICATIONS[kind].toLowerCase()}.`;
    else if (!values.dedication && values.dedicatee) errors.dedication = 'Please choose “In honour of” or “In memory of”, or clear the name.';
    else if (values.dedicatee.length > 100) errors.dedicatee = 'Please shorten the name to 100 characters.';
    else if (values.dedication) dedication = { kind, name: values.dedicatee };
  }

  if (declaration && !values.address) errors.address = 'Please enter your home address: the declaration needs it.';
  else if (declaration && values.address.length > 300) errors.address = 'Please shorten the address to 300 characters.';

  if (Object.keys(errors).length) return { errors };
  return {
    gift: {
      amount,
      frequency,
      name: values.name,
      email: values.email.toLowerCase(),
      ...(dedication ? { dedication } : {}),
      declaration,
      ...(declaration ? { address: values.address } : {}),
    },
  };
}

/** A dedication as people read it: "In memory of Ruth Alvarez". */
export const dedicationText = (dedication: { kind: DedicationKind; name: string }) => `${DEDICATIONS[dedication.kind]} ${dedication.name}`;
