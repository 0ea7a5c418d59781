import { Type } from '@sinclair/typebox';
import { Markdown as MarkdownField, Text } from '../../schema/common.ts';
import { Markdown } from '../../runtime/render/Markdown.tsx';
import { markdownText } from '../../runtime/render/markdown.ts';
import { defineBlock } from '../contract.ts';

const Question = Type.Object(
  {
    question: Text('The question, as a customer would ask it.', { maxLength: 200 }),
    answer: MarkdownField('The answer. Links and short lists are fine.'),
  },
  { additionalProperties: false, description: 'One question and its answer.' },
);

const props = Type.Object(
  {
    heading: Text('The heading above the questions.', { default: 'Frequently asked questions' }),
    intro: Type.Optional(Text('A sentence under the heading, such as where to ask anything else.')),
    items: Type.Array(Question, { minItems: 1, maxItems: 40, description: 'The questions, in order. Each opens to show its answer.' }),
    open: Type.Boolean({ default: false, description: 'true shows every answer open when the page loads; visitors can still close them.' }),
  },
  { additionalProperties: false },
);

export const faq = defineBlock({
  type: 'faq',
  title: 'Questions and answers',
  description: 'Frequently asked questions, each opening to show its answer. Works with the keyboard and without JavaScript.',
  props,
  structuredData: ({ items }) => [
    {
      '@type': 'FAQPage',
      mainEntity: items.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: markdownText(item.answer) } })),
    },
  ],
  Component({ heading, intro, items, open = false }) {
    return (
      <section className="block faq">
        <div className="container narrow">
          <h2>{heading}</h2>
          {intro ? <p className="lede">{intro}</p> : null}
          <div className="faq-list">
            {items.map((item, i) => (
              <details key={i} className="faq-item" open={open || undefined}>
                <summary className="faq-question">{item.question}</summary>
                <Markdown source={item.answer} className="prose faq-answer" />
              </details>
            ))}
          </div>
        </div>
      </section>
    );
  },
  example: {
    heading: 'Frequently asked questions',
    intro: 'Anything else? Call us during opening hours and we will be glad to help.',
    items: [
      {
        question: 'Do you take new patients?',
        answer: 'Yes. Most new patients are seen within a week. [Book online](/contact) or call us.',
      },
      {
        question: 'Which insurance plans do you accept?',
        answer: 'We work with most major dental plans, including **Delta Dental**, **Cigna** and **MetLife**, and file the claim for you.',
      },
      {
        question: 'What should I do in a dental emergency?',
        answer:
          'Call us as early as you can. We keep time free every weekday morning for:\n\n- a broken or knocked-out tooth\n- swelling or severe pain\n- a lost filling or crown',
      },
    ],
    open: false,
  },
});
