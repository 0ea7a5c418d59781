import { Type, type Static } from '@sinclair/typebox';
import { Enum, Href, Markdown, Slug, Text } from '../../schema/common.ts';
import { DATE_BOUND, DATE_BOUND_WORDS } from './dates.ts';

export const FIELD_KINDS = [
  'text',
  'email',
  'phone',
  'textarea',
  'number',
  'date',
  'time',
  'select',
  'radio',
  'checkboxes',
  'checkbox',
  'consent',
  'file',
] as const;

/** A date field's bound, as an author may write it. */
const DateBound = (description: string) => Type.String({ pattern: DATE_BOUND, title: DATE_BOUND_WORDS, description, examples: ['today'] });

const Field = Type.Object(
  {
    name: Type.String({
      pattern: '^[a-z][a-zA-Z0-9]*$',
      title: 'a field name (letters and digits, starting with a lowercase letter)',
      description: 'The name the answer is stored under, such as fullName. Letters and digits, starting with a lowercase letter.',
      examples: ['fullName'],
    }),
    label: Text('The question or label visitors see.'),
    kind: Enum(
      FIELD_KINDS,
      'What kind of answer: text (one line), email, phone, textarea (several lines), number, date, time (of day, such as 14:30), select (a list), radio (one of a few), checkboxes (several of a few), checkbox (yes or no), consent (an agreement that must be ticked), file (photos or documents).',
      { default: 'text' },
    ),
    required: Type.Boolean({ default: false, description: 'Whether the visitor must answer it.' }),
    help: Type.Optional(Text('A hint shown under the field.')),
    placeholder: Type.Optional(Text('Example text shown inside an empty box.')),
    minLength: Type.Optional(Type.Integer({ minimum: 1, description: 'The fewest characters allowed.' })),
    maxLength: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 10000, description: 'The most characters allowed. Text fields default to 200, textareas to 5,000.' }),
    ),
    min: Type.Optional(
      Type.Unsafe<number | string>({
        title: 'a number; for a date, a date, today or +7d',
        description:
          "The smallest number allowed. For a date field, the earliest date: a date such as 2026-12-01, today, or days from today such as +7d or -30d (today in the site's time zone).",
        examples: [1],
      }),
    ),
    max: Type.Optional(
      Type.Unsafe<number | string>({
        title: 'a number; for a date, a date, today or +7d',
        description: 'The largest number allowed. For a date field, the latest date, written as for "min", such as +60d.',
        examples: [10],
      }),
    ),
    pattern: Type.Optional(Type.String({ minLength: 1, description: 'A regular expression the whole answer must match, such as ^[0-9]{5}$ for a ZIP code.' })),
    patternHint: Type.Optional(Text('What to tell visitors when the pattern does not match, such as "Five digits, such as 02134".')),
    options: Type.Optional(Type.Array(Text('A choice.'), { minItems: 1, description: 'The choices of a select, radio or checkboxes field.' })),
    accept: Type.Optional(
      Type.Array(Enum(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'], 'A file type.'), {
        description: "The file types a file field takes (checked from the file's content, not its name). Default: JPEG, PNG and WebP photos.",
      }),
    ),
    maxFiles: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, description: 'How many files a file field takes. Default 1.' })),
    maxSizeMb: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 20, description: 'The largest file a file field takes, in megabytes. Default 8.' })),
  },
  {
    additionalProperties: false,
    description: 'A question on the form.',
    // "min" and "max" are numbers, except on a date field, where they are dates.
    allOf: [
      {
        if: { type: 'object', properties: { kind: { const: 'date', description: 'A date question.' } }, required: ['kind'] },
        then: { type: 'object', properties: { min: DateBound('The earliest date.'), max: DateBound('The latest date.') } },
        else: {
          type: 'object',
          properties: {
            min: Type.Number({ description: 'The smallest number allowed.', examples: [1] }),
            max: Type.Number({ description: 'The largest number allowed.', examples: [10] }),
          },
        },
      },
    ],
  },
);
export type FormField = Static<typeof Field>;

const Section = Type.Object(
  {
    heading: Text('The heading of this part of the form.'),
    intro: Type.Optional(Text('A sentence under the heading.')),
    fields: Type.Array(Field, { minItems: 1, description: 'The questions in this part.' }),
  },
  { additionalProperties: false, description: 'A part of a long form, with its own heading.' },
);

export const formProps = Type.Object(
  {
    form: Slug('The form\'s name, unique in the site: submissions are stored and exported under it, such as "contact" or "virtual-assessment".'),
    heading: Type.Optional(Text('The heading above the form.')),
    intro: Type.Optional(Markdown('A few words above the form.')),
    fields: Type.Optional(Type.Array(Field, { minItems: 1, description: 'The questions, for a short form. A long form uses "sections" instead.' })),
    sections: Type.Optional(Type.Array(Section, { minItems: 1, description: 'The questions in parts with headings, for a long form.' })),
    submit: Text('The words on the send button.', { default: 'Send' }),
    success: Text('What visitors see after sending, when there is no thank-you page.', {
      default: 'Thank you — your message has been sent. We will reply soon.',
    }),
    thankYou: Type.Optional(
      Href('A page to go to after sending, such as "/thank-you". On a page made per item it can use the item\'s slug: "/{slug}/thank-you".'),
    ),
    purpose: Enum(
      ['message', 'registration', 'newsletter'],
      'message stores a submission; registration counts places against "capacity"; newsletter adds a contact who confirms by e-mail.',
      { default: 'message' },
    ),
    capacity: Type.Optional(
      Type.Integer({ minimum: 1, description: 'For a registration: how many places there are. Once full, further registrations are refused.' }),
    ),
    full: Text('What to say when a registration is full.', { default: 'Sorry, this is full: every place has been taken.' }),
    repeats: Type.Boolean({
      default: false,
      description:
        'For a registration: whether one e-mail address may take more than one place (someone signing up a family). By default a second registration with the same address is refused, so one visitor cannot take every place.',
    }),
    retainDays: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 3650,
        description:
          'How many days submissions of this form are kept. Older ones, and the files sent with them, are deleted each day. Left out, they are kept until someone erases them.',
      }),
    ),
    personal: Type.Boolean({
      default: false,
      description: 'The form asks for sensitive personal data (an application): its page is never stored in any cache.',
    }),
    autoReply: Type.Optional(
      Type.Object(
        {
          subject: Text("The subject of the reply. {site} is replaced by the site's name.", {
            maxLength: 150,
            default: 'Thank you for contacting {site}',
          }),
          text: Text("The reply itself, in plain text. {site} is replaced by the site's name; nothing the visitor typed is ever repeated in it.", {
            maxLength: 5000,
          }),
        },
        {
          additionalProperties: false,
          description:
            "An e-mail sent to the address the visitor typed into the form's e-mail question, once the submission is stored: at most one an hour to one address from the site, so the form cannot be used to mail strangers.",
        },
      ),
    ),
    notify: Type.Optional(
      Type.String({
        format: 'email',
        title: 'an e-mail address',
        description: 'Who gets an e-mail for each submission. Defaults to the site\'s "notify" address, then its e-mail address.',
        examples: ['office@example.com'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type FormProps = Static<typeof formProps>;
