import { Type } from '@sinclair/typebox';
import { CollectionName, Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { Img } from '../../runtime/render/Img.tsx';
import { SIZES } from '../../runtime/render/sizes.ts';
import { itemAnchor, itemTitle } from '../../runtime/render/items.ts';
import { defineBlock } from '../contract.ts';

const props = Type.Object(
  {
    heading: Text('The heading above the people, such as "Meet the team".'),
    intro: Type.Optional(Text('A sentence under the heading.')),
    collection: CollectionName('The collection of people (kind: person) to show, in the order they are written.', 'person'),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Show at most this many people.' })),
  },
  { additionalProperties: false },
);

/** Up to two initials, shown in a circle when a person has no photo. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w))
    .map((w) => w[0]?.toUpperCase())
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .join('');

export const teamList = defineBlock({
  type: 'team-list',
  title: 'Team list',
  description: 'The people of a person collection, each with their name, role and photo, linking to their own page when they have one.',
  props,
  Component({ heading, intro, collection, limit }) {
    const { site } = useRender();
    const href = useHref();
    const items = (site.collections.get(collection)?.items ?? []).filter((item) => item.kind === 'person').slice(0, limit);
    return (
      <section className="block team-list">
        <div className="container">
          <div className="team-list-head">
            <h2>{heading}</h2>
            {intro ? <p className="lede">{intro}</p> : null}
          </div>
          <ul className="team-list-grid">
            {items.map((person) => {
              const name = itemTitle(person);
              const { role, image } = person.data;
              return (
                <li key={person.index} className="card team-member" id={person.path ? undefined : itemAnchor(person)}>
                  {image ? (
                    <Img image={image} sizes={SIZES.portrait} className="team-photo" />
                  ) : (
                    <span className="team-initials" aria-hidden="true">
                      {initials(name)}
                    </span>
                  )}
                  <h3 className="team-name">{person.path ? <a href={href(person.path)}>{name}</a> : name}</h3>
                  {role ? <p className="team-role">{role}</p> : null}
                </li>
              );
            })}
          </ul>
        </div>
      </section>
    );
  },
  example: {
    heading: 'Meet the team',
    intro: 'Three dentists and two hygienists, most of whom grew up right here in Maple Falls.',
    collection: 'team',
  },
});
