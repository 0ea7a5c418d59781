import { Type } from '@sinclair/typebox';
import { CollectionName, Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { Img } from '../../runtime/render/Img.tsx';
import { SIZES } from '../../runtime/render/sizes.ts';
import { itemAnchor, itemTitle } from '../../runtime/render/items.ts';
import { Markdown } from '../../runtime/render/Markdown.tsx';
import { defineBlock } from '../contract.ts';

const props = Type.Object(
  {
    heading: Text('The heading above the people, such as "Meet the team".'),
    intro: Type.Optional(Text('A sentence under the heading.')),
    collection: CollectionName('The collection of people (kind: person) to show, in the order they are written.', 'person'),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Show at most this many people.' })),
    showBio: Type.Boolean({
      default: true,
      description:
        'Show each person\'s biography (their "bio") under their role. Someone with a page of their own shows its first paragraph, with a link to the rest when there is more; someone without shows all of it.',
    }),
  },
  { additionalProperties: false },
);

/**
 * What the list shows of a bio: its paragraphs without headings (the card's own heading is the
 * person's name); all of them for someone without a page of their own (they are nowhere else), or
 * else the first, and whether more waits on their page. Nothing for a bio of headings alone.
 */
function bioShown(bio: string, hasPage: boolean): { text: string; more: boolean } | undefined {
  const paragraphs = bio
    .split(/\n\s*\n/)
    .map((part) =>
      part
        .split('\n')
        .filter((line) => !/^ {0,3}#{1,6}(\s|$)/.test(line))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);
  if (!paragraphs.length) return undefined;
  return hasPage ? { text: paragraphs[0] as string, more: paragraphs.length > 1 } : { text: paragraphs.join('\n\n'), more: false };
}

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
  description:
    'The people of a person collection, each with their name, role, photo and biography (its first paragraph when they have a page of their own, which their name links to).',
  props,
  Component({ heading, intro, collection, limit, showBio = true }) {
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
              const { role, image, bio } = person.data;
              const shown = showBio && bio ? bioShown(bio, Boolean(person.path)) : undefined;
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
                  {shown ? <Markdown source={shown.text} className="prose team-bio" /> : null}
                  {shown?.more && person.path ? (
                    <p className="team-more">
                      <a href={href(person.path)}>{`More about ${name}`}</a>
                    </p>
                  ) : null}
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
    showBio: true,
  },
});
