/** The form blocks of the templates: their questions, and the enquiry every trade's contact form starts from. */
import type { BlockData } from '../../schema/common.ts';

type FieldKind = 'text' | 'email' | 'phone' | 'textarea' | 'number' | 'date' | 'time' | 'select' | 'radio' | 'checkboxes' | 'checkbox' | 'consent' | 'file';
/** One question of a form block, as the site file writes it. */
export interface Field {
  name: string;
  label: string;
  kind?: FieldKind;
  required?: boolean;
  [key: string]: unknown;
}
/** A question: a text box unless another kind is named. */
export const field = (name: string, label: string, kind: FieldKind = 'text', more: Omit<Field, 'name' | 'label' | 'kind'> = {}): Field => ({
  name,
  label,
  ...(kind === 'text' ? {} : { kind }),
  ...more,
});
/** A question answered from a list, required unless told otherwise. */
export const choice = (name: string, label: string, options: string[], required = true): Field => field(name, label, 'select', { options, required });

/** Who is writing: the first fields of every enquiry. */
export const whoFields = (): Field[] => [
  field('name', 'Your name', 'text', { required: true }),
  field('email', 'E-mail address', 'email', { required: true }),
  field('phone', 'Phone number', 'phone'),
];

/** A form that asks who is writing, then its own questions, and ends with a message box. */
export const enquiry = (
  form: string,
  heading: string,
  intro: string,
  questions: Field[],
  more: { submit?: string; success?: string; personal?: boolean; message?: string } = {},
): BlockData => {
  const { message = 'Anything else we should know?', ...rest } = more;
  return { type: 'form', form, heading, intro, fields: [...whoFields(), ...questions, field('message', message, 'textarea')], ...rest };
};
