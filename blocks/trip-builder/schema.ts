import { Type, type Static } from '@sinclair/typebox';
import { DAYS } from '../../runtime/services/time.ts';
import { DateString, Enum, Markdown, Slug, Text, Time } from '../../schema/common.ts';
import { Amount } from '../money.tsx';

const Lat = Type.Number({ minimum: -90, maximum: 90, description: 'Latitude in decimal degrees, such as 45.2731 (north of the equator is positive).' });
const Lng = Type.Number({ minimum: -180, maximum: 180, description: 'Longitude in decimal degrees, such as -123.0416 (west of Greenwich is negative).' });
const Days = (description: string) => Type.Array(Enum(DAYS, 'A day of the week, in lowercase English.'), { minItems: 1, description });

const Hours = Type.Object(
  {
    days: Days('The days these hours apply to.'),
    opens: Time('When the tasting room opens on those days.'),
    closes: Time('When the tasting room closes on those days.'),
  },
  {
    additionalProperties: false,
    description: 'Some days of the week and the opening hours on them, such as { days: [thursday, friday], opens: "11:00", closes: "17:00" }.',
  },
);

const Winery = Type.Object(
  {
    slug: Slug('A short name for the winery in addresses and bookings, such as hollis-creek. Do not change it once trips are booked.'),
    name: Text('The winery’s name, such as "Hollis Creek Vineyards".', { maxLength: 80 }),
    lat: Lat,
    lng: Lng,
    hours: Type.Array(Hours, {
      description:
        'When its tasting room is open, day by day, in the van’s time zone. A day not listed is a closed day; an empty list closes it for the season.',
    }),
    fee: Amount('The tasting fee for each guest, such as 25.'),
    description: Text('One or two sentences about the winery, shown beside its name.', { maxLength: 240 }),
  },
  { additionalProperties: false, description: 'A winery visitors can choose: where it is, when it is open and what a tasting costs.' },
);

const Pickup = Type.Object(
  {
    slug: Slug('A short name for the pickup point, such as depot.'),
    name: Text('The pickup point as guests know it, such as "Vine Trails office, Sauvelle".', { maxLength: 80 }),
    address: Type.Optional(Text('Its street address, for the confirmation and the calendar file.', { maxLength: 160 })),
    lat: Lat,
    lng: Lng,
  },
  { additionalProperties: false, description: 'A place the van collects guests from and brings them back to.' },
);

export const vanProps = Type.Object(
  {
    seats: Type.Integer({ minimum: 1, maximum: 200, description: 'How many guests the van takes in a day, all trips of that day together, such as 14.' }),
    timeZone: Text('The time zone of the tours, as an IANA name such as America/Los_Angeles. Every time on the page is in it.'),
    days: Days('The days of the week the van runs, such as [wednesday, thursday, friday, saturday, sunday].'),
    pickupTime: Time('When the van leaves the pickup point on those days, such as "10:00".'),
    durationMinutes: Type.Integer({ minimum: 60, maximum: 1440, description: 'How many minutes the van is out on a tour day, such as 480 (eight hours).' }),
    leadMinutes: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'How many minutes before the pickup a trip must be booked online, such as 1440 (a day). Leave it out for none.',
      }),
    ),
    horizonDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 3660, description: 'How many days ahead trips can be booked (60 when left out).' })),
    closed: Type.Optional(Type.Array(DateString('A day the van does not run, such as a holiday.'), { description: 'Days the van does not run.' })),
  },
  { additionalProperties: false, description: 'The van that takes the trips: its seats, the days it runs and when it leaves, in its time zone.' },
);

export const tripBuilderProps = Type.Object(
  {
    resource: Slug(
      'A name for the van’s bookings, unique on the site, such as valley-van. Seats are counted under it: do not change it once trips are booked.',
    ),
    label: Type.Optional(
      Text('What is booked, as people call it, such as "Your own winery day". Shown on the checkout, the receipt and the confirmation.', { maxLength: 80 }),
    ),
    heading: Type.Optional(Text('The heading above the planner, such as "Plan your own winery day".')),
    intro: Type.Optional(Markdown('A few words above the planner: how a trip works and what is included.')),
    wineries: Type.Array(Winery, { minItems: 2, description: 'The wineries visitors choose from.' }),
    pickups: Type.Array(Pickup, { minItems: 1, description: 'Where the van collects guests and brings them back; the first is chosen to begin with.' }),
    van: vanProps,
    party: Type.Object(
      {
        min: Type.Integer({ minimum: 1, maximum: 200, description: 'The smallest group that can book a trip.' }),
        max: Type.Integer({ minimum: 1, maximum: 200, description: 'The largest group that can book a trip.' }),
      },
      { additionalProperties: false, description: 'How many guests one trip can be for.' },
    ),
    price: Type.Object(
      {
        perPerson: Amount('The tour price for each guest, such as 119; each winery’s tasting fee is added for each guest.'),
        deposit: Type.Object(
          {
            perPerson: Type.Optional(Amount('A deposit for each guest, such as 40.')),
            percent: Type.Optional(Type.Number({ minimum: 1, maximum: 100, description: 'A deposit as a share of the whole price, such as 30 (percent).' })),
          },
          {
            additionalProperties: false,
            description: 'What is paid online to book: "perPerson" or "percent", exactly one of them. The rest is paid on the day.',
          },
        ),
      },
      { additionalProperties: false, description: 'What a trip costs.' },
    ),
    roadFactor: Type.Number({
      minimum: 1,
      maximum: 3,
      default: 1.3,
      description:
        'How much longer the roads are than a straight line, such as 1.3: drive times are the straight-line distance times this, at the average speed.',
    }),
    speedKmh: Type.Number({ minimum: 10, maximum: 130, default: 60, description: 'The van’s average speed on the valley roads, in km/h, such as 60.' }),
    stopMinutes: Type.Integer({ minimum: 10, maximum: 300, default: 60, description: 'How many minutes the group spends at each winery, such as 60.' }),
    minStops: Type.Integer({ minimum: 1, maximum: 10, default: 2, description: 'The fewest wineries a trip visits.' }),
    maxStops: Type.Integer({ minimum: 1, maximum: 10, default: 4, description: 'The most wineries a trip visits.' }),
    submit: Type.String({ minLength: 1, default: 'Book this trip', description: 'The label of the booking button.' }),
  },
  { additionalProperties: false },
);

export type TripBuilderProps = Static<typeof tripBuilderProps>;
export type Winery = TripBuilderProps['wineries'][number];
export type Pickup = TripBuilderProps['pickups'][number];
export type Van = TripBuilderProps['van'];
