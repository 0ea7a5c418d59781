import { Type, type Static } from '@sinclair/typebox';
import { Enum, Markdown, Slug, Text } from '../../schema/common.ts';
import { Amount } from '../money.tsx';

export const FREQUENCIES = ['once', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const donateProps = Type.Object(
  {
    donation: Slug('A name for this donation form, unique on its page, such as general-fund. It is kept in the ledger with every gift.'),
    heading: Type.Optional(Text('The heading above the form, such as "Give a gift today".')),
    intro: Type.Optional(Markdown('A few words above the form: what a gift buys, such as "$25 feeds a family for a week".')),
    description: Text('What the gift is for, as it appears on the checkout page, the receipt and the card statement, such as "Donation to Hope Kitchen".', {
      maxLength: 80,
    }),
    presets: Type.Array(Amount('A suggested gift, such as 25.'), {
      minItems: 2,
      maxItems: 6,
      description: 'The suggested amounts donors choose from, smallest first reads best, such as [25, 50, 100, 250].',
    }),
    other: Type.Optional(
      Type.Object(
        {
          min: Amount('The smallest gift a donor may type, such as 5.'),
          max: Amount('The largest gift a donor may type, such as 10000.'),
        },
        {
          additionalProperties: false,
          description: 'An "Other amount" field where donors type their own amount between min and max. Leave it out to offer the suggested amounts only.',
        },
      ),
    ),
    frequencies: Type.Array(Enum(FREQUENCIES, 'How often a gift is given: "once", or "monthly" (a gift taken every month until the donor stops it).'), {
      minItems: 1,
      uniqueItems: true,
      default: ['once', 'monthly'],
      description: 'Whether donors may give once, every month, or choose between the two; the first is chosen already. Left out: once and monthly, once first.',
    }),
    dedication: Type.Boolean({
      default: false,
      description: 'Whether donors may dedicate their gift "in honour of" or "in memory of" someone, and give that person\'s name.',
    }),
    declaration: Type.Optional(
      Type.Object(
        {
          label: Text('The words beside the checkbox, such as "Mail me a written acknowledgement for my tax records".'),
          text: Markdown('What the donor declares or asks for by ticking the box, shown above it.'),
        },
        {
          additionalProperties: false,
          description:
            'A declaration donors may tick (a gift-aid style statement, or a request for a mailed acknowledgement). When ticked, their full name and home address are required.',
        },
      ),
    ),
    thankYou: Type.Optional(
      Type.String({
        pattern: '^/',
        title: 'a page path starting with "/"',
        examples: ['/thank-you'],
        description: "A page of this site that donors come back to after paying, instead of the site's receipts page. It must hold a receipt block.",
      }),
    ),
    submit: Type.String({ minLength: 1, default: 'Donate', description: 'The label of the button.' }),
  },
  { additionalProperties: false },
);

export type DonateProps = Static<typeof donateProps>;
