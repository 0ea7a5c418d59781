/**
 * The answers a request gets when no route gives one: our 400 for a request without Host, the
 * platform's 404, and for an error thrown on the way (a refused post, stored data out of reach)
 * our own page with its status, or a JSON problem for a client that asks for JSON. No stack trace
 * ever reaches a visitor. Shared by every route: registered before them.
 */
import type { FastifyInstance } from 'fastify';
import { StoreError } from '../store/store.ts';
import { CachedBody, sendCached } from './cached.ts';
import { refuseWithoutHost } from './missing-host.ts';
import { errorProblem } from './platform-pages.ts';
import { shared } from './shared-plugin.ts';

const HTML = 'text/html; charset=utf-8';

export interface ErrorAnswersOptions {
  /** The platform's page for a status. */
  errorPage: (status: number) => string;
  /** The platform's "no site at this address". */
  notFound: CachedBody;
}

async function errorAnswers(app: FastifyInstance, { errorPage, notFound }: ErrorAnswersOptions) {
  refuseWithoutHost(app, errorPage(400));
  // Set before any plugin is registered, so every plugin's scope inherits them.
  app.setNotFoundHandler((request, reply) => sendCached(request, reply, notFound, 'no-cache', 404));
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    // Stored data that cannot be read or written now (a database gone away): nothing was taken, say so.
    const status = error instanceof StoreError ? 503 : error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    else request.log.warn({ status, err: error.message }, 'request refused');
    if (/application\/json/.test(request.headers.accept ?? '')) return reply.code(status).send({ ok: false, problem: errorProblem(status) });
    return sendCached(request, reply, new CachedBody(Buffer.from(errorPage(status)), HTML), 'no-store', status);
  });
}

export const errorAnswersPlugin = shared(errorAnswers);
