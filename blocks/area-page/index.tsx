import { Type } from '@sinclair/typebox';
import { useId } from 'react';
import { Link, Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { itemTitle } from '../../runtime/render/items.ts';
import { Markdown } from '../../runtime/render/Markdown.tsx';
import { Heading, useIsFirst } from '../../runtime/render/position.tsx';
import { slugify } from '../../runtime/routing/slug.ts';
import type { Item, Site } from '../../runtime/site.ts';
import { defineBlock } from '../contract.ts';
import { telHref } from '../kits/items/contact.tsx';
import { fillLine, fillMarkdown, placeholderIssues, type AreaValues } from './template.ts';
import { numberFormat } from '../../runtime/render/intl.ts';

const SERVICES = 'Our services';
const TEMPLATE = '{name} serves {city} and the surrounding communities of {region}.';
const HIGHLIGHTS = 'Around {city}';
const NEARBY = 'Nearby areas';
const CTA = 'Get in touch';

const props = Type.Object(
  {
    services: Text('What the business does, as in "Pest control in Millbrook": the heading of areas without a title of their own.', { default: SERVICES }),
    template: Type.String({
      minLength: 1,
      default: TEMPLATE,
      description:
        'The text of areas without a body of their own. {city}, {region}, {population}, {name} (the site name) and {services} are filled in for each area; a paragraph naming a value the area lacks (often {population}) is left out. Written in Markdown.',
    }),
    highlights: Text("The heading above the area's highlights. Can use the same {placeholders} as the template.", { default: HIGHLIGHTS }),
    nearby: Text('The heading above the links to other areas of the same region.', { default: NEARBY }),
    cta: Text('The heading of the call to action at the end. Can use the same {placeholders} as the template.', { default: CTA }),
    ctaText: Type.Optional(Text('A sentence under the call-to-action heading. Can use the same {placeholders}.')),
    contact: Type.Optional(Link),
  },
  { additionalProperties: false },
);

const MAX_NEARBY = 6;

/** Other areas of the same collection and region that have a page, as written, at most six. */
function nearbyAreas(site: Site, area: Item<'area'>): Item<'area'>[] {
  const region = slugify(area.data.region);
  const own = site.collections.get(area.collection);
  const items = own?.kind === 'area' ? own.items : [];
  return items.filter((other) => other !== area && other.path && slugify(other.data.region) === region).slice(0, MAX_NEARBY);
}

export const areaPage = defineBlock({
  type: 'area-page',
  title: 'Service area page',
  description:
    "The page of one town or city the business serves: a heading, local text (its own or a filled-in template), highlights, nearby areas and a call to action. The default block of an area's page.",
  ownPlaceholders: true,
  leads: true,
  props,
  Component({ services = SERVICES, template = TEMPLATE, highlights = HIGHLIGHTS, nearby = NEARBY, cta = CTA, ctaText, contact }) {
    const { site, target } = useRender();
    const first = useIsFirst();
    const href = useHref();
    const ids = useId();
    const area = target.item;
    if (area?.kind !== 'area') return null;
    const d = area.data;
    const identity = site.data.site;
    const population = d.population === undefined ? undefined : numberFormat(identity.language).format(d.population);
    const values: AreaValues = { city: d.city, region: d.region, population, name: identity.name, services };
    const list = d.highlights ?? [];
    const others = nearbyAreas(site, area);
    const Sub = first ? 'h2' : 'h3';
    return (
      <article className="block area-page">
        <div className="container narrow">
          <header className="item-header">
            <Heading first={first}>{itemTitle(area, services)}</Heading>
            <p className="item-meta">{d.region}</p>
            {d.summary ? <p className="lede">{d.summary}</p> : null}
          </header>
          <Markdown source={d.body ?? fillMarkdown(template, values)} />
          {list.length ? (
            <section className="area-highlights">
              <Sub>{fillLine(highlights, values)}</Sub>
              <ul className="tag-list">
                {list.map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {identity.phone || contact ? (
            <section className="area-cta">
              <Sub>{fillLine(cta, values)}</Sub>
              {ctaText ? <p>{fillLine(ctaText, values)}</p> : null}
              <p className="area-cta-actions">
                {identity.phone ? (
                  <a className="button" href={telHref(identity.phone)}>
                    {`Call ${identity.phone}`}
                  </a>
                ) : null}
                {contact ? (
                  <a className={`button${identity.phone ? ' button-secondary' : ''}`} href={href(contact.href)}>
                    {contact.label}
                  </a>
                ) : null}
              </p>
            </section>
          ) : null}
          {others.length ? (
            <nav className="area-nearby" aria-labelledby={`${ids}-nearby`}>
              <Sub id={`${ids}-nearby`}>{nearby}</Sub>
              <ul>
                {others.map((other) => (
                  <li key={other.index}>
                    <a href={href(other.path as string)}>{other.data.city}</a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </article>
    );
  },
  example: {
    services: 'Pest control',
    template:
      'Looking for pest control in {city}? {name} has protected homes and businesses across {region} for more than twenty years, with licensed technicians who live and work nearby.\n\nWith around {population} residents, {city} sees its share of ants, mice and wasps every season. We offer same-week inspections and plans that keep pests out all year.',
    highlights: 'What we see in {city}',
    nearby: 'Other towns we serve nearby',
    cta: 'Need help in {city}?',
    ctaText: 'Call us or send a message and we will book a free inspection.',
    contact: { label: 'Request an inspection', href: '/contact' },
  },
  check: (p) => placeholderIssues(p, ['template', 'highlights', 'cta', 'ctaText']),
});
