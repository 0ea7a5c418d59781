/**
 * A question as an author writes it, for every block that asks visitors questions (the form block,
 * a booking's own questions): its name, its label, its kind of answer and the rules it keeps.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Enum, Text } from '../../../schema/common.ts';
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

export const Field = Type.Object(
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
