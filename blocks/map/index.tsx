import { Type } from '@sinclair/typebox';
import { Text } from '../../schema/common.ts';
import type { SiteData } from '../../schema/site.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import { defineBlock, type BlockIssue } from '../contract.ts';
import { MAP_PARAM, MapView, type MapPlace } from './MapView.tsx';
import { directionsUrl, mapKey, OSM_ORIGIN, viewUrl, type Point } from './osm.ts';

const props = Type.Object(
  {
    heading: Text('The heading above the map.', { default: 'Find us' }),
    intro: Type.Optional(Text('A sentence under the heading, such as where to park or which door to use.')),
    lat: Type.Optional(
      Type.Number({
        minimum: -90,
        maximum: 90,
        description:
          'Latitude of the place in decimal degrees, such as 45.5231 (north of the equator is positive). With "lng", it gives the "Show map" button; on openstreetmap.org, right-click the place and choose "Show address" to read both.',
      }),
    ),
    lng: Type.Optional(
      Type.Number({
        minimum: -180,
        maximum: 180,
        description: 'Longitude of the place in decimal degrees, such as -122.6765 (west of Greenwich is negative).',
      }),
    ),
    zoom: Type.Integer({
      minimum: 3,
      maximum: 19,
      default: 16,
      description: 'How close the map is: 16 shows the streets around the place, 13 the town, 18 the buildings.',
    }),
    place: Type.Optional(Text('The name of the place, as the map is named for screen readers ("Map of …"). The site\'s name when left out.')),
    address: Type.Optional(
      Text('The address shown above the links, on one line, when the place is not the site\'s own address ("site.address", shown when this is left out).'),
    ),
    directions: Type.Boolean({ default: true, description: 'Show a "Get directions" link to OpenStreetMap\'s route planner.' }),
  },
  { additionalProperties: false },
);

type Address = NonNullable<SiteData['site']['address']>;

const addressLines = (a: Address) => [a.street, [a.locality, [a.region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')];
const pointOf = ({ lat, lng }: { lat?: number; lng?: number }): Point | undefined => (lat !== undefined && lng !== undefined ? { lat, lng } : undefined);

export const map = defineBlock({
  type: 'map',
  title: 'Map',
  description:
    'Where to find the place: its address with links to OpenStreetMap and to directions, and a "Show map" button that shows the map on the page. Nothing is loaded from OpenStreetMap until a visitor presses it.',
  props,
  Component: MapView,
  // A static export cannot answer ?map= on a server: its island reads it once the map is near the screen.
  island: { module: './MapView.tsx', export: 'MapView', hydrate: (ctx) => (ctx.exported ? 'visible' : 'interaction') },
  frames: (p) => (pointOf(p) ? [OSM_ORIGIN] : []),
  islandProps(p, ctx): { view: MapPlace } {
    const id = ctx.site.data.site;
    const point = pointOf(p);
    const lines = p.address ? [p.address] : id.address ? addressLines(id.address) : [];
    const searchable = p.address ?? (id.address ? [...addressLines(id.address), id.address.country].join(', ') : id.name);
    const key = point ? mapKey(point) : 'place';
    return {
      view: {
        place: p.place ?? id.name,
        lines,
        href: viewUrl(point, p.zoom, searchable),
        ...(p.directions ? { directions: directionsUrl(point, searchable) } : {}),
        action: publicPath(ctx.site.prefix, ctx.target.path),
        key,
        shown: Boolean(point) && ctx.query[MAP_PARAM] === key,
      },
    };
  },
  example: {
    heading: 'Find the workshop',
    intro: 'Round the back of the old mill: ride through the arch and the door is on your left. Bike racks outside.',
    lat: 45.5231,
    lng: -122.6765,
    zoom: 17,
    place: 'the workshop',
    directions: true,
  },
  check(p, site) {
    const issues: BlockIssue[] = [];
    if ((p.lat === undefined) !== (p.lng === undefined)) {
      const [has, lacks] = p.lat === undefined ? ['lng', 'lat'] : ['lat', 'lng'];
      issues.push({
        path: [],
        target: 'key',
        code: 'SW_MISSING_KEY',
        detail: `The map has "${has}" but no "${lacks}": the map needs both to show the place.`,
        fix: `add "${lacks}:" beside "${has}:" (on openstreetmap.org, right-click the place and choose "Show address" to read both), or remove "${has}".`,
      });
    }
    const siteAddress = (site.site as { address?: unknown } | undefined)?.address;
    if (p.lat === undefined && p.lng === undefined && !p.address && !siteAddress)
      issues.push({
        path: [],
        target: 'key',
        code: 'SW_MISSING_KEY',
        detail: 'The map has no place to show: no "lat" and "lng", no "address", and the site has no "address" either.',
        fix: 'add "lat:" and "lng:" for the place, or "address:" with its address on one line.',
      });
    return issues;
  },
});
