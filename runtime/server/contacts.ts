import { siteOf } from '../fleet.ts';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNoticePage } from './notice-page.ts';
import { escapeHtml } from '../render/escape.ts';
import type { PageAssets } from '../render/page.tsx';
import type { Site } from '../site.ts';
import type { Mailer } from '../services/mail.ts';
import type { Store, StoredRecord, TenantStore } from '../store/store.ts';
import { CachedBody, sendCached } from './cached.ts';
import type { FleetHolder } from './reload.ts';
import { asText } from '../text.ts';
import type { AfterReply } from './after-reply.ts';
import { MESSAGES } from './messages.ts';

/** Index of confirmation keys to the site they belong to; "_" cannot start a site prefix. */
const INDEX = '_contacts';
const KEY = /^[A-Za-z0-9_-]{22}$/;
const HASH = /^[A-Za-z0-9_-]{43}$/;
const digest = (hash: string) => createHash('sha256').update(hash).digest();

export interface ContactsOptions {
  holder: FleetHolder;
  store: Store;
  mailer: Mailer;
  origin: string;
  assetsFor: (site: Site) => PageAssets;
  notFound: () => CachedBody;
  /** How long a confirmation link works. */
  ttlMs?: number;
  /** Whether one more confirmation e-mail may go to this address now (unset: always). */
  mayConfirm?: (email: string) => Promise<boolean>;
  /** Where a subscription's work for its address is done, once the visitor has been answered. */
  afterReply: AfterReply;
}

/**
 * Newsletter and subscribe forms, with double opt-in: a contact is stored as pending and sent
 * a link /contacts/{key}/{hash}. The key finds the record; only a digest of the hash is stored,
 * and it is compared in constant time. Opening the link changes nothing (a mail scanner that
 * follows links confirms nobody); the button on that page does. Every failure gets the same 404.
 */
export class Contacts {
  private readonly ttl: number;

  constructor(private readonly options: ContactsOptions) {
    this.ttl = options.ttlMs ?? 24 * 3600_000;
  }

  /**
   * Takes a subscription. Whether the address is subscribed already, and the record and mail of a
   * new one, are found and done after the visitor has been answered: the answer's time says
   * nothing about who is on the list.
   */
  subscribe(site: Site, tenant: TenantStore, contact: { form: string; email: string; answers: Record<string, unknown> }): Promise<void> {
    this.options.afterReply.run('a subscription', () => this.pending(site, tenant, contact));
    return Promise.resolve();
  }

  private async pending(
    site: Site,
    tenant: TenantStore,
    { form, email, answers }: { form: string; email: string; answers: Record<string, unknown> },
  ): Promise<void> {
    const existing = await tenant.find('contacts', { form, email, status: 'confirmed' });
    if (existing) return;
    // Past the limit the visitor is answered as usual but no mail goes out: a form cannot be used to flood an inbox.
    if (this.options.mayConfirm && !(await this.options.mayConfirm(email))) return;
    const key = randomBytes(16).toString('base64url');
    const hash = randomBytes(32).toString('base64url');
    const fields = {
      form,
      email,
      answers,
      status: 'pending',
      key,
      digest: digest(hash).toString('hex'),
      expiresAt: new Date(Date.now() + this.ttl).toISOString(),
    };
    const pending = await tenant.find('contacts', { form, email, status: 'pending' });
    if (pending) await tenant.update('contacts', pending.id, fields);
    else await tenant.add('contacts', fields);
    await (await this.options.store.tenant(INDEX)).add('contacts', { key, prefix: site.prefix });
    const link = `${this.options.origin}/contacts/${key}/${hash}`;
    await this.options.mailer.send({
      to: email,
      subject: `Please confirm your subscription to ${site.data.site.name}`,
      text: `Hello,\n\nSomeone, hopefully you, asked to receive news from ${site.data.site.name} at this address.\n\nTo confirm, open this link and press the button:\n${link}\n\nThe link works for ${Math.round(this.ttl / 3600_000)} hours. If you did not ask for this, ignore this message and nothing will be sent to you.\n\n${site.data.site.name}`,
    });
  }

  /** The site and contact a link belongs to, or undefined for any kind of failure. */
  private async resolve(key: string, hash: string): Promise<{ site: Site; tenant: TenantStore; contact: StoredRecord } | undefined> {
    if (!KEY.test(key) || !HASH.test(hash)) return undefined;
    const entry = await (await this.options.store.tenant(INDEX)).find('contacts', { key });
    const site = entry && (await siteOf(this.options.holder.current, String(entry.prefix)));
    if (!site) return undefined;
    const tenant = await this.options.store.tenant(site.prefix);
    const contact = await tenant.find('contacts', { key });
    if (!contact || typeof contact.digest !== 'string') return undefined;
    const stored = Buffer.from(contact.digest, 'hex');
    const given = digest(hash);
    if (stored.length !== given.length || !timingSafeEqual(stored, given)) return undefined;
    if (contact.status === 'pending' && Date.parse(String(contact.expiresAt)) < Date.now()) return undefined;
    return { site, tenant, contact };
  }

  private page(request: FastifyRequest, reply: FastifyReply, site: Site, key: string, hash: string, message: string, buttons: ('confirm' | 'unsubscribe')[]) {
    const action = `/contacts/${key}/${hash}`;
    const labels = { confirm: 'Confirm my subscription', unsubscribe: 'Unsubscribe' };
    const forms = buttons
      .map(
        (b) =>
          `<form method="post" action="${escapeHtml(action)}" class="contact-action"><input type="hidden" name="action" value="${b}"><button type="submit" class="button${b === 'unsubscribe' ? ' button-secondary' : ''}">${labels[b]}</button></form>`,
      )
      .join('\n');
    const body = `<p>${escapeHtml(message)}</p>${forms}`;
    return sendNoticePage(
      request,
      reply,
      site,
      { path: '/contacts', title: 'Your subscription', body },
      { origin: this.options.origin, assets: this.options.assetsFor(site) },
    );
  }

  register(app: FastifyInstance) {
    const gone = (request: FastifyRequest, reply: FastifyReply) => sendCached(request, reply, this.options.notFound(), 'no-store', 404);

    app.get<{ Params: { key: string; hash: string } }>('/contacts/:key/:hash', async (request, reply) => {
      const { key, hash } = request.params;
      const found = await this.resolve(key, hash).catch(() => undefined);
      if (!found) return gone(request, reply);
      const name = found.site.data.site.name;
      if (found.contact.status === 'confirmed')
        return this.page(request, reply, found.site, key, hash, MESSAGES.contacts.subscribed(asText(found.contact.email), name), ['unsubscribe']);
      if (found.contact.status === 'unsubscribed')
        return this.page(request, reply, found.site, key, hash, MESSAGES.contacts.notSubscribed(asText(found.contact.email), name), ['confirm']);
      return this.page(request, reply, found.site, key, hash, MESSAGES.contacts.confirm(asText(found.contact.email), name), ['confirm', 'unsubscribe']);
    });

    app.post<{ Params: { key: string; hash: string }; Body: { action?: string } }>('/contacts/:key/:hash', async (request, reply) => {
      const { key, hash } = request.params;
      const found = await this.resolve(key, hash).catch(() => undefined);
      const action = (request.body as { action?: string } | undefined)?.action;
      if (!found || (action !== 'confirm' && action !== 'unsubscribe')) return gone(request, reply);
      const status = action === 'confirm' ? 'confirmed' : 'unsubscribed';
      // Repeating either is harmless: the record simply stays as it is.
      if (found.contact.status !== status) await found.tenant.update('contacts', found.contact.id, { status, [`${status}At`]: new Date().toISOString() });
      const name = found.site.data.site.name;
      return action === 'confirm'
        ? this.page(request, reply, found.site, key, hash, MESSAGES.contacts.confirmed(asText(found.contact.email), name), ['unsubscribe'])
        : this.page(request, reply, found.site, key, hash, MESSAGES.contacts.unsubscribed(asText(found.contact.email), name), ['confirm']);
    });
  }
}
