import { Type } from '@sinclair/typebox';
import { Link, Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { Img } from '../../runtime/render/Img.tsx';
import { SIZES } from '../../runtime/render/sizes.ts';
import { itemTitle } from '../../runtime/render/items.ts';
import { Markdown } from '../../runtime/render/Markdown.tsx';
import { Heading, useIsFirst } from '../../runtime/render/position.tsx';
import { defineBlock } from '../contract.ts';
import { BackLink } from '../kits/items/back.tsx';
import { ContactLines } from '../kits/items/contact.tsx';
import { pagesAbout } from '../kits/items/organization-pages.ts';

const CONTACT = 'Contact';

const props = Type.Object(
  {
    contact: Text("The heading above the organisation's phone, e-mail and website.", { default: CONTACT }),
    back: Type.Optional(Link),
  },
  { additionalProperties: false },
);

export const organizationDetail = defineBlock({
  type: 'organization-detail',
  title: 'Organisation page',
  description:
    "The page of one organisation: its name, what it does, how to reach it, and links to its events and news pages. The default block of an organisation's page.",
  leads: true,
  props,
  Component({ contact = CONTACT, back }) {
    const { site, target } = useRender();
    const first = useIsFirst();
    const href = useHref();
    const org = target.item;
    if (org?.kind !== 'organization') return null;
    const d = org.data;
    const name = itemTitle(org);
    const image = d.image;
    const pages = pagesAbout(site, org);
    const Sub = first ? 'h2' : 'h3';
    return (
      <article className="block organization-detail">
        <div className="container narrow">
          <header className="item-header">
            <Heading first={first}>{name}</Heading>
            {d.summary ? <p className="lede">{d.summary}</p> : null}
          </header>
          {pages.length ? (
            <nav className="org-pages" aria-label={`More from ${name}`}>
              <ul>
                {pages.map((page) => (
                  <li key={page.path}>
                    <a className="button button-secondary" href={href(page.path)}>
                      {page.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {image ? <Img image={image} sizes={SIZES.article} className="item-image" eager={first} /> : null}
          {d.body ? <Markdown source={d.body} /> : null}
          {d.phone || d.email || d.website ? (
            <section className="org-contact">
              <Sub>{contact}</Sub>
              <ContactLines phone={d.phone} email={d.email} website={d.website} />
            </section>
          ) : null}
          <BackLink back={back} />
        </div>
      </article>
    );
  },
  example: { contact: 'Visit or get in touch', back: { label: 'All organisations', href: '/organizations' } },
});
