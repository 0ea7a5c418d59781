import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);

/** Below this a body is sent as it is: compressing saves less than the headers weigh. */
const MIN_COMPRESS = 512;

export type Encoding = 'br' | 'gzip';

/** The encoding a visitor's Accept-Encoding asks for first among ours. */
export function wantedEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  return /\bgzip\b/.test(acceptEncoding) ? 'gzip' : undefined;
}

/**
 * A response body kept as bytes and answered with an ETag: serving it again is a map lookup and
 * a write. Compressed on first asking at a level that costs well under a millisecond, once per
 * encoding; a body kept for long (a page) is compressed again at the best level in the thread
 * pool, off the event loop, when it is asked for a second time (see `compressLater`).
 */
export class CachedBody {
  readonly etag: string;
  private gz?: Buffer;
  private br?: Buffer;

  constructor(
    readonly body: Buffer,
    readonly type: string,
  ) {
    this.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  }

  /** Set by `compressLater`: told how many bytes the compressed forms grew or shrank by. */
  private later?: (delta: number) => void;
  private best = new Set<Encoding>();

  /**
   * From now on a compressed form is made quickly the first time a visitor asks for its encoding,
   * and again at the best level in the thread pool, off the event loop, the second time: a page
   * asked for once (a crawler's visit) costs well under a millisecond, one asked for again is
   * sent at its smallest from then on. `changed` is told how many bytes the forms grew by.
   */
  compressLater(changed: (delta: number) => void = () => undefined): void {
    this.later = changed;
  }

  private quick(encoding: Encoding): Buffer {
    return encoding === 'br'
      ? brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length } })
      : gzipSync(this.body, { level: 6 });
  }

  private set(encoding: Encoding, bytes: Buffer) {
    const before = (encoding === 'br' ? this.br : this.gz)?.length ?? 0;
    if (encoding === 'br') this.br = bytes;
    else this.gz = bytes;
    this.later?.(bytes.length - before);
  }

  private makeBest(encoding: Encoding) {
    this.best.add(encoding);
    const made =
      encoding === 'br'
        ? brotliLater(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length } })
        : gzipLater(this.body, { level: 9 });
    // Out of memory in the pool: the quick form stays.
    made.then(
      (bytes) => this.set(encoding, bytes),
      () => undefined,
    );
  }

  encoded(acceptEncoding: string | undefined): { bytes: Buffer; encoding?: Encoding } {
    const wanted = this.body.length < MIN_COMPRESS ? undefined : wantedEncoding(acceptEncoding);
    if (!wanted) return { bytes: this.body };
    if (this.later) {
      const bytes = wanted === 'br' ? this.br : this.gz;
      if (!bytes) {
        const made = this.quick(wanted);
        this.set(wanted, made);
        return { bytes: made, encoding: wanted };
      }
      if (!this.best.has(wanted)) this.makeBest(wanted);
      return { bytes, encoding: wanted };
    }
    if (wanted === 'br') {
      this.br ??= brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length } });
      return { bytes: this.br, encoding: 'br' };
    }
    this.gz ??= gzipSync(this.body, { level: 6 });
    return { bytes: this.gz, encoding: 'gzip' };
  }
}

export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody, cacheControl: string, status = 200) {
  reply.header('content-type', cached.type).header('cache-control', cacheControl).header('etag', cached.etag).header('vary', 'accept-encoding');
  if (status === 200 && request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  const { bytes, encoding } = cached.encoded(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.code(status).header('content-length', bytes.length).send(bytes);
}

/**
 * A body made for one visitor: no ETag, and compressed at a quality that costs about a
 * millisecond, since the work is never reused.
 */
export function sendOnce(request: FastifyRequest, reply: FastifyReply, body: Buffer, type: string, cacheControl: string, status = 200) {
  reply.header('content-type', type).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  const wanted = body.length < MIN_COMPRESS ? undefined : wantedEncoding(request.headers['accept-encoding']);
  let bytes = body;
  if (wanted === 'br') bytes = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  else if (wanted === 'gzip') bytes = gzipSync(body, { level: 6 });
  if (wanted) reply.header('content-encoding', wanted);
  return reply.code(status).header('content-length', bytes.length).send(bytes);
}

/** A page filled with per-visitor values that stay the same a while (a time stamp to the second): compressed once, never stored by a shared cache. */
export function sendFilled(request: FastifyRequest, reply: FastifyReply, filled: CachedBody, status = 200) {
  const { bytes, encoding } = filled.encoded(request.headers['accept-encoding']);
  reply.header('content-type', filled.type).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.code(status).header('content-length', bytes.length).send(bytes);
}
