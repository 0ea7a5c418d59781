/**
 * Forwarding never leaves the site. A site at its own domain forwards its platform address, its
 * other domains and its prefixed addresses, and every one of those forwards is made from what the
 * visitor typed. A corpus of open-redirect payloads goes through every forwarding path (pages,
 * posts, the desk, documents; platform → domain, other domain → domain, domain → itself), and
 * each Location must be a path on the same host (one leading slash, never `//` or `/\`) or an
 * address on the site's own domain, as a browser's URL parser reads it.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithData, DESK_FLEET } from './helpers/app.ts';
import { forwardPath } from '../runtime/server/forward-path.ts';

const DOMAIN = 'www.alpha-plumbing.example';
const OTHER = 'alpha-plumbing.example';
const PLATFORM = 'sites.example.com';
let ctx: Awaited<ReturnType<typeof appWithData>>;

/** What an attacker puts after a forwarded address's prefix. */
const PAYLOADS = [
  '%2fevil.example',
  '%2Fevil.example',
  '%5cevil.example',
  '%5Cevil.example',
  '%2f%2fevil.example',
  '%2F%2Fevil.example',
  '%5c%5cevil.example',
  '%2f%5cevil.example',
  '%5c%2fevil.example',
  '%252fevil.example',
  '%252f%252fevil.example',
  '%09/evil.example',
  '%09%2fevil.example',
  '%2f%09%2fevil.example',
  '%0d%0a/evil.example',
  '%0a%2fevil.example',
  '%0d%2fevil.example',
  '%00/evil.example',
  '%00%2fevil.example',
  '%20%2fevil.example',
  '/evil.example',
  '//evil.example',
  '\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  '%E2%81%84evil.example',
  '%EF%BC%8Fevil.example',
  '%E2%88%95evil.example',
  '%EF%BC%BCevil.example',
  '..%2fevil.example',
  '..%2f..%2f%2fevil.example',
  '%2e%2e%2f%2fevil.example',
  'https:evil.example',
  'https:%2f%2fevil.example',
  'https://evil.example',
  'javascript:alert(1)',
  '@evil.example',
  '%40evil.example',
  'x@evil.example',
  '%2f@evil.example',
];

type Send = (payload: string) => { method: 'GET' | 'POST'; host: string; url: string };

/** Every path that forwards, each taking a payload where a visitor could put one. */
const PATHS: Record<string, Send> = {
  'page, platform address → domain': (p) => ({ method: 'GET', host: PLATFORM, url: `/alpha/${p}` }),
  'page, other domain → domain': (p) => ({ method: 'GET', host: OTHER, url: `/${p}` }),
  'page, prefixed address on the domain → without it': (p) => ({ method: 'GET', host: DOMAIN, url: `/alpha/${p}` }),
  'page, an address put right on the domain': (p) => ({ method: 'GET', host: DOMAIN, url: `/alpha/${p}/` }),
  'page, an address put right on the platform': (p) => ({ method: 'GET', host: PLATFORM, url: `/ALPHA/${p}/` }),
  'page, payload in the query': (p) => ({ method: 'GET', host: PLATFORM, url: `/alpha/contact?next=${p}` }),
  'form post, platform address → domain (308)': (p) => ({ method: 'POST', host: PLATFORM, url: `/alpha/${p}` }),
  'form post, other domain → domain (308)': (p) => ({ method: 'POST', host: OTHER, url: `/${p}` }),
  'form post, prefixed address on the domain': (p) => ({ method: 'POST', host: DOMAIN, url: `/alpha/${p}` }),
  'desk, platform address → domain': (p) => ({ method: 'GET', host: PLATFORM, url: `/alpha/desk/${p}` }),
  'desk, prefixed address on the domain': (p) => ({ method: 'GET', host: DOMAIN, url: `/alpha/desk?next=${p}` }),
  'desk post, platform address → domain (308)': (p) => ({ method: 'POST', host: PLATFORM, url: `/alpha/desk/${p}` }),
  'document, platform address → domain': (p) => ({ method: 'GET', host: PLATFORM, url: `/alpha/sitemap.xml?${p}` }),
  'document, prefixed address on the domain': (p) => ({ method: 'GET', host: DOMAIN, url: `/alpha/robots.txt?x=${p}` }),
};

/** Why a Location would take a browser off the site, or undefined when it stays. */
function offSite(location: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(location)) return 'a control character';
  if (location.startsWith('/')) {
    if (location[1] === '/' || location[1] === '\\') return 'a scheme-relative start';
  } else if (!location.startsWith(`https://${DOMAIN}/`)) return 'another origin';
  const read = new URL(location, `https://${DOMAIN}/start`);
  return read.origin === `https://${DOMAIN}` ? undefined : `a browser goes to ${read.origin}`;
}

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sitewright-open-redirect-'));
  await cp(join(DESK_FLEET, 'alpha'), join(dir, 'alpha'), { recursive: true });
  const file = join(dir, 'alpha', 'site.yaml');
  await writeFile(file, (await readFile(file, 'utf8')).replace('schemaVersion: 1\n', `schemaVersion: 1\ndomains: [${DOMAIN}, ${OTHER}]\n`));
  ctx = await appWithData(dir);
});
afterAll(() => ctx?.app.close());

describe('forwarding', () => {
  it('makes a path that cannot leave the host from anything typed', () => {
    expect(forwardPath('/about')).toBe('/about');
    expect(forwardPath('/caf%C3%A9 menu')).toBe('/caf%C3%A9%20menu');
    expect(forwardPath('//evil.example')).toBe('/evil.example');
    expect(forwardPath('/\\evil.example')).toBe('/evil.example');
    expect(forwardPath('/%09/evil.example')).toBe('/evil.example');
    expect(forwardPath('/%252f%252fevil.example')).toBe('/evil.example');
    expect(forwardPath('evil.example')).toBe('/evil.example');
    expect(forwardPath('/%EF%BC%8Fevil.example')).toBe('/%EF%BC%8Fevil.example');
    for (const payload of PAYLOADS) expect(offSite(forwardPath(`/${payload}`)), payload).toBeUndefined();
  });

  it('keeps every forward of every open-redirect payload on the site', async () => {
    const problems: string[] = [];
    let checked = 0;
    let forwarded = 0;
    for (const [name, send] of Object.entries(PATHS)) {
      for (const payload of PAYLOADS) {
        const { method, host, url } = send(payload);
        const res = await ctx.app.inject({
          method,
          url,
          headers: { host, ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
          ...(method === 'POST' ? { payload: 'message=hello' } : {}),
        });
        checked++;
        const location = res.headers.location;
        if (location === undefined) continue;
        forwarded++;
        const why = offSite(String(location));
        if (why) problems.push(`${name} ${payload}: ${res.statusCode} ${String(location)} (${why})`);
      }
    }
    console.log(
      `open redirect: ${PAYLOADS.length} payloads × ${Object.keys(PATHS).length} forwarding paths = ${checked} requests, ${forwarded} forwarded, ${problems.length} off the site`,
    );
    expect(problems).toEqual([]);
    // Most requests were forwarded: the corpus reached the forwarding code, not only 404s.
    expect(forwarded).toBeGreaterThan(checked / 2);
  });

  it('still forwards ordinary addresses as before, query kept', async () => {
    const platform = await ctx.app.inject({ url: '/alpha/contact?x=1', headers: { host: PLATFORM } });
    expect([platform.statusCode, platform.headers.location]).toEqual([301, `https://${DOMAIN}/contact?x=1`]);
    const prefixed = await ctx.app.inject({ url: '/alpha/contact?x=1', headers: { host: DOMAIN } });
    expect([prefixed.statusCode, prefixed.headers.location]).toEqual([301, '/contact?x=1']);
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/alpha/contact',
      headers: { host: OTHER, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect([posted.statusCode, posted.headers.location]).toEqual([308, `https://${DOMAIN}/contact`]);
  });
});
