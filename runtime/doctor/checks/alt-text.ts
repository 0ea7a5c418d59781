/** 2. Images whose alt text tells people who cannot see them nothing. */
import { isWideLogo } from '../../images/view.ts';
import { describeObject } from '../../config/describe.ts';
import { address, get, spot, type Draft, type Exam, type Path } from '../exam.ts';

const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|hei[cf]|svg|tiff?|bmp)$/i;
/** Names cameras and phones give photos: IMG_2041, DSC00123, PXL_20240101, "WhatsApp Image 2024-...". */
const CAMERA_NAME = /^(img|dsc[nf]?|dcim|pxl|mvimg|gopr|screenshot|screen shot|whatsapp image)[\s_-]*\d/i;
/** Words that only say there is a picture. */
const GENERIC = new Set(
  'image img photo photograph picture pic logo icon banner graphic screenshot untitled thumbnail placeholder hero cover headshot portrait avatar illustration alt text here'.split(
    ' ',
  ),
);
/** Words that add nothing in front of a generic one: "our logo", "main image", "hero photo". */
const FILLER = new Set([
  'a',
  'an',
  'the',
  'our',
  'my',
  'your',
  'this',
  'company',
  'business',
  'site',
  'website',
  'main',
  'header',
  'featured',
  'stock',
  'default',
  'profile',
  'background',
  'brand',
  'new',
  'of',
]);

/** What is wrong with an alt text that is not empty, or undefined. */
export function altFault(alt: string, src: string): 'file' | 'generic' | undefined {
  const text = alt.trim();
  if (!text) return undefined;
  const base = src.split('/').pop() ?? src;
  const lower = text.toLowerCase();
  const words = lower
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^\d+$/.test(w));
  if (!IMAGE_FILE.test(text) && words.length && words.every((w) => GENERIC.has(w) || FILLER.has(w))) return 'generic';
  if (IMAGE_FILE.test(text) || CAMERA_NAME.test(text) || [src, base, base.replace(/\.[^.]+$/, '')].some((s) => s.toLowerCase() === lower)) return 'file';
  if (!/\s/.test(text) && (text.includes('_') || (/^[a-z]+(-[a-z0-9]+)+$/i.test(text) && /\d/.test(text)))) return 'file';
  return undefined;
}

interface Found {
  path: Path;
  src: string;
  alt: string;
}

function* images(value: unknown, path: Path): Generator<Found> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* images(value[i], [...path, i]);
  } else if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.src === 'string' && typeof v.alt === 'string') yield { path, src: v.src, alt: v.alt };
    for (const [key, child] of Object.entries(v)) yield* images(child, [...path, key]);
  }
}

/** The block an image is in, if it is in one: its path and type. */
function blockOf(root: unknown, path: Path): { path: Path; type: string } | undefined {
  for (let i = path.length - 1; i > 0; i--) {
    if (path[i - 1] === 'blocks' && typeof path[i] === 'number') {
      const type = (get(root, path.slice(0, i + 1)) as { type?: unknown } | undefined)?.type;
      return typeof type === 'string' ? { path: path.slice(0, i + 1), type } : undefined;
    }
  }
  return undefined;
}

const NOUNS: Record<string, string> = { cards: 'card', images: 'photo', items: 'entry' };

/** Where an image is, in words: "card 2 of the cards block on the page "/"", "the site logo". */
function whereIs(root: unknown, path: Path, block: { path: Path } | undefined): string {
  if (path.length === 2 && path[0] === 'site' && path[1] === 'logo') return 'the site logo';
  if (!block) return path[0] === 'collections' && path.length === 5 ? `the picture of ${describeObject(root, path.slice(0, 4))}` : describeObject(root, path);
  const words = describeObject(root, block.path);
  const rest = path.slice(block.path.length);
  const at = rest.findIndex((s) => typeof s === 'number');
  return at > 0 ? `${NOUNS[String(rest[at - 1])] ?? 'entry'} ${(rest[at] as number) + 1} of ${words}` : words;
}

export function altText(exam: Exam): Draft[] {
  const { site } = exam;
  const root = site.data;
  const drafts: Draft[] = [];
  for (const { path, src, alt } of images(root, [])) {
    const block = blockOf(root, path);
    const where = whereIs(root, path, block);
    const isLogo = path.length === 2 && path[0] === 'site' && path[1] === 'logo';
    // An item's picture is the image of its own page and of every link shared to it, when it has a page.
    const item =
      path[0] === 'collections' && path[2] === 'items' && path.length === 5 && path[4] === 'image'
        ? site.collections.get(String(path[1]))?.items[path[3] as number]
        : undefined;
    const fault = altFault(alt, src);
    const kindOfImages = block ? site.blocks[block.type]?.images : undefined;
    if (fault) {
      drafts.push({
        code: 'SW_ALT_TEXT',
        at: spot(exam, [...path, 'alt']),
        detail:
          fault === 'file'
            ? `The alt text of "${src}" (${where}) is a file name, "${alt.trim()}": people who cannot see the image hear that read out instead of what it shows.`
            : `The alt text of "${src}" (${where}) says only "${alt.trim()}", which tells people who cannot see the image nothing about what it shows.`,
        fix: isLogo
          ? isWideLogo(root.site.logo ?? {}, site.images.get(src))
            ? `say whose logo it is, such as "${root.site.name} logo": the header reads out the site's name for this wide logo, but link previews show this text.`
            : `say whose logo it is, such as "${root.site.name} logo", or write "" because the name is written beside it in the header.`
          : kindOfImages === 'logos'
            ? 'say whose logo it is, or write "" to have the name of the entry read out.'
            : 'describe what the image shows in a few words, as you would to someone on the phone.',
      });
    } else if (!alt.trim() && (item?.path || kindOfImages === 'content')) {
      drafts.push({
        code: 'SW_ALT_TEXT',
        at: spot(exam, [...path, 'alt']),
        detail: `"${src}" (${where}) has empty alt text, which marks it as decoration, but ${item ? `it is the picture of ${address(site, item.path as string)} and of every link shared to it` : 'a photo in a gallery is the content itself'}: screen readers skip it.`,
        fix: 'describe what the image shows in a few words, as you would to someone on the phone.',
      });
    }
  }
  return drafts;
}
