import { Type } from '@sinclair/typebox';
import { CollectionName, Enum, Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { itemTitle } from '../../runtime/render/items.ts';
import { defineBlock } from '../contract.ts';
import { ContactLines } from '../kits/items/contact.tsx';
import { pagesAbout } from '../kits/items/organization-pages.ts';

const EMPTY = 'No organisations are listed yet.';

const props = Type.Object(
  {
    heading: Type.Optional(Text('A heading above the directory.')),
    collection: CollectionName('Which organisations to list.', 'organization'),
    sort: Enum(['as-written', 'name'], 'The order: as written in the YAML, or by name.', { default: 'name' }),
    empty: Text('What to say when the collection is empty.', { default: EMPTY }),
  },
  { additionalProperties: false },
);

export const orgDirectory = defineBlock({
  type: 'org-directory',
  title: 'Organisation directory',
  description: 'The organisations of a collection, each with what it does, its phone and e-mail, and links to its own page and its events and news pages.',
  props,
  Component({ heading, collection, sort = 'name', empty = EMPTY }) {
    const { site } = useRender();
    const href = useHref();
    // The site does not load unless `collection` holds organisations.
    const own = site.collections.get(collection);
    const items = own?.kind === 'organization' ? own.items : [];
    const orgs = sort === 'name' ? [...items].sort((a, b) => itemTitle(a).localeCompare(itemTitle(b))) : items;
    const H = heading ? 'h3' : 'h2';
    return (
      <section className="block org-directory">
        <div className="container">
          {heading ? <h2>{heading}</h2> : null}
          {orgs.length === 0 ? (
            <p className="muted">{empty}</p>
          ) : (
            <ul className="card-grid">
              {orgs.map((org) => {
                const name = itemTitle(org);
                const pages = pagesAbout(site, org);
                return (
                  <li key={org.index} className="card org-card">
                    <H className="card-title">{org.path ? <a href={href(org.path)}>{name}</a> : name}</H>
                    <p>{org.data.summary}</p>
                    <ContactLines phone={org.data.phone} email={org.data.email} />
                    {pages.length ? (
                      <ul className="org-card-links">
                        {pages.map((page) => (
                          <li key={page.path}>
                            <a href={href(page.path)} aria-label={`${page.label}: ${name}`}>
                              {page.label}
                            </a>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>
    );
  },
  example: { heading: 'Clubs and organisations', collection: 'organizations', sort: 'name', empty: 'No organisations are listed yet.' },
});
