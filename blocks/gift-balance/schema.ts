import { Type, type Static } from '@sinclair/typebox';
import { Markdown } from '../../schema/common.ts';

export const giftBalanceProps = Type.Object(
  {
    name: Type.String({
      pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
      default: 'balance',
      title: 'a slug (lowercase letters, digits and single dashes)',
      description: 'A name for this form, unique on its page (needed only when a page has two). Lowercase letters, digits and single dashes.',
    }),
    heading: Type.String({ minLength: 1, default: 'Check a gift certificate', description: 'The heading above the form.' }),
    intro: Type.Optional(Markdown('A few words above the form, such as where the code is printed.')),
    label: Type.String({ minLength: 1, default: 'Certificate code', description: 'The label of the code field.' }),
    submit: Type.String({ minLength: 1, default: 'Check balance', description: 'The label of the button.' }),
  },
  { additionalProperties: false },
);

export type GiftBalanceProps = Static<typeof giftBalanceProps>;
