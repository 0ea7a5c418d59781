import { Type, type Static } from '@sinclair/typebox';
import { Text } from '../../schema/common.ts';

export const searchProps = Type.Object(
  {
    heading: Type.String({ minLength: 1, maxLength: 120, default: 'Search', description: 'The heading above the search box.' }),
    intro: Type.Optional(Text('A sentence under the heading, such as what can be found here.')),
    sections: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z][a-zA-Z0-9-]*$' }), Text('How the section is named in the filters.'), {
        description: 'Names for the sections results are counted by: a collection\'s name ("posts") or "pages", such as { posts: Blog }.',
      }),
    ),
  },
  { additionalProperties: false },
);

export type SearchProps = Static<typeof searchProps>;
