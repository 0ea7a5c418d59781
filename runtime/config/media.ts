/**
 * What a site's media folder may serve: pictures, PDFs, fonts, sound and video, checked from
 * each file's bytes when the site loads, with a name ending that says the same. Anything else
 * (a web page, a script, a file whose bytes and name disagree) would run on the shared origin of
 * every site, so it is refused with a problem and never served.
 */
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

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

export async function checkMedia(folder: string, names: Iterable<string>): Promise<{ allowed: Set<string>; refused: RefusedMedia[] }> {
  const allowed = new Set<string>();
  const refused: RefusedMedia[] = [];
  for (const name of names) {
    const ending = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
    const types = ALLOWED[ending];
    if (!types) {
      refused.push({
        name,
        reason: ending ? `a ".${ending}" file is not a picture, PDF, font, sound or video` : 'a file without a name ending such as .jpg cannot be served',
      });
      continue;
    }
    const bytes = await head(join(folder, name));
    const type = ending === 'svg' ? (isSvg(bytes) ? 'image/svg+xml' : undefined) : (await fileTypeFromBuffer(bytes))?.mime;
    if (type && types.includes(type)) allowed.add(name);
    else
      refused.push({
        name,
        reason: `its content is ${type ? `a ${type} file` : 'not a file of any type we serve'}, not the ${ending.toUpperCase()} its name says`,
      });
  }
  return { allowed, refused };
}
