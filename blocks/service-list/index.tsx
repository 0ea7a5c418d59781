import { Type } from '@sinclair/typebox';
import { Enum, Href, Text } from '../../schema/common.ts';
import { useHref } from '../../runtime/render/context.tsx';
import { defineBlock } from '../contract.ts';
import { Icon, ICON_NAMES } from './icons.tsx';

const Service = Type.Object(
  {
    name: Text('The name of the service, such as "Emergency repairs".', { maxLength: 80 }),
    description: Text('One or two sentences about what is included.', { maxLength: 400 }),
    price: Type.Optional(Text('The price as it should read, such as "From $89" or "Free estimate".', { maxLength: 40 })),
    href: Type.Optional(Href('A page with more about this service. The card links to it with "Learn more about <name>".')),
    icon: Type.Optional(Enum(ICON_NAMES, 'A small picture beside the name, chosen from the built-in set.')),
  },
  { additionalProperties: false, description: 'One service.' },
);

const props = Type.Object(
  {
    heading: Text('The heading above the services, such as "What we do".'),
    intro: Type.Optional(Text('A sentence or two under the heading.')),
    services: Type.Array(Service, { minItems: 1, maxItems: 24, description: 'The services, in the order they are shown.' }),
  },
  { additionalProperties: false },
);

export const serviceList = defineBlock({
  type: 'service-list',
  title: 'Service list',
  description: 'A grid of cards, one per service: name, a short description, an optional price, icon and link.',
  props,
  Component({ heading, intro, services }) {
    const href = useHref();
    return (
      <section className="block service-list">
        <div className="container">
          <div className="service-list-head">
            <h2>{heading}</h2>
            {intro ? <p className="lede">{intro}</p> : null}
          </div>
          <ul className="card-grid service-list-grid">
            {services.map((s, i) => (
              <li key={i} className="card service">
                {s.icon ? <Icon name={s.icon} className="service-icon" /> : null}
                <h3 className="card-title">{s.name}</h3>
                <p className="service-description">{s.description}</p>
                {s.price || s.href ? (
                  <div className="service-foot">
                    {s.price ? <p className="service-price">{s.price}</p> : null}
                    {s.href ? (
                      <p className="service-link">
                        <a href={href(s.href)}>Learn more about {s.name}</a>
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      </section>
    );
  },
  example: {
    heading: 'What we do',
    intro: 'From routine check-ups to same-week emergency visits, all under one roof on Main Street.',
    services: [
      {
        name: 'Check-ups and cleaning',
        description: 'A full exam, gentle scale and polish, and X-rays when they are due.',
        price: 'From $89',
        icon: 'tooth',
        href: '/services',
      },
      {
        name: 'Emergency visits',
        description: 'Broken tooth or sudden pain? We keep an hour free every weekday morning for emergencies.',
        price: 'Same-week appointments',
        icon: 'clock',
      },
      {
        name: "Children's dentistry",
        description: 'Relaxed first visits, fissure sealants and friendly advice for parents.',
        icon: 'heart',
      },
      {
        name: 'Whitening',
        description: 'Custom trays you wear at home, with a check-in visit after two weeks.',
        price: '$320',
        icon: 'star',
      },
    ],
  },
});
