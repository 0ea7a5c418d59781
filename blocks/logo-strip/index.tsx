import { Type } from '@sinclair/typebox';
import { Href, Image, Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { Img } from '../../runtime/render/Img.tsx';
import { logoSizes } from '../../runtime/images/view.ts';
import { defineBlock } from '../contract.ts';

const Logo = Type.Object(
  {
    name: Text('The name of the partner, brand or association. Shown as text when there is no image, and read out for the image.', { maxLength: 80 }),
    image: Type.Optional(Image),
    href: Type.Optional(Href('Their website or a page about them.')),
  },
  { additionalProperties: false, description: 'One logo or name.' },
);

const props = Type.Object(
  {
    heading: Text('A short heading, such as "Proud members of" or "Brands we install".', { maxLength: 80 }),
    items: Type.Array(Logo, { minItems: 1, maxItems: 24, description: 'The logos or names, in order.' }),
  },
  { additionalProperties: false },
);

export const logoStrip = defineBlock({
  type: 'logo-strip',
  images: 'logos',
  title: 'Logo strip',
  description: 'A row of partner, brand or association logos; a name without an image is shown as text.',
  props,
  Component({ heading, items }) {
    const href = useHref();
    const { site } = useRender();
    return (
      <section className="block logo-strip">
        <div className="container">
          <h2 className="logo-strip-heading">{heading}</h2>
          <ul className="logo-strip-list">
            {items.map((item, i) => {
              const content = item.image ? (
                <Img
                  image={{ ...item.image, alt: item.image.alt || item.name }}
                  // 3rem high, at most 10rem wide (styles.css).
                  sizes={logoSizes(site, item.image, 48, 160)}
                  className="logo-strip-image"
                />
              ) : (
                <span className="logo-strip-name">{item.name}</span>
              );
              return (
                <li key={i} className={item.image ? 'logo-strip-logo' : 'logo-strip-text'}>
                  {item.href ? <a href={href(item.href)}>{content}</a> : content}
                </li>
              );
            })}
          </ul>
        </div>
      </section>
    );
  },
  example: {
    heading: 'Proud members of',
    items: [
      { name: 'American Dental Association', href: 'https://www.ada.org/' },
      { name: 'Maple Falls Chamber of Commerce' },
      { name: 'Academy of General Dentistry' },
      { name: 'Smiles for Schools volunteer program' },
    ],
  },
});
