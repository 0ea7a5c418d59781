/**
 * Sample pictures for the templates whose pages are made of pictures (a photographer's gallery, a
 * garden designer's projects): small drawn landscapes, written into the new site's media folder so
 * that the page works at once, and meant to be replaced by the owner's own photographs.
 */
import type { BlockData } from '../../schema/common.ts';

export interface Scene {
  /** The file name in the media folder, such as gallery/meadow.svg. */
  src: string;
  /** What the picture shows, for people who cannot see it. */
  alt: string;
  caption: string;
  /** Sky from top to horizon, the sun (or moon), and the far and near ground. */
  sky: [string, string];
  sun: string;
  far: string;
  near: string;
  /** Where the sun stands, from 0 (left) to 1 (right), and how high, from 0 (horizon) to 1. */
  sunAt: [number, number];
}

export const WIDTH = 1200;
export const HEIGHT = 800;

/** A landscape of sky, sun and two rolling hills, as an SVG file of about a kilobyte. */
export function landscape(scene: Scene): string {
  const [x, y] = scene.sunAt;
  const horizon = HEIGHT * 0.62;
  const id = scene.src.replace(/[^a-z0-9]/gi, '');
  const title = scene.alt.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <title>${title}</title>
  <defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${id})"/>
  <circle cx="${Math.round(WIDTH * x)}" cy="${Math.round(horizon - (horizon - 80) * y)}" r="70" fill="${scene.sun}"/>
  <path d="M0 ${horizon} C 300 ${horizon - 120}, 600 ${horizon + 40}, ${WIDTH} ${horizon - 60} V ${HEIGHT} H 0 Z" fill="${scene.far}"/>
  <path d="M0 ${horizon + 130} C 400 ${horizon + 30}, 800 ${horizon + 190}, ${WIDTH} ${horizon + 90} V ${HEIGHT} H 0 Z" fill="${scene.near}"/>
</svg>
`;
}

/** A gallery block of the scenes, and the files it needs. */
export function sceneGallery(heading: string, intro: string, scenes: Scene[]): { block: BlockData; media: Record<string, string> } {
  return {
    block: {
      type: 'gallery',
      heading,
      intro,
      images: scenes.map((s) => ({ src: s.src, alt: s.alt, width: WIDTH, height: HEIGHT, caption: s.caption })),
    },
    media: Object.fromEntries(scenes.map((s) => [s.src, landscape(s)])),
  };
}
