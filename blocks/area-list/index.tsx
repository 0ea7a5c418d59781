import { Type } from '@sinclair/typebox';
import { CollectionName, Enum, Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { slugify } from '../../runtime/routing/slug.ts';
import type { Item } from '../../runtime/site.ts';
import { defineBlock } from '../contract.ts';

const props = Type.Object(
  {
    heading: Type.Optional(Text('A heading above the list, such as "Areas we serve".')),
    collection: CollectionName('Which areas to list: a collection of kind area.', 'area'),
    order: Enum(['alphabetical', 'as-written'], 'alphabetical sorts regions and the towns in each; as-written keeps the order of the YAML.', {
      default: 'alphabetical',
    }),
  },
  { additionalProperties: false },
);

interface Region {
  label: string;
  areas: Item<'area'>[];
}

/** Areas grouped by region (regions written differently but with the same slug are one). */
export function byRegion(items: readonly Item<'area'>[], alphabetical: boolean): Region[] {
  const regions = new Map<string, Region>();
  for (const area of items) {
    const key = slugify(area.data.region);
    const region = regions.get(key) ?? { label: area.data.region, areas: [] };
    region.areas.push(area);
    regions.set(key, region);
  }
  const list = [...regions.values()];
  if (!alphabetical) return list;
  const by = (a: string, b: string) => a.localeCompare(b);
  for (const region of list) region.areas.sort((a, b) => by(a.data.city, b.data.city));
  return list.sort((a, b) => by(a.label, b.label));
}

export const areaList = defineBlock({
  type: 'area-list',
  title: 'Area list',
  description: 'Every town or city of an areas collection, grouped by region, each linking to its own page.',
  props,
  Component({ heading, collection, order = 'alphabetical' }) {
    const { site } = useRender();
    const href = useHref();
    // The site does not load unless `collection` holds areas.
    const own = site.collections.get(collection);
    const regions = byRegion(own?.kind === 'area' ? own.items : [], order === 'alphabetical');
    const H = heading ? 'h3' : 'h2';
    return (
      <section className="block area-list">
        <div className="container">
          {heading ? <h2>{heading}</h2> : null}
          <div className="area-list-regions">
            {regions.map((region) => (
              <div key={region.label} className="area-list-region">
                <H>{region.label}</H>
                <ul>
                  {region.areas.map((area) => (
                    <li key={area.index}>{area.path ? <a href={href(area.path)}>{area.data.city}</a> : area.data.city}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </section>
    );
  },
  example: { heading: 'Areas we serve', collection: 'areas', order: 'alphabetical' },
});
