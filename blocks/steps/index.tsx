import { Type } from '@sinclair/typebox';
import { Text } from '../../schema/common.ts';
import { defineBlock } from '../contract.ts';

const Step = Type.Object(
  {
    title: Text('What happens in this step, in a few words, such as "Book a free visit".', { maxLength: 80 }),
    text: Text('A sentence or two about the step.', { maxLength: 400 }),
  },
  { additionalProperties: false, description: 'One step.' },
);

const props = Type.Object(
  {
    heading: Text('The heading above the steps.', { default: 'How it works' }),
    intro: Type.Optional(Text('A sentence under the heading.')),
    steps: Type.Array(Step, { minItems: 2, maxItems: 8, description: 'The steps, in order. They are numbered for you.' }),
  },
  { additionalProperties: false },
);

/** Columns on a wide screen, so the steps fill whole rows: 5 as 3 + 2, 7 as 4 + 3, 8 as 4 + 4. */
const columnsFor = (count: number) => (count <= 4 ? count : count % 3 === 0 || count === 5 ? 3 : 4);

export const steps = defineBlock({
  type: 'steps',
  title: 'Steps',
  description: 'A numbered "how it works" list: what happens first, next and last.',
  props,
  Component({ heading, intro, steps: list }) {
    return (
      <section className="block steps">
        <div className="container">
          <div className="steps-head">
            <h2>{heading}</h2>
            {intro ? <p className="lede">{intro}</p> : null}
          </div>
          {/* role="list" keeps list semantics in Safari, which drops them when list-style is none. */}
          <ol className={`steps-list steps-cols-${columnsFor(list.length)}`} role="list">
            {list.map((step, i) => (
              <li key={i} className="step">
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3 className="step-title">{step.title}</h3>
                <p className="step-text">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    );
  },
  example: {
    heading: 'How it works',
    intro: 'From first call to finished kitchen, you always know what happens next.',
    steps: [
      { title: 'Free home visit', text: 'We measure up, listen to what you want and talk through a budget. No charge, no pressure.' },
      { title: 'Design and fixed quote', text: 'Within a week you get drawings and a written price that will not change once you say yes.' },
      { title: 'Build', text: 'One crew from start to finish, with a clean site at the end of every day.' },
      { title: 'Final walk-through', text: 'We go through every detail together and fix anything you are not happy with.' },
    ],
  },
});
