/**
 * What the page needs to show one picture: its address and size, and for a photo the sized copies
 * in AVIF, WebP and JPEG (or PNG) with the widths the browser may choose from. Plain JSON, so an
 * island (a product's photos) gets the same as the server render.
 */
import type { Image } from '../../schema/common.ts';
import type { Site } from '../site.ts';
import type { ImageFacts } from './facts.ts';
import { MIME, planOf, variantUrl } from './variants.ts';

export interface ImageView {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  /** For a photo with copies: how wide it shows, and the copies to choose from. */
  sizes?: string;
  srcset?: string;
  sources?: { type: string; srcset: string }[];
}

/** The size to write on the page: the author's, or one side from the file's shape, or the file's own. */
export function shownSize(image: Pick<Image, 'width' | 'height'>, facts: ImageFacts | undefined): { width?: number; height?: number } {
  if (!facts || (image.width && image.height)) return { width: image.width, height: image.height };
  if (image.width) return { width: image.width, height: Math.round((image.width * facts.height) / facts.width) };
  if (image.height) return { width: Math.round((image.height * facts.width) / facts.height), height: image.height };
  return { width: facts.width, height: facts.height };
}

/** A logo more than three times as wide as it is high holds the name itself: the header shows it without the name beside it. */
const WIDE_LOGO = 3;

/** Whether a logo, at the size it is shown, is a wide one that stands for the name (see WIDE_LOGO). */
export function isWideLogo(image: Pick<Image, 'width' | 'height'>, facts: ImageFacts | undefined): boolean {
  const { width, height } = shownSize(image, facts);
  return Boolean(width && height && width / height > WIDE_LOGO);
}

/** The width of the copy a browser that reads no srcset gets: a middling one. */
const FALLBACK_WIDTH = 960;

export function imageView(site: Pick<Site, 'prefix' | 'images'>, image: Image, sizes: string): ImageView {
  const facts = site.images.get(image.src);
  const size = shownSize(image, facts);
  const plain: ImageView = { src: `/${site.prefix}/media/${image.src}`, alt: image.alt, ...size };
  const plan = facts && planOf(facts);
  if (!facts || !plan) return plain;
  const srcset = (format: (typeof plan.formats)[number]) => plan.widths.map((w) => `${variantUrl(site.prefix, facts.hash, w, format)} ${w}w`).join(', ');
  // The widths rise, and the first is never above 320: one of them is at most FALLBACK_WIDTH.
  const fallbackWidth = Math.max(...plan.widths.filter((w) => w <= FALLBACK_WIDTH));
  return {
    ...plain,
    src: variantUrl(site.prefix, facts.hash, fallbackWidth, plan.fallback),
    sizes,
    srcset: srcset(plan.fallback),
    sources: (['avif', 'webp'] as const).map((format) => ({ type: MIME[format], srcset: srcset(format) })),
  };
}

/** The width a logo shows at in a band this many CSS pixels high, no wider than `most`: for its `sizes`. */
export function logoSizes(site: Pick<Site, 'images'>, image: Image, high: number, most: number): string {
  const { width, height } = shownSize(image, site.images.get(image.src));
  const wide = width && height ? Math.round((high * width) / height) : most;
  return `${Math.min(wide, most)}px`;
}
