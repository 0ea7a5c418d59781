/** A restaurant menu's schema (sections, dishes, prices, dietary tags), shared by the menu block and the order block that takes orders from it. */
import { Type, type Static } from '@sinclair/typebox';
import { Enum, Slug, Text } from '../../../schema/common.ts';
import { DIETARY, DIETARY_NAMES } from './dietary.tsx';

const Choice = Type.Object(
  {
    name: Text('The choice as guests read it, such as "Large" or "Extra feta".', { maxLength: 60 }),
    id: Type.Optional(Slug('A stable name for ordering, unique in its group; made from the name when left out.')),
    price: Type.Optional(
      Text('What it changes in the price, such as "+$2", "+$0.50" or "-$1" for less. Leave it out when it costs nothing extra.', { maxLength: 20 }),
    ),
  },
  { additionalProperties: false, description: 'One choice of an option group.' },
);

const OptionGroup = Type.Object(
  {
    name: Text('What is chosen, such as "Size" or "Extras".', { maxLength: 60 }),
    id: Type.Optional(Slug('A stable name for ordering, unique for the dish; made from the name when left out.')),
    pick: Enum(['one', 'any'], 'one: guests choose one of the choices (a size); any: guests choose as many as they like (extras).', { default: 'one' }),
    required: Type.Optional(Type.Boolean({ description: 'true: a choice must be made before the dish can be ordered.' })),
    max: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'For "pick: any": at most this many choices.' })),
    choices: Type.Array(Choice, { minItems: 1, maxItems: 20, description: 'The choices, in order.' }),
  },
  { additionalProperties: false, description: 'A group of options of a dish, such as its size or extras.' },
);

export type OptionGroupProps = Static<typeof OptionGroup>;

const Dish = Type.Object(
  {
    name: Text('The name of the dish or drink.', { maxLength: 100 }),
    id: Type.Optional(
      Slug(
        'A stable name for ordering, unique on the menu, such as hummus. Made from the name when left out; write one to rename a dish without losing orders.',
      ),
    ),
    description: Type.Optional(Text('What is in it, in a line.', { maxLength: 300 })),
    price: Text('The price as it should read, such as "$14" or "12.50".', { maxLength: 30 }),
    dietary: Type.Optional(
      Type.Array(Enum(DIETARY_NAMES, 'A dietary tag.'), {
        uniqueItems: true,
        description: `Dietary tags, shown as short labels: ${DIETARY_NAMES.map((d) => `${d} (${DIETARY[d].short})`).join(', ')}.`,
      }),
    ),
    options: Type.Optional(Type.Array(OptionGroup, { maxItems: 10, description: 'Choices guests make when they order it online: a size, extras.' })),
    soldOut: Type.Optional(
      Type.Boolean({ description: 'true: "Sold out today" is shown beside it, and it cannot be ordered online until you take the line out.' }),
    ),
    orderable: Type.Optional(Type.Boolean({ description: 'false: shown on the menu but not offered on the order page (a dish at market price).' })),
  },
  { additionalProperties: false, description: 'One dish or drink.' },
);

export type DishProps = Static<typeof Dish>;

const Section = Type.Object(
  {
    name: Text('The section\'s heading, such as "Starters" or "Desserts".', { maxLength: 80 }),
    description: Type.Optional(Text('A line under the section heading, such as "Served until 3 pm".')),
    items: Type.Array(Dish, { minItems: 1, description: 'The dishes of this section, in order.' }),
  },
  { additionalProperties: false, description: 'A section of the menu.' },
);

export const menuProps = Type.Object(
  {
    heading: Text('The heading above the menu.', { default: 'Menu' }),
    intro: Type.Optional(Text('A sentence under the heading.')),
    sections: Type.Array(Section, { minItems: 1, maxItems: 20, description: 'The sections of the menu, in order.' }),
    footnote: Type.Optional(Text('Small print under the menu, such as "Please tell us about any allergies when you order."')),
  },
  { additionalProperties: false },
);

export type MenuProps = Static<typeof menuProps>;
