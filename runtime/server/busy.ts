/**
 * What a visitor sees when their post arrives during a flood of posts to the site (see flood.ts):
 * 429 with Retry-After, and the page again in the site's layout, the form holding what they typed,
 * with one plain sentence saying when to try again.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Site, Target } from '../site.ts';
import { MESSAGES } from './messages.ts';
import type { PageCache } from './site-pages.ts';

/** The visitor's own answers, without the form's hidden fields (its name, time stamp and trap). */
const answersOf = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([name]) => !name.startsWith('_')));

export function sendBusy(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { pages: PageCache; site: Site; target: Target; key: string; body: Record<string, unknown>; seconds: number; json: boolean },
) {
  const problem = MESSAGES.posts.busy(deps.seconds);
  reply.header('retry-after', String(deps.seconds));
  if (deps.json) return reply.code(429).send({ ok: false, problem });
  return deps.pages.sendFresh(request, reply, deps.site, deps.target, {
    status: 429,
    posted: { key: deps.key, state: { values: answersOf(deps.body), problem } },
  });
}
