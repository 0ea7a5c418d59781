/**
 * HTTP/1.1 requires a Host header. Node refuses a request without one by itself, with a bare 400
 * that carries none of our headers, so the server is made with `requireHostHeader: false` and
 * this hook, first of all, gives such a request our own 400 page and headers instead.
 * HTTP/1.0 had no Host, and is still served as the platform.
 */
import type { FastifyInstance } from 'fastify';
import { CachedBody, sendCached } from './cached.ts';

export function refuseWithoutHost(app: FastifyInstance, page: string) {
  const body = new CachedBody(Buffer.from(page), 'text/html; charset=utf-8');
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.headers.host !== undefined || request.raw.httpVersion !== '1.1') return done();
    reply.header('connection', 'close');
    void sendCached(request, reply, body, 'no-store', 400);
  });
}
