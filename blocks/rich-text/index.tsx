import { Type } from '@sinclair/typebox';
import { Markdown as MarkdownField, Text } from '../../schema/common.ts';
import { Markdown } from '../../runtime/render/Markdown.tsx';
import { defineBlock } from '../contract.ts';

const props = Type.Object(
  {
    heading: Type.Optional(Text('A heading above the text.')),
    markdown: MarkdownField('The text. Use ## for sub-headings, - for lists, [words](/page) for links.'),
  },
  { additionalProperties: false },
);

export const richText = defineBlock({
  type: 'rich-text',
  title: 'Rich text',
  description: 'Paragraphs, lists and links written in Markdown.',
  props,
  Component({ heading, markdown }) {
    return (
      <section className="block rich-text">
        <div className="container narrow">
          {heading ? <h2>{heading}</h2> : null}
          <Markdown source={markdown} />
        </div>
      </section>
    );
  },
  example: {
    heading: 'Our story',
    markdown:
      'Maple Falls Dental opened in 1998 above the old pharmacy on Main Street.\n\nToday we are a team of **three dentists and two hygienists**, and we still keep an hour free every morning for emergencies.\n\n- Evening hours on Thursdays\n- Step-free entrance from the car park\n- [Meet the team](/about)',
  },
});
