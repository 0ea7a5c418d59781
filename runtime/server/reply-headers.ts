/**
 * What every answer carries as it goes out: the security headers (each unless its route set its
 * own, as an SVG's stricter policy), and on a site's own domain, redirects and cookies that name
 * addresses there rather than under the site's prefix. A cached page skips this: its one write
 * carries the headers (PageCache), so nothing is set twice. Shared by every route.
 */
import type { FastifyInstance } from 'fastify';
import { domainOf, rewriteForDomain } from './domains.ts';
import { shared } from './shared-plugin.ts';

export interface ReplyHeadersOptions {
  headers: Readonly<Record<string, string>>;
  /** The public origin, as absolute addresses name it. */
  origin: string;
}

async function replyHeaders(app: FastifyInstance, { headers, origin }: ReplyHeadersOptions) {
  const security = Object.entries(headers);
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of security) if (!reply.hasHeader(name)) reply.header(name, value);
    const on = domainOf(request.raw);
    if (on) {
      const location = reply.getHeader('location');
      if (typeof location === 'string') reply.header('location', rewriteForDomain(location, on.prefix, origin, on.domain));
      const cookies = reply.getHeader('set-cookie');
      if (cookies !== undefined) {
        // Fastify adds to set-cookie rather than replacing it.
        reply.removeHeader('set-cookie');
        reply.header(
          'set-cookie',
          ([] as string[]).concat(cookies as string | string[]).map((c) => c.replace(new RegExp(`; Path=/${on.prefix}(?=;|$)`, 'i'), '; Path=/')),
        );
      }
    }
    done(null, payload);
  });
}

export const replyHeadersPlugin = shared(replyHeaders);
