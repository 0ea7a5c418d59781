/**
 * Sends a site's media file from the file it opened (media-file.ts), never from its name again:
 * what was checked is what is sent. With what a browser needs of a file server: a validator to
 * ask again with (ETag, Last-Modified, 304) and one byte range, for audio and video to seek in.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { typeOfMedia } from '../config/media.ts';
import { openMediaFile, type MediaSource } from '../media-file.ts';

/** The one range asked for, as [start, end] inclusive; undefined for the whole file; null when it cannot be met. */
function rangeOf(header: string | undefined, size: number): [number, number] | undefined | null {
  const m = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!header) return undefined;
  // Several ranges, or another unit: the whole file, which a client must accept.
  if (!m || (!m[1] && !m[2])) return undefined;
  const [start, end] = m[1] ? [Number(m[1]), m[2] ? Math.min(Number(m[2]), size - 1) : size - 1] : [Math.max(0, size - Number(m[2])), size - 1];
  return start <= end && start < size ? [start, end] : null;
}

/** Sends the file, or answers false (nothing sent) when it is no longer a file of the media folder. */
export async function sendMediaFile(request: FastifyRequest, reply: FastifyReply, source: MediaSource, cacheControl: string): Promise<boolean> {
  const opened = await openMediaFile(source);
  if (!opened) return false;
  const { handle, size, modified } = opened;
  const etag = `W/"${size.toString(16)}-${modified.getTime().toString(16)}"`;
  reply
    .header('content-type', typeOfMedia(source.name))
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('last-modified', modified.toUTCString())
    .header('accept-ranges', 'bytes');
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  const fresh = request.headers['if-none-match'] ? request.headers['if-none-match'] === etag : since >= Math.floor(modified.getTime() / 1000) * 1000;
  const range = rangeOf(request.headers.range, size);
  if (fresh || range === null || request.method === 'HEAD' || size === 0) {
    await handle.close();
    if (fresh) reply.code(304).send();
    else if (range === null) reply.code(416).header('content-range', `bytes */${size}`).send();
    else reply.header('content-length', size).send();
    return true;
  }
  const [start, end] = range ?? [0, size - 1];
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
  reply.header('content-length', end - start + 1).send(handle.createReadStream({ start, end }));
  return true;
}
