/**
 * Visitors' posts: to any page of a site (a block's server half takes them, see actions.ts) and to
 * a contact link. Form bodies and uploads are read in this scope only, within the limits counted
 * before a byte of a body is read.
 */
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { registerActions } from './actions.ts';
import type { PostParts } from './app-parts.ts';
import { TEXT_BYTES } from './post-budget.ts';
import type { FleetHolder } from './reload.ts';
import type { PageCache } from './site-pages.ts';

export interface VisitorPostsOptions {
  holder: FleetHolder;
  pages: PageCache;
  posts: PostParts;
  /** Cookies set by blocks are sent over HTTPS only. */
  secureCookies: boolean;
}

export async function visitorPosts(scope: FastifyInstance, { holder, pages, posts, secureCookies }: VisitorPostsOptions) {
  await scope.register(fastifyFormbody, { bodyLimit: TEXT_BYTES });
  // Limits are given per post, from the page's own forms (readMultipart): no body is read before they are known.
  await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
  posts.contacts.register(scope);
  registerActions(scope, { holder, pages, services: posts.services, limits: posts.limits, secureCookies });
}
