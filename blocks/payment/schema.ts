import { Type, type Static } from '@sinclair/typebox';
import { Markdown, Slug, Text } from '../../schema/common.ts';
import { Amount } from '../money.tsx';

export const paymentProps = Type.Object(
  {
    payment: Slug('A name for this kind of payment, unique on its page, such as water-bill. It is kept in the ledger with every payment.'),
    heading: Type.Optional(Text('The heading above the form, such as "Pay a water bill".')),
    intro: Type.Optional(Markdown('A few words above the form: what can be paid here, and where to find the reference.')),
    description: Text('What the payer is paying for, as it appears on the checkout page, the receipt and the card statement, such as "Water bill".', {
      maxLength: 80,
    }),
    reference: Type.Optional(
      Type.Object(
        {
          label: Text('The name of the reference, such as "Account number" or "Ticket number".'),
          pattern: Type.Optional(
            Type.String({ minLength: 1, description: 'A regular expression the whole reference must match, such as ^[0-9]{6}-[0-9]{2}$.' }),
          ),
          example: Type.Optional(Text('A made-up reference in the right form, shown in the message when one does not match, such as 123456-01.')),
          help: Type.Optional(Text('Where to find it, shown under the field, such as "Printed at the top right of your bill".')),
        },
        { additionalProperties: false, description: 'The reference payers type in (an account, ticket, permit or invoice number).' },
      ),
    ),
    amount: Type.Object(
      {
        fixed: Type.Optional(Amount('One amount for everyone, such as a permit fee of 45.')),
        options: Type.Optional(
          Type.Array(
            Type.Object(
              { label: Text('The choice, such as "Residential parking permit".'), amount: Amount('Its price.') },
              { additionalProperties: false, description: 'One of the amounts payers choose from.' },
            ),
            { minItems: 2, description: 'Amounts to choose from.' },
          ),
        ),
        min: Type.Optional(Amount('The smallest amount a payer may enter.')),
        max: Type.Optional(Amount('The largest amount a payer may enter.')),
        label: Type.String({ minLength: 1, default: 'Amount', description: 'The label of the amount field or choice.' }),
      },
      {
        additionalProperties: false,
        description: 'How much is paid: one fixed amount, a choice of "options", or an amount the payer enters between "min" and "max" (a bill).',
      },
    ),
    fee: Type.Optional(
      Type.Object(
        {
          label: Type.String({ minLength: 1, default: 'Card processing fee', description: 'What the fee is called on the form and the receipt.' }),
          percent: Type.Optional(Type.Number({ minimum: 0, maximum: 20, description: 'A percentage of the amount, such as 2.5.' })),
          fixed: Type.Optional(Amount('A fixed part, such as 0.30.')),
        },
        { additionalProperties: false, description: 'A service fee added to the amount, shown before paying.' },
      ),
    ),
    submit: Type.String({ minLength: 1, default: 'Continue to payment', description: 'The label of the button.' }),
  },
  { additionalProperties: false },
);

export type PaymentProps = Static<typeof paymentProps>;
