/**
 * The desk's session cookie: the session's random id, signed with the server's key and tied to the
 * site (as the block cookies are, see runtime/server/cookies.ts), HttpOnly, SameSite=Strict,
 * Secure on https, and sent only to the site's desk. A cookie of another site never verifies here.
 */
import type { Signer } from '../services/signing.ts';

const NAME = 'sw-desk';
const bound = (prefix: string) => `desk:${prefix}:`;

/** The Set-Cookie header for a session id (or, without one, the header that deletes the cookie). */
export function deskCookie(prefix: string, path: string, signer: Signer, secure: boolean, id?: string, maxAgeSeconds = 12 * 3600): string {
  const value = id ? signer.sign(`${bound(prefix)}${id}`).slice(bound(prefix).length) : '';
  return [`${NAME}=${value}`, `Path=${path}`, `Max-Age=${id ? maxAgeSeconds : 0}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
}

/** The session id this server signed for this site, from a request's Cookie header. */
export function deskSessionId(header: string | undefined, prefix: string, signer: Signer): string | undefined {
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== NAME) continue;
    const raw = part.slice(at + 1).trim();
    if (raw.length > 200) return undefined;
    return signer.verify(`${bound(prefix)}${raw}`)?.slice(bound(prefix).length);
  }
  return undefined;
}
