/**
 * Leaving a list from an update: each message carries a link signed for its recipient's contact.
 * Opening it changes nothing (a mail scanner that follows links unsubscribes nobody): it shows a
 * button. A POST to it, the button's or a mail program's one-click (RFC 8058), unsubscribes with
 * no cookie and no sign-in. Every failure gets the same 404.
 */
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteOf } from '../fleet.ts';
import { escapeHtml } from '../render/escape.ts';
import type { PageAssets } from '../render/page.tsx';
import { sendNoticePage } from '../server/notice-page.ts';
import { CachedBody, sendCached } from '../server/cached.ts';
import type { FleetHolder } from '../server/reload.ts';
import type { Signer } from '../services/signing.ts';
import type { Site } from '../site.ts';
import type { Store } from '../store/store.ts';

const TOKEN = /^[A-Za-z0-9:._-]{20,200}$/;

/** The link that unsubscribes one contact of one site, signed with the server's key. */
export function unsubscribeUrl(signer: Signer, origin: string, prefix: string, contactId: string): string {
  return `${origin}/unsubscribe/${signer.sign(`u:${prefix}:${contactId}`)}`;
}

export interface UnsubscribeOptions {
  holder: FleetHolder;
  store: Store;
  signer: Signer;
  origin: string;
  assetsFor: (site: Site) => PageAssets;
  notFound: () => CachedBody;
  now: () => number;
}

export async function unsubscribeRoutes(scope: FastifyInstance, options: UnsubscribeOptions) {
  await scope.register(fastifyFormbody, { bodyLimit: 1024 });
  const gone = (request: FastifyRequest, reply: FastifyReply) => sendCached(request, reply, options.notFound(), 'no-store', 404);

  const resolve = async (token: string) => {
    const value = TOKEN.test(token) ? options.signer.verify(token) : undefined;
    const [, prefix, contactId] = value?.split(':') ?? [];
    if (!value?.startsWith('u:') || !prefix || !contactId) return undefined;
    const site = await siteOf(options.holder.current, prefix);
    if (!site) return undefined;
    const tenant = await options.store.tenant(prefix);
    const contact = await tenant.find('contacts', { id: contactId });
    return contact && { site, tenant, contact };
  };

  const page = (request: FastifyRequest, reply: FastifyReply, site: Site, message: string, button: string | undefined) => {
    const form = button
      ? `<form method="post" action="${escapeHtml(request.url)}"><button type="submit" class="button">${escapeHtml(button)}</button></form>`
      : '';
    const body = `<p>${escapeHtml(message)}</p>${form}`;
    return sendNoticePage(
      request,
      reply,
      site,
      { path: '/unsubscribe', title: 'Unsubscribe', body },
      { origin: options.origin, assets: options.assetsFor(site) },
    );
  };

  scope.get<{ Params: { token: string } }>('/unsubscribe/:token', async (request, reply) => {
    const found = await resolve(request.params.token).catch(() => undefined);
    if (!found) return gone(request, reply);
    const { site, contact } = found;
    const name = site.data.site.name;
    if (contact.status !== 'confirmed') return page(request, reply, site, `${String(contact.email)} receives no more updates from ${name}.`, undefined);
    return page(request, reply, site, `Stop sending updates from ${name} to ${String(contact.email)}?`, 'Unsubscribe');
  });

  scope.post<{ Params: { token: string } }>('/unsubscribe/:token', async (request, reply) => {
    const found = await resolve(request.params.token).catch(() => undefined);
    if (!found) return gone(request, reply);
    const { site, tenant, contact } = found;
    // Repeating it is harmless; a bounced address stays bounced.
    if (contact.status === 'confirmed')
      await tenant.update('contacts', contact.id, { status: 'unsubscribed', unsubscribedAt: new Date(options.now()).toISOString() }, { status: 'confirmed' });
    return page(request, reply, site, `${String(contact.email)} receives no more updates from ${site.data.site.name}.`, undefined);
  });
}
