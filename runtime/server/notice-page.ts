/**
 * A short page of the site's own look that says one thing, with buttons when something can be done
 * there (confirm a subscription, unsubscribe): never kept, never indexed. Everything in `body` is
 * escaped by the caller.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderPage, type PageAssets } from '../render/page.tsx';
import type { Site } from '../site.ts';
import { CachedBody, sendCached } from './cached.ts';

export function sendNoticePage(
  request: FastifyRequest,
  reply: FastifyReply,
  site: Site,
  page: { path: string; title: string; body: string },
  render: { origin: string; assets: PageAssets },
) {
  const html = renderPage(
    site,
    { page: { path: page.path, title: page.title, noindex: true, blocks: [] }, pageIndex: -1, path: page.path },
    { origin: render.origin, assets: render.assets, mainHtml: page.body },
  ).html;
  return sendCached(request, reply, new CachedBody(Buffer.from(html), 'text/html; charset=utf-8'), 'no-store');
}
