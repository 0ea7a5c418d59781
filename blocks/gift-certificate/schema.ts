import { Type, type Static } from '@sinclair/typebox';
import { blocksIn } from '../../runtime/config/blocks-in.ts';
import type { Site } from '../../runtime/site.ts';
import { Markdown, Slug, Text } from '../../schema/common.ts';
import { Amount } from '../money.tsx';

export const giftCertificateProps = Type.Object(
  {
    certificate: Slug('A name for this certificate, unique on the site, such as lessons. It is kept in the ledger with every certificate sold.'),
    heading: Type.Optional(Text('The heading above the form, such as "Give the gift of golf".')),
    intro: Type.Optional(Markdown('A few words above the form: what the certificate is good for, and how it reaches the recipient.')),
    codePrefix: Type.String({
      pattern: '^[A-Z]{2,6}$',
      title: 'two to six capital letters',
      examples: ['GOLF'],
      description: 'The letters every code begins with, such as GOLF for codes like GOLF-7KQ4-M2XD: two to six capital letters.',
    }),
    amounts: Type.Optional(
      Type.Object(
        {
          presets: Type.Array(Amount('An amount to choose, such as 50.'), {
            minItems: 2,
            maxItems: 6,
            uniqueItems: true,
            description: 'The amounts offered, two to six of them.',
          }),
          min: Type.Optional(Amount('The smallest amount a buyer may enter. With min or max, buyers may also enter an amount of their own.')),
          max: Type.Optional(Amount('The largest amount a buyer may enter (10,000 when only min is given).')),
        },
        {
          additionalProperties: false,
          description: 'A certificate for an amount of money: amounts to choose from, and the range of an amount the buyer enters.',
        },
      ),
    ),
    packages: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Text('What the certificate is for, such as "Three lessons". Printed on the certificate.', { maxLength: 60 }),
            price: Amount('Its price, which is also the value of the certificate.'),
            description: Type.Optional(Text('A line about it, such as "Three 45-minute private lessons".', { maxLength: 200 })),
          },
          { additionalProperties: false, description: 'One certificate on offer.' },
        ),
        { minItems: 1, maxItems: 8, description: 'Certificates for something named, each with its price: "One lesson", "Three lessons".' },
      ),
    ),
    validMonths: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 240,
        description:
          'For how many months from the day it is bought a certificate can be used, printed on it. Leave it out for no end date. In the United States a gift certificate sold for money must stay valid for at least five years (60).',
      }),
    ),
    redeem: Text('How to use the certificate, printed on it and in the e-mail, such as "Call the pro shop on (555) 555-0183 to book, and give the code".', {
      maxLength: 300,
    }),
    submit: Type.String({ minLength: 1, default: 'Buy gift certificate', description: 'The label of the button.' }),
  },
  { additionalProperties: false },
);

export type GiftCertificateProps = Static<typeof giftCertificateProps>;

/** The block that sells this certificate on the site now (its redeem text, its prefix), if it is still there. */
export function propsFor(site: Site, certificate: unknown): GiftCertificateProps | undefined {
  for (const { block } of blocksIn(site.data))
    if (block.type === 'gift-certificate' && block.certificate === certificate) return block as unknown as GiftCertificateProps;
  return undefined;
}
