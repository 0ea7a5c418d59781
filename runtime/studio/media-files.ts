/**
 * The site's media folder as the studio shows it, and an upload put into it: the name made safe
 * (lowercase, dashes), only pictures and PDFs, the bytes checked to be what the name says with
 * the same check a site's load makes, the size within its budget, and the file moved in whole
 * (written beside the sites first, then renamed), so a reload never reads half a picture.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { checkMedia, listMedia } from '../config/media.ts';

export interface MediaEntry {
  name: string;
  /** As the document writes it: a picture's name (an image's `src` is relative to the media folder), a document's link (/media/<name>). */
  path: string;
  type: 'image' | 'document';
  bytes: number;
}

const PICTURES = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'gif', 'svg'];
const UPLOADABLE = [...PICTURES, 'pdf'];
const SHOWN_MOST = 500;

const typeOf = (name: string): MediaEntry['type'] => (PICTURES.includes(name.split('.').pop()?.toLowerCase() ?? '') ? 'image' : 'document');
const pathOf = (name: string) => (typeOf(name) === 'image' ? name : `/media/${name}`);

export async function mediaEntries(sitesDir: string, prefix: string): Promise<MediaEntry[]> {
  const folder = join(sitesDir, prefix, 'media');
  const names = [...(await listMedia(folder))].filter((n) => !n.startsWith('_v/') && !n.split('/').some((part) => part.startsWith('.'))).sort();
  const entries = await Promise.all(
    names.slice(0, SHOWN_MOST).map(async (name) => {
      const bytes = await stat(join(folder, name)).then(
        (s) => s.size,
        () => -1,
      );
      return { name, path: pathOf(name), type: typeOf(name), bytes };
    }),
  );
  return entries.filter((m) => m.bytes >= 0);
}

/** A file's name as a web address can carry it: "Shop Front (1).JPG" → "shop-front-1.jpg"; undefined for a type that cannot be uploaded. */
export function safeMediaName(filename: string): string | undefined {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const ending = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  if (!UPLOADABLE.includes(ending)) return undefined;
  const stem = base
    .slice(0, dot)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${stem || 'file'}.${ending === 'jpeg' ? 'jpg' : ending}`;
}

export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Puts the upload in the site's media folder under a safe name not taken yet; refused (and
 * nothing kept) when the type is not allowed, the bytes are not what the name says, or it is
 * larger than `maxBytes` (`truncated` says the stream was cut at the limit).
 */
export async function saveUpload(
  sitesDir: string,
  prefix: string,
  filename: string,
  file: Readable & { truncated?: boolean },
  maxBytes: number,
): Promise<MediaEntry> {
  const name = safeMediaName(filename);
  if (!name) {
    file.resume();
    throw new UploadRefused('Only pictures (JPEG, PNG, WebP, AVIF, GIF, SVG) and PDF documents can be uploaded here.', 415);
  }
  const scratch = join(sitesDir, '.studio-uploads', randomBytes(8).toString('hex'));
  await mkdir(scratch, { recursive: true });
  try {
    await pipeline(file, createWriteStream(join(scratch, name)));
    if (file.truncated)
      throw new UploadRefused(
        `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB: make it smaller (a photo 2000 pixels wide is plenty) and try again.`,
        413,
      );
    const { refused } = await checkMedia(scratch, [name]);
    if (refused.length) throw new UploadRefused(`This file cannot be used: ${refused[0]?.reason}.`, 415);
    const folder = join(sitesDir, prefix, 'media');
    await mkdir(folder, { recursive: true });
    const taken = await listMedia(folder);
    let final = name;
    for (let n = 2; taken.has(final); n++) final = name.replace(/(\.[a-z0-9]+)$/, `-${n}$1`);
    await rename(join(scratch, name), join(folder, final));
    const { size } = await stat(join(folder, final));
    return { name: final, path: pathOf(final), type: typeOf(final), bytes: size };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
