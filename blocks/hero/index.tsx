import { Type } from '@sinclair/typebox';
import { Action, Enum, Image, Text } from '../../schema/common.ts';
import { useHref } from '../../runtime/render/context.tsx';
import { Img } from '../../runtime/render/Img.tsx';
import { SIZES } from '../../runtime/render/sizes.ts';
import { useItemText } from '../../runtime/render/Markdown.tsx';
import { Heading, useIsFirst } from '../../runtime/render/position.tsx';
import { defineBlock } from '../contract.ts';

const props = Type.Object(
  {
    heading: Text("The big headline. On the first block of a page it is the page's main heading.", { maxLength: 120 }),
    text: Type.Optional(Text('A sentence or two under the headline.')),
    eyebrow: Type.Optional(Text('A short line above the headline, such as "Family dentistry since 1998".')),
    actions: Type.Optional(Type.Array(Action, { maxItems: 2, description: 'Up to two buttons.' })),
    image: Type.Optional(Image),
    style: Enum(['brand', 'plain', 'split'], 'brand fills the band with the primary colour; plain is quiet; split puts the image beside the text.', {
      default: 'brand',
    }),
  },
  { additionalProperties: false },
);

export const hero = defineBlock({
  type: 'hero',
  title: 'Hero',
  description: 'The opening band of a page: a headline, a sentence, buttons and an optional image.',
  leads: true,
  props,
  Component({ heading, text, eyebrow, actions, image, style = 'brand' }) {
    const first = useIsFirst();
    const href = useHref();
    const fill = useItemText();
    return (
      <section className={`hero hero-${style}${image ? ' hero-has-image' : ''}`}>
        <div className="hero-inner">
          <div className="hero-copy">
            {eyebrow ? <p className="hero-eyebrow">{fill(eyebrow)}</p> : null}
            <Heading first={first} className="hero-heading">
              {fill(heading)}
            </Heading>
            {text ? <p className="hero-text">{fill(text)}</p> : null}
            {actions?.length ? (
              <p className="hero-actions">
                {actions.map((a) => (
                  <a key={a.href + a.label} className={`button button-${a.style ?? 'primary'}`} href={href(a.href)}>
                    {a.label}
                  </a>
                ))}
              </p>
            ) : null}
          </div>
          {image ? <Img image={image} sizes={SIZES.hero} className="hero-image" eager={first} /> : null}
        </div>
      </section>
    );
  },
  example: {
    eyebrow: 'Family dentistry in Maple Falls since 1998',
    heading: 'Gentle care for every smile',
    text: 'Check-ups, cleanings and same-week emergency appointments, with evening hours on Thursdays.',
    actions: [
      { label: 'Book a visit', href: '/contact', style: 'primary' },
      { label: 'Our services', href: '/services', style: 'secondary' },
    ],
    style: 'brand',
  },
});
