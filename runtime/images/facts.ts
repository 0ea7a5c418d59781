/**
 * What a site's pictures are, read from their files when the site loads: their real size, their
 * format, whether they have transparency or frames, and a hash of their bytes that names their
 * sized copies. Each file is read once per process while its size and modification time stay the
 * same, so reloading a fleet reads again only the pictures that changed.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export type PictureFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'svg';

export interface ImageFacts {
  /** The first 16 hex digits of the SHA-256 of the file: its sized copies are named by it. */
  hash: string;
  format: PictureFormat;
  /** The size as shown, after the turn its EXIF orientation asks for. */
  width: number;
  height: number;
  /** Transparent parts: the copies for browsers without AVIF and WebP are then PNG, not JPEG. */
  alpha: boolean;
  /** More than one frame (an animated GIF or WebP): served as it is, never resized. */
  animated: boolean;
}

/** The pictures of a media folder: what each one is, and the ones that could not be read as pictures (and why). */
export interface Pictures {
  images: Map<string, ImageFacts>;
  unreadable: Map<string, string>;
}

/** Which MIME types are pictures we read, and as what. */
const FORMATS: Record<string, PictureFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
};

type Read = { facts: ImageFacts } | { unreadable: string };

/** Files read so far, by absolute path, with the size, time and inode they had: a reload asks the disk only for those. */
const memo = new Map<string, { stamp: string; read: Read }>();
/** Enough for the pictures of thousands of sites; past it the oldest are read again when next needed. */
const MEMO_MOST = 50_000;

let sharpModule: Promise<typeof import('sharp').default> | undefined;
/** sharp is loaded on the first picture, so a fleet without any never pays for its native library. */
export const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default));

let reads = 0;

async function readOne(file: string, format: PictureFormat): Promise<Read> {
  reads++;
  const bytes = await readFile(file);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  try {
    const sharp = await loadSharp();
    const meta = await sharp(bytes, { animated: true }).metadata();
    if (!meta.width || !meta.height) return { unreadable: 'its size cannot be read from it' };
    // EXIF orientations 5 to 8 turn the picture a quarter: browsers show it taller than it is stored.
    const turned = (meta.orientation ?? 1) >= 5;
    // With `animated`, the height is of every frame stacked; one frame is pageHeight high.
    const height = meta.pages && meta.pages > 1 && meta.pageHeight ? meta.pageHeight : meta.height;
    return {
      facts: {
        hash,
        format,
        width: turned ? height : meta.width,
        height: turned ? meta.width : height,
        alpha: Boolean(meta.hasAlpha),
        animated: (meta.pages ?? 1) > 1,
      },
    };
  } catch (error) {
    return { unreadable: `it cannot be read as a picture (${error instanceof Error ? error.message.trim() : String(error)})` };
  }
}

/**
 * Reads the pictures among a media folder's files (name → MIME type, as read from their bytes), a
 * few at a time. A file already read whose size and time have not changed is not read again.
 */
export async function readPictures(folder: string, types: ReadonlyMap<string, string>): Promise<Pictures> {
  const images = new Map<string, ImageFacts>();
  const unreadable = new Map<string, string>();
  const queue = [...types].filter(([, type]) => FORMATS[type]);
  const next = async (): Promise<void> => {
    const entry = queue.shift();
    if (!entry) return;
    const [name, type] = entry;
    const file = join(folder, name);
    const info = await stat(file);
    const stamp = `${info.size}:${info.mtimeMs}:${info.ino}`;
    let known = memo.get(file);
    if (known?.stamp !== stamp) {
      known = { stamp, read: await readOne(file, FORMATS[type] as PictureFormat) };
      memo.delete(file);
      memo.set(file, known);
      if (memo.size > MEMO_MOST) memo.delete(memo.keys().next().value as string);
    }
    if ('facts' in known.read) images.set(name, known.read.facts);
    else unreadable.set(name, known.read.unreadable);
    return next();
  };
  await Promise.all([next(), next(), next(), next()]);
  return { images: new Map([...images].sort(([a], [b]) => a.localeCompare(b))), unreadable };
}

/** How many picture files this process has read whole: a second load of an unchanged folder adds none. */
export const picturesRead = () => reads;
