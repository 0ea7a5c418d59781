import { describe, expect, it } from 'vitest';
import { readCookies, setCookie } from '../../../runtime/server/cookies.ts';
import { Signer } from '../../../runtime/services/signing.ts';
import { cartCookie, cartIdOf } from './cookie.ts';

const signer = new Signer(Buffer.from('k'.repeat(48)));
const id = 'AbCdEfGhIjKlMnOpQrStUv';

/** The name=value part of a Set-Cookie header, as a browser sends it back. */
const sent = (header: string) => header.split(';')[0] ?? '';

describe('the cart cookie', () => {
  it('is signed, HttpOnly, SameSite=Lax, scoped to the site’s path, and Secure on an https origin', () => {
    const header = setCookie(cartCookie(id), 'olivetree', signer, true);
    expect(header).toMatch(new RegExp(`^sw-cart=${id}\\.[A-Za-z0-9_-]{43}; Path=/olivetree; Max-Age=604800; HttpOnly; SameSite=Lax; Secure$`));
    expect(setCookie(cartCookie(id), 'olivetree', signer, false)).not.toContain('Secure');
  });

  it('reads back only what this server signed for this site and this name', () => {
    const header = sent(setCookie(cartCookie(id), 'olivetree', signer, true));
    expect(cartIdOf(readCookies(`theme=dark; ${header}`, 'olivetree', signer))).toBe(id);
    // Another site, another key, another name, a changed id, a bare id: absent.
    expect(cartIdOf(readCookies(header, 'quickhomeoffer', signer))).toBeUndefined();
    expect(cartIdOf(readCookies(header, 'olivetree', new Signer(Buffer.from('x'.repeat(48)))))).toBeUndefined();
    expect(readCookies(header.replace('sw-cart', 'sw-basket'), 'olivetree', signer)).toEqual({});
    expect(cartIdOf(readCookies(header.replace(id, `B${id.slice(1)}`), 'olivetree', signer))).toBeUndefined();
    expect(cartIdOf(readCookies(`sw-cart=${id}`, 'olivetree', signer))).toBeUndefined();
    expect(readCookies(undefined, 'olivetree', signer)).toEqual({});
    expect(readCookies('sw-__proto__=x; ;=;sw-=1', 'olivetree', signer)).toEqual({});
  });

  it('is deleted with an empty value and no age', () => {
    expect(setCookie({ name: 'cart', value: id, maxAgeSeconds: 0 }, 'olivetree', signer, true)).toMatch(/^sw-cart=; Path=\/olivetree; Max-Age=0;/);
  });

  it('refuses a name or value a block may not use', () => {
    expect(() => setCookie({ name: 'Cart', value: id, maxAgeSeconds: 60 }, 'olivetree', signer, true)).toThrow();
    expect(() => setCookie({ name: 'cart', value: 'a;b', maxAgeSeconds: 60 }, 'olivetree', signer, true)).toThrow();
  });
});
