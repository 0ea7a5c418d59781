/**
 * The sized copies of a picture: which widths and formats it gets, what each copy is called, and
 * the address it is served at. Pure: the server, the renderer and the static export all name
 * copies through here, so a page never points at a copy the server would not make.
 */
import type { ImageFacts } from './facts.ts';

/** The folder under a site's media address where its copies are served: /<prefix>/media/_v/<hash>-<width>.<ending>. */
export const VARIANTS_FOLDER = '_v';

/** Widths made for every photo, never wider than the file itself. */
export const WIDTHS = [320, 640, 960, 1280, 1920] as const;

export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export const ENDINGS: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };
export const MIME: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

export interface VariantPlan {
  widths: number[];
  /** For browsers without AVIF and WebP: JPEG, or PNG for a picture with transparent parts. */
  fallback: 'jpeg' | 'png';
  formats: VariantFormat[];
}

/** The copies a picture gets, or none for an SVG (it scales itself) or an animated picture (a copy would lose its frames). */
export function planOf(facts: ImageFacts): VariantPlan | undefined {
  if (facts.format === 'svg' || facts.animated) return undefined;
  const largest = Math.min(facts.width, WIDTHS[WIDTHS.length - 1] as number);
  const widths = [...WIDTHS.filter((w) => w < largest), largest];
  const fallback = facts.alpha ? 'png' : 'jpeg';
  return { widths, fallback, formats: ['avif', 'webp', fallback] };
}

/** The file name of one copy, under the variants folder. */
export const variantName = (hash: string, width: number, format: VariantFormat) => `${hash}-${width}.${ENDINGS[format]}`;

const NAME = /^([0-9a-f]{16})-([1-9][0-9]{0,4})\.(avif|webp|jpg|png)$/;

/** A copy's file name taken apart, or undefined for any name this module could not have made. */
export function parseVariantName(name: string): { hash: string; width: number; format: VariantFormat } | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  const format = (Object.keys(ENDINGS) as VariantFormat[]).find((f) => ENDINGS[f] === m[3]) as VariantFormat;
  return { hash: m[1] as string, width: Number(m[2]), format };
}

/** Whether a picture's plan has this copy: only those are made, whatever a request asks for. */
export const offers = (facts: ImageFacts, width: number, format: VariantFormat) => {
  const plan = planOf(facts);
  return Boolean(plan && plan.widths.includes(width) && plan.formats.includes(format));
};

/** The address a copy is served at, under the site's prefix. */
export const variantUrl = (prefix: string, hash: string, width: number, format: VariantFormat) =>
  `/${prefix}/media/${VARIANTS_FOLDER}/${variantName(hash, width, format)}`;
