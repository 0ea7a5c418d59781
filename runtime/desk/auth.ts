/**
 * Who is signed in to a site's desk. An owner listed in the site's document asks for a link; the
 * link carries a one-time secret of which only a SHA-256 digest is stored, beside the site, the
 * address and when it expires. Pressing the button on the link's page spends it (once: the session
 * it opens is added only if none came from that link yet, checked and written in one step) and
 * opens a session, again kept as a digest of its id, with a CSRF token of its own. Everything is
 * in the site's own store, so nothing of one site is found from another.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Site } from '../site.ts';
import type { StoredRecord, TenantStore } from '../store/store.ts';
import { sameSecret } from '../services/signing.ts';

export const LINK_TTL_MS = 15 * 60_000;
export const SESSION_IDLE_MS = 12 * 3600_000;
/** A session's last-seen time is written at most this often, so reading pages does not write each time. */
const TOUCH_MS = 60_000;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** What an owner may do on the desk: staff read and act on what visitors sent, an editor may also edit the site in the studio, an owner everything. */
export type Role = 'owner' | 'editor' | 'staff';

export interface Owner {
  email: string;
  name: string;
  role: Role;
}

export interface Session {
  id: string;
  email: string;
  name: string;
  role: Role;
  csrf: string;
}

const digestOf = (secret: string) => createHash('sha256').update(secret).digest();
const secret = () => randomBytes(32).toString('base64url');
const normal = (email: string) => email.trim().toLowerCase();
const sameDigest = (stored: unknown, given: Buffer) => {
  if (typeof stored !== 'string') return false;
  const kept = Buffer.from(stored, 'hex');
  return kept.length === given.length && timingSafeEqual(kept, given);
};

/** The owner listed with this address, if any. */
export function ownerOf(site: Site, email: string): Owner | undefined {
  const address = normal(email);
  const found = (site.data.owners ?? []).find((o) => normal(o.email) === address);
  return found && { email: address, name: found.name, role: found.role === 'owner' || found.role === 'editor' ? found.role : 'staff' };
}

/** A new sign-in link's secret for a listed owner; only its digest is kept. */
export async function makeLink(tenant: TenantStore, site: Site, owner: Owner, now: number): Promise<string> {
  const token = secret();
  await tenant.add('deskLinks', {
    digest: digestOf(token).toString('hex'),
    site: site.prefix,
    email: owner.email,
    expiresAt: new Date(now + LINK_TTL_MS).toISOString(),
    used: false,
  });
  return token;
}

/** When the newest link of this address that still works was made, or undefined when none works. */
export async function newestWorkingLink(tenant: TenantStore, email: string, now: number): Promise<number | undefined> {
  const made = (await tenant.list('deskLinks', { email: normal(email), used: false }))
    .map((link) => Date.parse(String(link.expiresAt)))
    .filter((expires) => expires > now)
    .map((expires) => expires - LINK_TTL_MS);
  return made.length ? Math.max(...made) : undefined;
}

/** The unspent, unexpired link of this site a token belongs to, or undefined (whatever the reason). */
export async function findLink(tenant: TenantStore, site: Site, token: unknown, now: number): Promise<StoredRecord | undefined> {
  if (typeof token !== 'string' || !SECRET.test(token)) return undefined;
  const given = digestOf(token);
  const link = await tenant.find('deskLinks', { digest: given.toString('hex') });
  if (!link || !sameDigest(link.digest, given) || link.site !== site.prefix || link.used !== false) return undefined;
  if (!(Date.parse(String(link.expiresAt)) > now)) return undefined;
  // An owner taken off the list since the link was sent can no longer use it.
  return ownerOf(site, String(link.email)) ? link : undefined;
}

/** Spends a link and opens a session: the session's id (for the cookie), or undefined if the link cannot be used. */
export async function spendLink(tenant: TenantStore, site: Site, token: unknown, now: number): Promise<{ id: string; session: Session } | undefined> {
  const link = await findLink(tenant, site, token, now);
  const owner = link && ownerOf(site, String(link.email));
  if (!link || !owner) return undefined;
  const id = secret();
  const csrf = secret();
  const opened = await tenant.addOnce(
    'deskSessions',
    { link: link.id },
    { link: link.id, digest: digestOf(id).toString('hex'), email: owner.email, role: owner.role, csrf, lastSeen: new Date(now).toISOString() },
  );
  if (!('added' in opened)) return undefined;
  await tenant.update('deskLinks', link.id, { used: true, usedAt: new Date(now).toISOString() });
  return { id, session: { id: opened.added.id, email: owner.email, name: owner.name, role: owner.role, csrf } };
}

/** The live session a cookie's id belongs to, its last-seen time moved on; an idle one is ended here. */
export async function sessionOf(tenant: TenantStore, site: Site, id: string | undefined, now: number): Promise<Session | undefined> {
  if (!id || !SECRET.test(id)) return undefined;
  const given = digestOf(id);
  const record = await tenant.find('deskSessions', { digest: given.toString('hex') });
  if (!record || !sameDigest(record.digest, given)) return undefined;
  const lastSeen = Date.parse(String(record.lastSeen));
  const owner = ownerOf(site, String(record.email));
  if (!(now - lastSeen < SESSION_IDLE_MS) || !owner) {
    await tenant.remove('deskSessions', [record.id]);
    return undefined;
  }
  if (now - lastSeen >= TOUCH_MS) await tenant.update('deskSessions', record.id, { lastSeen: new Date(now).toISOString() });
  // The role is the document's now: a change to it applies at once.
  return { id: record.id, email: owner.email, name: owner.name, role: owner.role, csrf: String(record.csrf) };
}

export async function endSession(tenant: TenantStore, session: Session): Promise<void> {
  await tenant.remove('deskSessions', [session.id]);
}

/** Whether a form's CSRF token is the session's, compared in constant time. */
export function csrfMatches(session: Session, given: unknown): boolean {
  return typeof given === 'string' && SECRET.test(given) && sameSecret(session.csrf, given);
}

/** One line of the activity list: who did what, when. */
export async function record(tenant: TenantStore, who: { email: string; name: string }, action: string, detail: string, now: number): Promise<void> {
  await tenant.add('deskActivity', { email: who.email, name: who.name, action, detail, at: new Date(now).toISOString() });
}
