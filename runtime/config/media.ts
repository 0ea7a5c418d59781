/**
 * What a site's media folder may serve: pictures, PDFs, fonts, sound and video, checked from
 * each file's bytes when the site loads, with a name ending that says the same. Anything else
 * (a web page, a script, a file whose bytes and name disagree) would run on the shared origin of
 * every site, so it is refused with a problem and never served.
 */
import { open, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { readPictures, type ImageFacts } from '../images/facts.ts';
import { VARIANTS_FOLDER } from '../images/variants.ts';

/** The name endings allowed, and the types the bytes may show for each. */
const ALLOWED: Record<string, readonly string[]> = {
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  avif: ['image/avif'],
  ico: ['image/x-icon', 'image/vnd.microsoft.icon'],
  svg: ['image/svg+xml'],
  pdf: ['application/pdf'],
  woff: ['font/woff'],
  woff2: ['font/woff2'],
  ttf: ['font/ttf'],
  otf: ['font/otf'],
  mp3: ['audio/mpeg'],
  m4a: ['audio/x-m4a', 'audio/mp4', 'video/mp4'],
  ogg: ['audio/ogg', 'video/ogg', 'audio/opus'],
  wav: ['audio/wav', 'audio/vnd.wave', 'audio/x-wav'],
  mp4: ['video/mp4'],
  webm: ['video/webm'],
};

export interface RefusedMedia {
  name: string;
  reason: string;
  /** What the bytes are, when they are a type we know but the name says another. */
  found?: string;
}

/** What loading a site knows of its media folder beyond the names it may serve. */
export interface MediaFacts {
  /** Each file that may be served, and its MIME type as read from its bytes. */
  types: ReadonlyMap<string, string>;
  /** The pictures among them: real size, format and hash. */
  images: ReadonlyMap<string, ImageFacts>;
  /** Pictures whose bytes could not be read as a picture, and why. */
  unreadable: ReadonlyMap<string, string>;
  /** Files that cannot be served, and why. */
  refused: ReadonlyMap<string, RefusedMedia>;
}

/** An SVG is text: its start must be an <svg> element (after an optional XML declaration, doctype and comments). */
const isSvg = (head: Buffer) =>
  /^(\uFEFF)?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head.toString('utf8'));

async function head(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function checkMedia(
  folder: string,
  names: Iterable<string>,
): Promise<{ allowed: Set<string>; refused: RefusedMedia[]; types: Map<string, string> }> {
  const allowed = new Set<string>();
  const refused: RefusedMedia[] = [];
  const types = new Map<string, string>();
  for (const name of names) {
    if (name.startsWith(`${VARIANTS_FOLDER}/`)) {
      refused.push({ name, reason: `the folder "${VARIANTS_FOLDER}" is where Sitewright serves the sized copies it makes of pictures` });
      continue;
    }
    const ending = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
    const expected = ALLOWED[ending];
    if (!expected) {
      refused.push({
        name,
        reason: ending ? `a ".${ending}" file is not a picture, PDF, font, sound or video` : 'a file without a name ending such as .jpg cannot be served',
      });
      continue;
    }
    const bytes = await head(join(folder, name));
    const type = ending === 'svg' ? (isSvg(bytes) ? 'image/svg+xml' : undefined) : (await (await import('file-type')).fileTypeFromBuffer(bytes))?.mime;
    if (type && expected.includes(type)) {
      allowed.add(name);
      types.set(name, type);
    } else
      refused.push({
        name,
        reason: `its content is ${type ? `a ${type} file` : 'not a file of any type we serve'}, not the ${ending.toUpperCase()} its name says`,
        ...(type ? { found: type } : {}),
      });
  }
  return { allowed, refused, types };
}

/** Every file under a folder, as paths relative to it with "/" between folders; none when the folder does not exist. */
export async function listMedia(dir: string): Promise<Set<string>> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return new Set(entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/')));
  } catch {
    return new Set();
  }
}

/** A site's media folder as loading needs it: the files it may serve, the ones refused, and what each picture is. */
export async function readMedia(folder: string): Promise<{ allowed: Set<string>; refused: RefusedMedia[]; facts: MediaFacts }> {
  const { allowed, refused, types } = await checkMedia(folder, await listMedia(folder));
  const { images, unreadable } = await readPictures(folder, types);
  return { allowed, refused, facts: { types, images, unreadable, refused: new Map(refused.map((r) => [r.name, r])) } };
}

/** The name endings a file of a MIME type may have: what a file whose name says otherwise could be renamed to. */
export const endingsOf = (type: string): string[] =>
  Object.entries(ALLOWED)
    .filter(([, types]) => types.includes(type))
    .map(([ending]) => ending);

/** The type a media file is sent as, from its name ending (its bytes were checked to agree when the site loaded). */
export const typeOfMedia = (name: string): string => ALLOWED[/\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '']?.[0] ?? 'application/octet-stream';
