/**
 * The cookies blocks keep in a visitor's browser (a cart's id), set and read by the runtime alone.
 * Every one is signed with the server's key and tied to its site and name, HttpOnly, SameSite=Lax,
 * scoped to the site's own path (/<prefix>), and Secure when the server's public origin is https.
 * A block is handed only values this server set for this site: a cookie written by hand, copied
 * from another site or renamed reads as absent.
 */
import type { Signer } from '../services/signing.ts';

/** A cookie a block asks the runtime to set (or, with `maxAgeSeconds: 0`, to delete). */
export interface VisitorCookie {
  /** Lowercase letters, digits and dashes; sent as `sw-<name>`. */
  name: string;
  /** Letters, digits, `_` and `-` (base64url), at most 200 characters. */
  value: string;
  maxAgeSeconds: number;
}

const NAME = /^[a-z][a-z0-9-]{0,30}$/;
const VALUE = /^[A-Za-z0-9_-]{1,200}$/;
const WIRE = 'sw-';

const signed = (prefix: string, name: string) => `cookie:${prefix}:${name}:`;

/** The Set-Cookie header value for one cookie of a site. Throws on a name or value a block may not use (a fault of the block). */
export function setCookie(cookie: VisitorCookie, prefix: string, signer: Signer, secure: boolean): string {
  if (!NAME.test(cookie.name) || !VALUE.test(cookie.value) || !Number.isSafeInteger(cookie.maxAgeSeconds) || cookie.maxAgeSeconds < 0)
    throw new Error(`a block cookie needs a plain name, a base64url value and a whole Max-Age: ${JSON.stringify(cookie)}`);
  const value = cookie.maxAgeSeconds === 0 ? '' : signer.sign(`${signed(prefix, cookie.name)}${cookie.value}`).slice(signed(prefix, cookie.name).length);
  return [
    `${WIRE}${cookie.name}=${value}`,
    `Path=/${prefix}`,
    `Max-Age=${cookie.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The block cookies of a request's Cookie header that this server signed for this site, by name. */
export function readCookies(header: string | undefined, prefix: string, signer: Signer): Record<string, string> {
  const found: Record<string, string> = {};
  if (!header || header.length > 8192) return found;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const wire = part.slice(0, at).trim();
    if (!wire.startsWith(WIRE)) continue;
    const name = wire.slice(WIRE.length);
    const raw = part.slice(at + 1).trim();
    if (!NAME.test(name) || raw.length > 400 || Object.hasOwn(found, name)) continue;
    const value = signer.verify(`${signed(prefix, name)}${raw}`)?.slice(signed(prefix, name).length);
    if (value && VALUE.test(value)) found[name] = value;
  }
  return found;
}
