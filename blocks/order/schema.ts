import { Type, type Static } from '@sinclair/typebox';
import { DateString, Enum, Markdown, refTo, Text } from '../../schema/common.ts';
import { Amount } from '../money.tsx';

export const PAYMENT_WAYS = ['online', 'at-pickup'] as const;
export type PaymentWay = (typeof PAYMENT_WAYS)[number];

const Delivery = Type.Object(
  {
    postcodes: Type.Array(Text('A postal or ZIP code delivered to, such as "95731".', { maxLength: 12 }), {
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
      description: 'The postal or ZIP codes delivered to.',
    }),
    fee: Type.Optional(Amount('What delivery costs on top of the order, such as 5. Leave it out for free delivery.')),
    minimum: Type.Optional(Amount('The smallest order delivered, before the fee, such as 40.')),
  },
  { additionalProperties: false, description: 'Delivery, when the restaurant delivers: where to, for how much, and from what order size.' },
);

export const orderProps = Type.Object(
  {
    menu: Type.String({
      pattern: '^/[^#?]*(#[a-z][a-z0-9-]*)?$',
      title: 'a page path, with an anchor to name one menu',
      description:
        'The page whose menus are offered, such as "/menu"; or one menu block on it by its id, such as "/menu#dinner". Dishes, prices and options come from there: they are never written twice.',
      examples: ['/menu'],
      ...refTo('link'),
    }),
    heading: Text('The heading above the order page.', { default: 'Order online' }),
    intro: Type.Optional(Markdown('A few words above the menu: when and how to collect.')),
    timeZone: Text('The time zone of the restaurant, as an IANA name such as America/Los_Angeles: pickup times are shown and counted in it.'),
    slotMinutes: Type.Integer({ minimum: 5, maximum: 60, default: 15, description: 'Minutes between two pickup times, such as 15.' }),
    leadMinutes: Type.Integer({
      minimum: 0,
      maximum: 1440,
      default: 30,
      description: 'How many minutes the kitchen needs: the first time offered is at least this far ahead.',
    }),
    daysAhead: Type.Integer({ minimum: 0, maximum: 14, default: 0, description: 'How many days after today can be chosen (0: today only).' }),
    closed: Type.Optional(
      Type.Array(DateString('A day with no orders, such as a holiday.'), {
        description: 'Days the kitchen takes no orders although the site’s hours say open.',
      }),
    ),
    kitchen: Type.Object(
      {
        perSlot: Type.Integer({ minimum: 1, maximum: 200, description: 'How many orders the kitchen takes for one pickup time, such as 4.' }),
      },
      { additionalProperties: false, description: 'What the kitchen can make: orders beyond the limit are offered the next free time.' },
    ),
    minimum: Type.Optional(Amount('The smallest order taken, such as 15.')),
    payment: Type.Array(Enum(PAYMENT_WAYS, 'online: paid on the checkout page; at-pickup: paid when collected (pickup only).'), {
      minItems: 1,
      uniqueItems: true,
      default: ['online'],
      description: 'How guests may pay: ["online"], ["at-pickup"] or both.',
    }),
    delivery: Type.Optional(Delivery),
    submit: Type.String({ minLength: 1, default: 'Place order', description: 'The label of the button that places the order.' }),
  },
  { additionalProperties: false },
);

export type OrderProps = Static<typeof orderProps>;
