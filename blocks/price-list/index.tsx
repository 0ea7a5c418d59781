import { useId } from 'react';
import { Type } from '@sinclair/typebox';
import { Text } from '../../schema/common.ts';
import { defineBlock } from '../contract.ts';

const PriceItem = Type.Object(
  {
    name: Text('What is priced, such as "Men\'s cut".', { maxLength: 100 }),
    price: Text('The price as it should read, such as "$35", "From $120" or "Free".', { maxLength: 40 }),
    description: Type.Optional(Text('A few words on what is included.', { maxLength: 240 })),
    note: Type.Optional(Text('A short note under the price, such as "per hour" or "most plans cover this".', { maxLength: 80 })),
  },
  { additionalProperties: false, description: 'One priced item.' },
);

const Group = Type.Object(
  {
    name: Text('The group\'s heading, such as "Cuts" or "Colour".', { maxLength: 80 }),
    items: Type.Array(PriceItem, { minItems: 1, description: 'The items of this group, in order.' }),
  },
  { additionalProperties: false, description: 'A group of prices under one heading.' },
);

const props = Type.Object(
  {
    heading: Text('The heading above the prices.', { default: 'Prices' }),
    intro: Type.Optional(Text('A sentence under the heading.')),
    groups: Type.Array(Group, { minItems: 1, maxItems: 12, description: 'The groups of prices, each with its own heading.' }),
    footnote: Type.Optional(Text('Small print under the prices, such as "Prices include tax. Estimates are free."')),
    itemLabel: Text('The column heading for what is priced, read out by screen readers.', { default: 'Service' }),
  },
  { additionalProperties: false },
);

export const priceList = defineBlock({
  type: 'price-list',
  title: 'Price list',
  description: 'Prices in groups, each a table of items with an optional description and note.',
  props,
  Component({ heading, intro, groups, footnote, itemLabel = 'Service' }) {
    const id = useId();
    return (
      <section className="block price-list">
        <div className="container narrow">
          <h2>{heading}</h2>
          {intro ? <p className="lede">{intro}</p> : null}
          {groups.map((group, g) => (
            <div key={g} className="price-group">
              <h3 id={`${id}-${g}`} className="price-group-name">
                {group.name}
              </h3>
              <table className="price-table" aria-labelledby={`${id}-${g}`}>
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="visually-hidden">{itemLabel}</span>
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">Price</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {group.items.map((item, i) => (
                    <tr key={i}>
                      <th scope="row">
                        <span className="price-name">{item.name}</span>
                        {item.description ? (
                          <>
                            {' '}
                            <span className="price-description">{item.description}</span>
                          </>
                        ) : null}
                      </th>
                      <td>
                        <span className="price-amount">{item.price}</span>
                        {item.note ? (
                          <>
                            {' '}
                            <span className="price-note">{item.note}</span>
                          </>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
          {footnote ? <p className="price-footnote">{footnote}</p> : null}
        </div>
      </section>
    );
  },
  example: {
    heading: 'Prices',
    intro: 'What a visit costs without insurance. We confirm every price with you before treatment.',
    groups: [
      {
        name: 'Check-ups',
        items: [
          { name: 'New patient exam', price: '$120', description: 'Full exam, X-rays and a treatment plan.', note: 'most plans cover this' },
          { name: 'Routine check-up and cleaning', price: '$89' },
          { name: "Child's check-up", price: '$55', description: 'Up to age 12.' },
        ],
      },
      {
        name: 'Treatments',
        items: [
          { name: 'Tooth-coloured filling', price: 'From $150', note: 'per tooth' },
          { name: 'Crown', price: 'From $950' },
          { name: 'Take-home whitening kit', price: '$320', description: 'Custom trays and gel, with a check-in visit.' },
        ],
      },
    ],
    footnote: 'Payment plans are available for treatments over $500.',
    itemLabel: 'Service',
  },
});
