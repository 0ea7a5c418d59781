import { Type, type Static } from '@sinclair/typebox';
import { Enum, Text } from '../../schema/common.ts';

const Name = (description: string) =>
  Type.String({
    pattern: '^[a-zA-Z_][a-zA-Z0-9_]*$',
    description: `${description} Letters, digits and underscores, starting with a letter; formulas use it.`,
    examples: ['area'],
  });

const Input = Type.Object(
  {
    name: Name('The name formulas use for this value.'),
    label: Text('The label visitors see.'),
    kind: Enum(
      ['number', 'select', 'toggle'],
      'number is a box for a number; select a list of choices; toggle a yes/no tick box (1 when ticked, 0 when not).',
      {
        default: 'number',
      },
    ),
    default: Type.Number({ description: 'The value before the visitor changes anything.' }),
    min: Type.Optional(Type.Number({ description: 'The smallest value allowed.' })),
    max: Type.Optional(Type.Number({ description: 'The largest value allowed.' })),
    step: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'How much the arrows change the number.' })),
    unit: Type.Optional(Text('The unit, shown after the box, such as "sq ft".')),
    help: Type.Optional(Text('A hint shown under the field.')),
    options: Type.Optional(
      Type.Array(
        Type.Object(
          {
            label: Text('What the visitor sees.'),
            value: Type.Number({ description: 'The number formulas get when this is chosen.' }),
          },
          { additionalProperties: false, description: 'A choice.' },
        ),
        { minItems: 2, description: 'The choices of a select.' },
      ),
    ),
  },
  { additionalProperties: false, description: 'A value the visitor enters.' },
);

const Result = Type.Object(
  {
    name: Type.Optional(Name('A name later formulas can use for this result.')),
    label: Text('What the result is called.'),
    formula: Type.String({
      minLength: 1,
      description:
        'How to compute it from the inputs, such as "area * rate". You can use + - * / % ^, comparisons, "test ? a : b", and min, max, round, floor, ceil, abs, sqrt.',
      examples: ['round(area * 4.25 * finish, -1)'],
    }),
    format: Enum(['number', 'currency', 'percent'], 'How to show the number. percent expects 0.25 for 25%.', { default: 'number' }),
    decimals: Type.Integer({ minimum: 0, maximum: 4, default: 0, description: 'Digits after the decimal point.' }),
    unit: Type.Optional(Text('A unit shown after the number, such as "per month".')),
  },
  { additionalProperties: false, description: 'A number computed from the inputs.' },
);

export const calculatorProps = Type.Object(
  {
    heading: Text('The heading above the calculator.'),
    intro: Type.Optional(Text('A sentence saying what it estimates.')),
    inputs: Type.Array(Input, { minItems: 1, maxItems: 12, description: 'The values visitors enter.' }),
    results: Type.Array(Result, { minItems: 1, maxItems: 8, description: 'The numbers computed from them.' }),
    currency: Type.String({ pattern: '^[A-Z]{3}$', default: 'USD', description: 'The currency for currency results, as a three-letter code.' }),
    note: Type.Optional(Text('A line shown under the results, such as "An estimate, not a quote."')),
  },
  { additionalProperties: false },
);
export type CalculatorProps = Static<typeof calculatorProps>;
