/**
 * Fastify's own options for the app: how it logs and whom it trusts, and the answers given before
 * any route is found: a site's own domain routed under its prefix, and our own page (with our
 * headers) for a request Node cannot parse or a URL that cannot be decoded.
 */
import { STATUS_CODES, type Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { AppOptions } from './app-options.ts';
import { CachedBody, sendCached } from './cached.ts';
import { routeDomain } from './domains.ts';
import { lazyChildLogger } from './lazy-logger.ts';
import type { FleetHolder } from './reload.ts';

const HTML = 'text/html; charset=utf-8';

/** A request line may carry a full URL ("GET http://host/site/page"): route by its path. */
function pathOf(url: string | undefined): string {
  if (!url || url.startsWith('/')) return url ?? '/';
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '/';
  }
}

/** A request is logged by its path only: what a visitor searched for is never written beside their address. */
function withoutQueries(logger: NonNullable<AppOptions['logger']>): NonNullable<AppOptions['logger']> {
  if (typeof logger !== 'object' || 'info' in logger) return logger;
  const req = (request: { method: string; url: string; host?: string; ip?: string }) => ({
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
  });
  return { ...logger, serializers: { req, ...logger.serializers } };
}

/** What the options are made from besides the app's own: the fleet, the headers every answer carries, the error page by status. */
export interface ServerParts {
  holder: FleetHolder;
  headers: Readonly<Record<string, string>>;
  errorPage: (status: number) => string;
}

export function serverOptions(options: AppOptions, { holder, headers, errorPage }: ServerParts): FastifyHttpOptions<Server> {
  const { trustProxy } = options;
  return {
    logger: withoutQueries(options.logger ?? false),
    childLoggerFactory: lazyChildLogger,
    // A hop count trusts that many proxies nearest the server, as proxy-addr does for a number.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : (trustProxy ?? false),
    bodyLimit: 256 * 1024,
    // A request without Host is refused by our own hook (missing-host.ts), with our page and headers.
    http: { requireHostHeader: false },
    // A request on a site's own domain is routed as its address under the site's prefix.
    rewriteUrl: (request) => routeDomain(request, pathOf(request.url), holder.current),
    // A request Node cannot even parse (headers too large, a broken request line): our page and headers, then close.
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      if (!socket.writable) return socket.destroy();
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const body = errorPage(status);
      const head = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'content-type: text/html; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'cache-control: no-store',
        'connection: close',
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
    },
    // A URL that cannot be decoded gets our own page, with our headers, and no stack in the log.
    frameworkErrors: (error, request, reply) => {
      request.log.warn({ url: request.url, err: error.message }, 'a request that cannot be routed');
      reply.headers(headers);
      void sendCached(request, reply, new CachedBody(Buffer.from(errorPage(400)), HTML), 'no-store', 400);
    },
  };
}
