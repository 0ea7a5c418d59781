import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A response body kept as bytes, compressed at most once per encoding and answered with an
 * ETag: serving it again is a map lookup and a write.
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

  encoded(acceptEncoding: string | undefined): { bytes: Buffer; encoding?: 'br' | 'gzip' } {
    if (this.body.length < 512 || !acceptEncoding) return { bytes: this.body };
    if (/\bbr\b/.test(acceptEncoding)) {
      this.br ??= brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length } });
      return { bytes: this.br, encoding: 'br' };
    }
    if (/\bgzip\b/.test(acceptEncoding)) {
      this.gz ??= gzipSync(this.body, { level: 9 });
      return { bytes: this.gz, encoding: 'gzip' };
    }
    return { bytes: this.body };
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
  const accept = request.headers['accept-encoding'];
  let bytes = body;
  if (body.length >= 512 && accept) {
    if (/\bbr\b/.test(accept)) {
      bytes = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
      reply.header('content-encoding', 'br');
    } else if (/\bgzip\b/.test(accept)) {
      bytes = gzipSync(body, { level: 6 });
      reply.header('content-encoding', 'gzip');
    }
  }
  return reply.code(status).header('content-length', bytes.length).send(bytes);
}
