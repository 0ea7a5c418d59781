import { Type, type Static } from '@sinclair/typebox';
import { CollectionName, Markdown, Text } from '../../schema/common.ts';

export const shopProps = Type.Object(
  {
    collection: CollectionName('The products sold: a collection of kind product.', 'product'),
    heading: Type.Optional(Text('The heading above the cart, such as "Your cart".')),
    intro: Type.Optional(Markdown('A few words above the cart: when orders are sent, how returns work.')),
    shipping: Type.Optional(
      Type.Object(
        {
          label: Type.Optional(Text('The name of shipping at the checkout, such as "Shipping by USPS Ground".', { maxLength: 60 })),
          note: Type.Optional(Text('One sentence beside it, such as "Usually 3 to 5 working days".', { maxLength: 160 })),
        },
        { additionalProperties: false, description: "Shipping, whose fee is each product's own delivery fee added up." },
      ),
    ),
    local: Type.Optional(
      Type.Object(
        {
          label: Type.Optional(Text('The name of local delivery at the checkout, such as "Local delivery in Larkfield".', { maxLength: 60 })),
          fee: Type.Number({ minimum: 0, maximum: 10_000, description: "One fee for the whole order, such as 5 (0 for free), in the site's currency." }),
          postalCodes: Type.Optional(
            Type.Array(Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$', description: 'A postal code, such as 45318.' }), {
              minItems: 1,
              maxItems: 200,
              description: 'The postal codes it reaches. Leave it out to deliver anywhere the buyer asks.',
            }),
          ),
          note: Type.Optional(Text('One sentence beside it, such as "Dropped at your door within two working days".', { maxLength: 160 })),
        },
        { additionalProperties: false, description: 'Delivery by the business itself, for one fee an order, instead of shipping.' },
      ),
    ),
    collect: Type.Optional(
      Type.Object(
        {
          label: Type.Optional(Text('The name of collecting at the checkout, such as "Collect from the workshop".', { maxLength: 60 })),
          fee: Type.Number({
            minimum: 0,
            maximum: 10_000,
            default: 0,
            description: "One fee for the whole order in the site's currency; leave it out (or 0) for free.",
          }),
          where: Type.Optional(
            Text(
              'Where orders are collected, read after "Collect from", such as "the workshop at 12 Mill Lane, Larkfield". Leave it out to use the site\'s address.',
              {
                maxLength: 160,
              },
            ),
          ),
          when: Type.Optional(
            Text(
              'When, such as "Tuesday to Saturday, 9 am to 5 pm, from the day after you order". The buyer is told too that they are e-mailed once it is ready.',
              { maxLength: 160 },
            ),
          ),
        },
        {
          additionalProperties: false,
          description:
            'Collecting in store: the buyer gives no address, is told where and when to collect, and is e-mailed when the owner marks the order ready on the desk.',
        },
      ),
    ),
    holdMinutes: Type.Integer({
      minimum: 5,
      maximum: 60,
      default: 15,
      description: 'How long the items of an order are kept for the buyer while they pay; after that they go back on sale.',
    }),
    submit: Type.String({ minLength: 1, default: 'Continue to payment', description: 'The label of the checkout button.' }),
  },
  { additionalProperties: false },
);

export type ShopProps = Static<typeof shopProps>;
