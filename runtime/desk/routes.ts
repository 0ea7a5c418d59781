/**
 * The owner's desk at /{site}/desk: sign-in by e-mailed link, then the boards the site's blocks
 * give (what visitors sent, bookings, orders, …: see DeskBoard in blocks/contract.ts), and the
 * desk's own pages: money, the activity list and erasure on request, with CSV downloads. Its own
 * scope: form bodies and its sign-in limits exist here only. Every route finds its site first and
 * reads that site's store alone; a session is looked up in the site's store by the digest of its
 * id, so a cookie of another site finds nothing. The desk names no block: a board is found by its
 * address among the boards of the blocks the site shows.
 */
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { domainRedirect, redirectStatus } from '../server/domains.ts';
import { activityPage } from './activity-page.ts';
import { boardAction } from './board-action.ts';
import { boardPage, homePage } from './board-page.ts';
import { erasePage } from './erase-page.ts';
import { exportFiles } from './export.ts';
import { fileDownload } from './file-download.ts';
import { moneyPage } from './money-page.ts';
import { recordPage } from './record-page.ts';
import { deskScope, type DeskOptions, type DeskScope } from './scope.ts';
import { signInRoutes } from './sign-in-routes.ts';
import { studioRoutes } from '../studio/routes.ts';

export type { DeskOptions } from './scope.ts';

/** The desk's pages, each a file of its own; a board's addresses come after the desk's own, which they cannot take. */
const PAGES: readonly ((app: FastifyInstance, desk: DeskScope) => void)[] = [
  signInRoutes,
  homePage,
  moneyPage,
  activityPage,
  erasePage,
  exportFiles,
  boardPage,
  recordPage,
  fileDownload,
  boardAction,
];

export async function deskRoutes(app: FastifyInstance, options: DeskOptions) {
  // The largest desk post is an update to a list (20,000 characters of Markdown, each up to nine bytes once form-encoded).
  await app.register(fastifyFormbody, { bodyLimit: 256 * 1024 });
  const desk = deskScope(options);
  // A site with a domain of its own keeps its desk there: the platform address forwards to it (a post with its body).
  app.addHook('onRequest', async (request, reply) => {
    const prefix = (request.params as { site?: string }).site ?? '';
    const site = await desk.siteFor(prefix);
    if (!site?.data.domains) return;
    const mark = request.url.indexOf('?');
    const rest = (mark < 0 ? request.url : request.url.slice(0, mark)).slice(prefix.length + 2);
    const elsewhere = domainRedirect(request.raw, site.data.domains, site.prefix, rest, mark < 0 ? '' : request.url.slice(mark + 1));
    if (elsewhere) return reply.header('cache-control', 'no-store').redirect(elsewhere, redirectStatus(request.raw));
  });
  for (const pages of PAGES) pages(app, desk);
  if (options.studio) await app.register(studioRoutes, { desk, options: options.studio });
}
