/**
 * The whole platform as one Fastify app, a list of plugins: the answers shared by every route
 * (errors, headers, the site of each request), then the platform's own routes and every site under
 * its prefix, each an encapsulated plugin. The fleet is read through a holder, so a reload can
 * swap it whole.
 */
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { CLIENT_DIR } from '../client/build.ts';
import { STUDIO_DIR } from '../studio/build.ts';
import { deskRoutes } from '../desk/routes.ts';
import { mailingPlugin, makeSender } from '../mailing/plugin.ts';
import type { CampaignSender } from '../mailing/sender.ts';
import type { Payments } from '../payments/payments.ts';
import { afterReplyPlugin } from './after-reply.ts';
import type { AppOptions } from './app-options.ts';
import { appParts, deskOptions, firstParts, paymentOptions, siteRouteOptions } from './app-parts.ts';
import { documentsPlugin } from './documents.ts';
import { errorAnswersPlugin } from './error-answers.ts';
import { liveReload } from './live-reload.ts';
import { paymentRoutes } from './payment-routes.ts';
import { platformRoutes } from './platform-routes.ts';
import type { FleetHolder } from './reload.ts';
import { replyHeadersPlugin } from './reply-headers.ts';
import { scheduledWorkPlugin } from './scheduled-work.ts';
import { serverOptions } from './server-options.ts';
import { siteRequestsPlugin } from './site-request.ts';
import { siteRoutes } from './site-routes.ts';
import { visitorPosts } from './visitor-posts.ts';

export type { AppOptions } from './app-options.ts';
export { parseTrustProxy } from './app-options.ts';

/** The browser bundle of islands, named by content hash: kept a year. */
const CLIENT_FILES = {
  root: CLIENT_DIR,
  prefix: '/assets/client/',
  maxAge: '365d',
  immutable: true,
  allowedPath: (path: string) => !path.includes('/.vite/') && !path.endsWith('.txt'),
  wildcard: true,
};

/** The studio's editor, named by content hash like the islands' bundle. */
const STUDIO_FILES = { ...CLIENT_FILES, root: STUDIO_DIR, prefix: '/assets/studio/', decorateReply: false };

export async function buildApp(options: AppOptions) {
  const first = await firstParts(options);
  const app = Fastify(serverOptions(options, first));
  const parts = appParts(app, options, first);
  const { holder, pages, posts, assets, notFound } = parts;
  const { origin } = options;
  let sender: CampaignSender | undefined;
  // Shared by every route, so registered before them.
  await app.register(errorAnswersPlugin, parts);
  await app.register(siteRequestsPlugin, { holder });
  await app.register(replyHeadersPlugin, { headers: parts.headers, origin });
  // Shared on purpose: media files are sent with its reply.sendFile from the site routes.
  await app.register(fastifyStatic, CLIENT_FILES);
  await app.register(fastifyStatic, STUDIO_FILES);
  await app.register(platformRoutes, { holder, origin, assets, notFound });
  await app.register(documentsPlugin, { holder, origin, pages, rewrite: parts.forDomain });
  if (options.dev && options.reloads) await app.register(liveReload, { reloads: options.reloads });
  await app.register(afterReplyPlugin, { afterReply: parts.afterReply });
  if (posts) {
    await app.register(visitorPosts, { holder, pages, posts, secureCookies: origin.startsWith('https://') });
    await app.register(deskRoutes, deskOptions(options, parts, posts));
    await app.register(paymentRoutes, paymentOptions(options, parts, posts));
    await app.register(scheduledWorkPlugin, { holder, services: posts.services });
    const { store, mailer, signer } = posts.services;
    const mailing = { holder, store, mailer, signer, origin, now: () => posts.services.now() };
    sender = makeSender(mailing, (line) => app.log.warn(line));
    await app.register(mailingPlugin, { ...mailing, sender, assetsFor: parts.assetsFor, notFound: () => notFound });
  }
  await app.register(siteRoutes, siteRouteOptions(options, parts));
  // The money core, for the tools that act on payments beside the pages (refunds).
  return Object.assign(app, { fleetHolder: holder, payments: posts?.payments, campaigns: sender }) as FastifyInstance & {
    fleetHolder: FleetHolder;
    payments: Payments | undefined;
    /** The sender of updates to lists (ticked by the server; tests tick it with their own clock). */
    campaigns: CampaignSender | undefined;
  };
}
