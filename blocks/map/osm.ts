/**
 * The addresses of OpenStreetMap a map block links to and frames: the place on the map, directions
 * to it, and the embedded map shown once a visitor asks. No key, no account, nothing fetched here.
 */

/** The one origin a map block's page may frame (its Content-Security-Policy's frame-src). */
export const OSM_ORIGIN = 'https://www.openstreetmap.org';

export interface Point {
  lat: number;
  lng: number;
}

/** The frame the box is worked out for, in CSS pixels: a frame at least this large shows the zoom asked for, a phone's one step out. */
const FRAME = { width: 400, height: 250 };

/** A coordinate as written in an address: at most six decimals (about 10 cm), without float noise. */
const degrees = (n: number) => String(Number(n.toFixed(6)));

/** The map around a point at a zoom level, as OpenStreetMap's embed page takes it: a box (west, south, east, north) and a marker. */
export function embedUrl({ lat, lng }: Point, zoom: number): string {
  // Web Mercator: 256 pixels span 360 degrees of longitude at zoom 0; a degree of latitude is taller by 1 / cos(lat).
  const perPixel = 360 / (256 * 2 ** zoom);
  const halfWide = (FRAME.width / 2) * perPixel;
  const halfHigh = (FRAME.height / 2) * perPixel * Math.cos((lat * Math.PI) / 180);
  const clampLat = (n: number) => Math.max(-85, Math.min(85, n));
  const box = [lng - halfWide, clampLat(lat - halfHigh), lng + halfWide, clampLat(lat + halfHigh)].map(degrees).join(',');
  return `${OSM_ORIGIN}/export/embed.html?bbox=${encodeURIComponent(box)}&layer=mapnik&marker=${encodeURIComponent(`${degrees(lat)},${degrees(lng)}`)}`;
}

/** The place on openstreetmap.org: a marker at the point, or a search for the address. */
export function viewUrl(point: Point | undefined, zoom: number, address: string): string {
  if (!point) return `${OSM_ORIGIN}/search?query=${encodeURIComponent(address)}`;
  const [lat, lng] = [degrees(point.lat), degrees(point.lng)];
  return `${OSM_ORIGIN}/?mlat=${lat}&mlon=${lng}#map=${zoom}/${lat}/${lng}`;
}

/** Directions to the place, from wherever the visitor says they start (OpenStreetMap asks). */
export function directionsUrl(point: Point | undefined, address: string): string {
  if (!point) return `${OSM_ORIGIN}/directions?to=${encodeURIComponent(address)}`;
  return `${OSM_ORIGIN}/directions?route=${encodeURIComponent(`;${degrees(point.lat)},${degrees(point.lng)}`)}`;
}

/** A short name for one map on its page, from its point: the value of `?map=` that shows it, and its anchor. */
export function mapKey({ lat, lng }: Point): string {
  let hash = 2166136261;
  for (const c of `${degrees(lat)},${degrees(lng)}`) hash = Math.imul(hash ^ c.charCodeAt(0), 16777619);
  return (hash >>> 0).toString(36);
}
