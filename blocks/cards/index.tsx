import { Type } from '@sinclair/typebox';
import { Image, Link, Text } from '../../schema/common.ts';
import { useHref } from '../../runtime/render/context.tsx';
import { Img } from '../../runtime/render/Img.tsx';
import { SIZES } from '../../runtime/render/sizes.ts';
import { defineBlock } from '../contract.ts';

const Card = Type.Object(
  {
    title: Text("The card's heading.", { maxLength: 80 }),
    text: Text('A sentence or two.', { maxLength: 400 }),
    image: Type.Optional(Image),
    link: Type.Optional(Link),
  },
  { additionalProperties: false, description: 'One card: a heading, a little text, and an optional image and link.' },
);

const props = Type.Object(
  {
    heading: Text('The heading above the cards.'),
    intro: Type.Optional(Text('A sentence or two under the heading.')),
    columns: Type.Unsafe<2 | 3 | 4>({
      type: 'integer',
      enum: [2, 3, 4],
      default: 3,
      description: 'How many cards sit side by side on a wide screen: 2, 3 or 4. Phones always show one.',
    }),
    cards: Type.Array(Card, { minItems: 1, maxItems: 16, description: 'The cards, in order.' }),
  },
  { additionalProperties: false },
);

export const cards = defineBlock({
  type: 'cards',
  title: 'Cards',
  description: 'A grid of feature cards, each with a heading, a little text, and an optional image and link.',
  props,
  Component({ heading, intro, columns = 3, cards: list }) {
    const href = useHref();
    return (
      <section className="block cards">
        <div className="container">
          <div className="cards-head">
            <h2>{heading}</h2>
            {intro ? <p className="lede">{intro}</p> : null}
          </div>
          <ul className={`cards-grid cards-cols-${columns}`}>
            {list.map((card, i) => (
              <li key={i} className={`card cards-card${card.image ? ' cards-has-image' : ''}`}>
                {card.image ? <Img image={card.image} sizes={SIZES.cards(columns)} className="cards-image" /> : null}
                <div className="cards-body">
                  <h3 className="card-title">{card.title}</h3>
                  <p>{card.text}</p>
                  {card.link ? (
                    <p className="cards-link">
                      <a href={href(card.link.href)}>{card.link.label}</a>
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    );
  },
  example: {
    heading: 'Why families choose us',
    intro: 'A neighbourhood practice with the hours and the patience busy households need.',
    columns: 3,
    cards: [
      {
        title: 'Evening appointments',
        text: 'We stay open until 8 pm on Thursdays, so nobody has to miss school or work.',
        link: { label: 'See our opening hours', href: '/contact' },
      },
      {
        title: 'Clear prices up front',
        text: 'You get a written estimate before any treatment, and we file insurance claims for you.',
        link: { label: 'View our prices', href: '/services' },
      },
      {
        title: 'Step-free access',
        text: 'Ground-floor treatment rooms, a wide entrance and parking right by the door.',
      },
    ],
  },
});
