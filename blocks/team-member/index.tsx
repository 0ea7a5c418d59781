import { Type } from '@sinclair/typebox';
import { Link, Text } from '../../schema/common.ts';
import { useRender } from '../../runtime/render/context.tsx';
import { Img } from '../../runtime/render/Img.tsx';
import { SIZES } from '../../runtime/render/sizes.ts';
import { itemTitle } from '../../runtime/render/items.ts';
import { Markdown } from '../../runtime/render/Markdown.tsx';
import { Heading, useIsFirst } from '../../runtime/render/position.tsx';
import { defineBlock } from '../contract.ts';
import { BackLink } from '../kits/items/back.tsx';
import { ContactLines } from '../kits/items/contact.tsx';

const SPECIALTIES = 'Specialties';

const props = Type.Object(
  {
    specialties: Text("The heading above the person's specialties.", { default: SPECIALTIES }),
    back: Type.Optional(Link),
  },
  { additionalProperties: false },
);

export const teamMember = defineBlock({
  type: 'team-member',
  title: 'Team member page',
  description: "The page of one person: name, role, photo, biography, specialties and how to reach them. The default block of a person's page.",
  leads: true,
  props,
  Component({ specialties = SPECIALTIES, back }) {
    const { target } = useRender();
    const first = useIsFirst();
    const person = target.item;
    if (person?.kind !== 'person') return null;
    const d = person.data;
    const image = d.image;
    const list = d.specialties ?? [];
    const Sub = first ? 'h2' : 'h3';
    return (
      <article className={`block team-member-page${image ? ' has-photo' : ''}`}>
        <div className="container team-member-layout">
          {image ? <Img image={image} sizes={SIZES.person} className="team-member-photo" eager={first} /> : null}
          <div className="team-member-text">
            <header className="item-header">
              <Heading first={first}>{itemTitle(person)}</Heading>
              <p className="lede">{d.role}</p>
            </header>
            <ContactLines phone={d.phone} email={d.email} />
            {d.bio ? <Markdown source={d.bio} /> : null}
            {list.length ? (
              <section className="team-member-specialties">
                <Sub>{specialties}</Sub>
                <ul className="tag-list">
                  {list.map((x) => (
                    <li key={x}>{x}</li>
                  ))}
                </ul>
              </section>
            ) : null}
            <BackLink back={back} />
          </div>
        </div>
      </article>
    );
  },
  example: { specialties: 'What she is known for', back: { label: 'Meet the whole team', href: '/team' } },
});
