import { Type, type Static } from '@sinclair/typebox';
import { Markdown, Slug, Text } from '../../schema/common.ts';

export const timetableProps = Type.Object(
  {
    booking: Slug(
      'The "resource:" of the booking block whose classes it shows, such as classes. That block must be on a page of the site: each class links to it.',
    ),
    heading: Text('The heading above the week.', { default: 'The week ahead', maxLength: 80 }),
    intro: Type.Optional(Markdown('A few words under the heading, such as how to book or what to bring.')),
    days: Type.Integer({ minimum: 1, maximum: 14, default: 7, description: 'How many days it shows, from today: 7 for a week.' }),
  },
  { additionalProperties: false },
);

export type TimetableProps = Static<typeof timetableProps>;
