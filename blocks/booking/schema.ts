import { Type, type Static } from '@sinclair/typebox';
import { DAYS } from '../../runtime/services/time.ts';
import { DateString, Enum, Markdown, Slug, Text, Time } from '../../schema/common.ts';
import { Amount } from '../money.tsx';
import { MAX_QUESTIONS } from '../kits/fields/answers.ts';
import { Field } from '../kits/fields/schema.ts';

/** A closed day: one date, or a month and day closed every year. The block's check says when it is not a day of the calendar ("02-30"). */
const ClosedDay = (description: string) =>
  Type.String({
    pattern: '^([0-9]{4}-)?[0-9]{2}-[0-9]{2}$',
    title: 'a date written YYYY-MM-DD, or MM-DD for every year',
    description: `${description} Written as MM-DD for the same day every year ("12-25"), or YYYY-MM-DD for one date ("2026-11-26").`,
    examples: ['12-25'],
  });

const Starts = (description: string) => Type.Array(Time('A time a slot starts, in the timetable’s time zone.'), { description });

const Unit = Type.Object(
  {
    one: Text('The word for one, such as "bike".', { maxLength: 40 }),
    other: Text('The word for more than one, such as "bikes".', { maxLength: 40 }),
  },
  {
    additionalProperties: false,
    description:
      'What a booking counts, when it is not people: { one: bike, other: bikes }. Said wherever a booking is shown or mailed ("Number of bikes", "$20 a bike", "Room for 2 bikes"). Left out: people (players when one group takes the whole room).',
  },
);

const Party = Type.Object(
  {
    min: Type.Integer({ minimum: 1, maximum: 500, description: 'The smallest group that can book.' }),
    max: Type.Integer({ minimum: 1, maximum: 500, description: 'The largest group that can book.' }),
  },
  { additionalProperties: false, description: 'How many people (or what "unit" names) one booking can be for.' },
);

const Price = Type.Object(
  {
    perPerson: Type.Optional(Amount('The price for each person in the group (or each of what "unit" names), such as 32.')),
    perSlot: Type.Optional(Amount('One price for the whole booking, whatever the size of the group.')),
  },
  { additionalProperties: false, description: 'What a booking costs: "perPerson" or "perSlot", exactly one of them.' },
);

const Deposit = Type.Object(
  {
    perSlot: Type.Optional(Amount('A deposit for the whole booking, such as 20.')),
    perPerson: Type.Optional(Amount('A deposit for each person (or each of what "unit" names), such as 5.')),
    percent: Type.Optional(Type.Number({ minimum: 1, maximum: 99, description: 'A deposit as a share of the price, such as 25 (percent).' })),
  },
  {
    additionalProperties: false,
    description:
      'What is paid online to book, when it is less than the price: "perSlot", "perPerson" or "percent", exactly one of them. The rest is paid at the visit: the booking page, the checkout, the receipt, the confirmation e-mail and the desk say how much. A gift card pays towards the deposit.',
  },
);

const Capacity = Type.Integer({
  minimum: 1,
  maximum: 500,
  description:
    'Places in each slot: 1 means the whole thing goes to one group (an escape room, a court); 12 means twelve people can book one place each (a class).',
});

const Weekly = Type.Array(
  Type.Object(
    {
      days: Type.Array(Enum(DAYS, 'A day of the week, in lowercase English.'), { minItems: 1, description: 'The days these starts apply to.' }),
      starts: Starts('The times slots start on those days, such as ["18:00", "19:30"].'),
    },
    { additionalProperties: false, description: 'Some days of the week and the times slots start on them.' },
  ),
  { minItems: 1, description: 'When slots start, week by week.' },
);

const Exceptions = Type.Array(
  Type.Object(
    { date: DateString('The day.'), starts: Starts('The starts of that day instead of the week’s; an empty list closes it.') },
    { additionalProperties: false, description: 'One day with its own starts.' },
  ),
  { description: 'Days whose starts differ from the week’s (a holiday eve with shorter hours).' },
);

export const timetableProps = Type.Object(
  {
    timeZone: Text('The time zone of the place where the bookings happen, as an IANA name such as America/Chicago or Europe/London.'),
    weekly: Weekly,
    durationMinutes: Type.Integer({ minimum: 1, maximum: 1440, description: 'How many minutes each slot lasts, such as 60.' }),
    leadMinutes: Type.Optional(
      Type.Integer({ minimum: 0, description: 'How many minutes ahead a slot must be booked online, such as 120 (two hours). Leave it out for none.' }),
    ),
    horizonDays: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 3660,
        description:
          'How many days ahead slots can be booked (60 when left out). The page offers fourteen days at a time, with "Earlier dates" and "Later dates" links that work without JavaScript.',
      }),
    ),
    closed: Type.Optional(
      Type.Array(ClosedDay('A day with no slots at all, such as a holiday.'), {
        description: 'Days with no slots at all: "12-25" closes Christmas Day every year, "2026-11-26" only that Thanksgiving.',
      }),
    ),
    exceptions: Type.Optional(Exceptions),
  },
  {
    additionalProperties: false,
    description: 'When the thing can be booked: the weekly starts in the local time zone, how long each slot lasts, and the days that differ.',
  },
);

export const choiceProps = Type.Object(
  {
    resource: Slug(
      'A name for this choice, unique on the site, such as heist. Its bookings are counted and kept under it: do not change it once bookings are taken.',
    ),
    label: Text('The choice as visitors know it, such as "The Harwick Savings Heist" or "A lesson with Maria Alvarez".', { maxLength: 80 }),
    description: Type.Optional(Text('One or two sentences about it, shown beside its name.', { maxLength: 300 })),
    weekly: Type.Optional({ ...Weekly, description: 'Its own weekly start times, when they differ from the block’s timetable.' }),
    durationMinutes: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1440, description: 'How many minutes it lasts, when it differs from the block’s timetable.' }),
    ),
    closed: Type.Optional(
      Type.Array(ClosedDay('A day it does not run, such as the coach’s holiday.'), {
        description: 'Days it does not run, besides the block’s own closed days ("12-24" every year, "2026-08-14" once).',
      }),
    ),
    exceptions: Type.Optional({
      ...Exceptions,
      description: 'Days whose starts differ from its week’s (one class at 8:00 on Christmas Eve); they replace the block’s exception for the same day.',
    }),
    capacity: Type.Optional({ ...Capacity, description: 'Its places in each slot, when they differ from the block’s.' }),
    party: Type.Optional({ ...Party, description: 'The group sizes it takes, when they differ from the block’s.' }),
    price: Type.Optional({ ...Price, description: 'Its price, when it differs from the block’s.' }),
    unit: Type.Optional({ ...Unit, description: 'What its bookings count, when it differs from the block’s: { one: dog, other: dogs }.' }),
    deposit: Type.Optional({ ...Deposit, description: 'Its deposit, when it differs from the block’s.' }),
  },
  {
    additionalProperties: false,
    description: 'One of the things the block books (a room, a coach, a class), with what differs from the block’s own timetable, places and price.',
  },
);

export type ChoiceProps = Static<typeof choiceProps>;

export const poolProps = Type.Object(
  {
    name: {
      ...Slug(
        'A name for the places shared, such as workbench, game-masters or chairs. Every booking block of the site that names the same pool draws on the same places. Bookings are counted under it from when it is written: do not change it once bookings are taken.',
      ),
      examples: ['workbench'],
    },
    capacity: Type.Integer({
      minimum: 1,
      maximum: 500,
      description: 'How many places the pool has at any one moment, such as 2 (two bikes on the bench at once). Each choice’s own capacity must not be larger.',
    }),
  },
  {
    additionalProperties: false,
    description:
      'Places that every choice of the block shares, such as "2 bikes on the bench, whatever the service". A booking holds its places of the pool from its start to its end, so bookings of different lengths share them only while they overlap: a 60-minute tune-up at 11:00 and a 30-minute flat fix at 11:30 both hold a place from 11:30 to 12:00, while a flat fix at 12:00 does not meet the tune-up. Each choice keeps its own length, start times and price; a slot is full when the pool is, whatever its own places left. Leave it out and each choice has only its own places.',
    examples: [{ name: 'workbench', capacity: 2 }],
  },
);

export const bookingProps = Type.Object(
  {
    resource: Slug(
      'A name for what is booked, unique on the site, such as vault. Bookings are counted and kept under it: do not change it once bookings are taken.',
    ),
    label: Type.Optional(
      Text('What is booked, as people call it, such as "The Harwick Savings Heist". Shown on the checkout, the receipt and the confirmation.', {
        maxLength: 80,
      }),
    ),
    heading: Type.Optional(Text('The heading above the booking form, such as "Book the Heist".')),
    intro: Type.Optional(Markdown('A few words above the form: what is booked and what to bring.')),
    fields: Type.Optional(
      Type.Array(Field, {
        minItems: 1,
        maxItems: MAX_QUESTIONS,
        description:
          'Questions the booking form asks besides the name and the e-mail address, written as a form block’s fields (a phone number, the bike’s make and model). Answers are checked, kept with the booking, and shown on the desk, in its CSV and in both e-mails. Files cannot be asked for.',
      }),
    ),
    timetable: timetableProps,
    capacity: Capacity,
    party: Party,
    price: Price,
    unit: Type.Optional(Unit),
    deposit: Type.Optional(Deposit),
    choices: Type.Optional(
      Type.Array(choiceProps, {
        minItems: 1,
        maxItems: 20,
        description:
          'Several things booked on one page (the rooms of an escape-room house, the coaches of a golf school): visitors choose one first. Each takes the block’s timetable, capacity, party and price unless it gives its own.',
      }),
    ),
    choose: Type.Optional(Text('The question above the choices, such as "Choose a room".', { maxLength: 60 })),
    pool: Type.Optional(poolProps),
    cancelHours: Type.Integer({
      minimum: 0,
      maximum: 720,
      default: 24,
      description: 'Until how many hours before the start a booking can be cancelled online, with a full refund.',
    }),
    giftCards: Type.Optional(
      Type.Boolean({
        description:
          'true: visitors can pay with a gift card or certificate the site sold (a gift-certificate block, or a gift card product of its shop): its balance pays first, towards the deposit when there is one, and any rest by card.',
      }),
    ),
    submit: Type.String({ minLength: 1, default: 'Continue to payment', description: 'The label of the button.' }),
  },
  { additionalProperties: false },
);

export type BookingProps = Static<typeof bookingProps>;
