/**
 * A site at its own domain: served at the root there, every link, canonical address, sitemap,
 * feed, robots.txt, redirect and cookie naming the domain; its platform address and its other
 * domains forward to the first one; no other site can be reached through it; and a domain two
 * sites claim is refused at the second, at its line.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleet } from '../runtime/fleet.ts';
import { appWithData, FIXTURE_FLEET, FORMS_FLEET } from './helpers/app.ts';
import { contactAnswers } from './helpers/posts.ts';
import { startTags, textOf } from './quality/html.ts';
import { BLOCKS } from '../blocks/registry.ts';

const DOMAIN = 'www.alpha-plumbing.example';
let ctx: Awaited<ReturnType<typeof appWithData>>;

/** A copy of alpha, beta and gamma with alpha and gamma at domains of their own. */
async function sites(extra: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitewright-domains-'));
  for (const prefix of ['alpha', 'beta']) await cp(join(FIXTURE_FLEET, prefix), join(dir, prefix), { recursive: true });
  await cp(join(FORMS_FLEET, 'gamma'), join(dir, 'gamma'), { recursive: true });
  const claim = async (prefix: string, domains: string) => {
    const file = join(dir, prefix, 'site.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('schemaVersion: 1\n', `schemaVersion: 1\ndomains: [${domains}]\n`));
  };
  await claim('alpha', `${DOMAIN}, alpha-plumbing.example`);
  await claim('gamma', 'gamma-basements.example');
  for (const [prefix, domains] of Object.entries(extra)) await claim(prefix, domains);
  return dir;
}

beforeAll(async () => {
  ctx = await appWithData(await sites());
});
afterAll(() => ctx.app.close());

const on = (host: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: string) =>
  ctx.app.inject({
    method,
    url,
    headers: { host, ...(payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(payload ? { payload } : {}),
  });

describe('a site at its own domain', () => {
  it('serves every page at the root of the domain, with links, canonical addresses and assets that work there', async () => {
    const seen = new Set<string>();
    const queue = ['/'];
    while (queue.length) {
      const path = queue.shift() as string;
      if (seen.has(path)) continue;
      seen.add(path);
      const res = await on(DOMAIN, path);
      expect(res.statusCode, path).toBe(200);
      if (!String(res.headers['content-type']).startsWith('text/html')) continue;
      expect(res.body, path).not.toMatch(/(href|src|action)="\/alpha[/"?#]/);
      expect(res.body, path).not.toContain('sites.example.com/alpha');
      expect(textOf(res.body, 'h1'), path).toBeTruthy();
      const canonical = startTags(res.body)
        .find((t) => t.name === 'link' && t.attrs.get('rel') === 'canonical')
        ?.attrs.get('href');
      expect(canonical, path).toBe(`https://${DOMAIN}${path}`);
      for (const tag of startTags(res.body)) {
        for (const attr of ['href', 'src']) {
          const value = tag.attrs.get(attr);
          if (value?.startsWith('/') && !value.startsWith('//')) queue.push(value.split('#')[0] as string);
        }
      }
    }
    expect([...seen]).toEqual(expect.arrayContaining(['/', '/about']));
    expect([...seen].some((p) => p.startsWith('/assets/'))).toBe(true);
  });

  it('gives the domain its own sitemap, robots.txt and 404 page', async () => {
    const sitemap = await on(DOMAIN, '/sitemap.xml');
    expect(sitemap.body).toContain(`<loc>https://${DOMAIN}/</loc>`);
    expect(sitemap.body).toContain(`<loc>https://${DOMAIN}/about</loc>`);
    expect(sitemap.body).not.toContain('sites.example.com');
    expect((await on(DOMAIN, '/robots.txt')).body).toBe(`User-agent: *\nAllow: /\n\nSitemap: https://${DOMAIN}/sitemap.xml\n`);
    const missing = await on(DOMAIN, '/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Alpha Plumbing');
    // Another site is not reachable through this domain: /beta is a page alpha does not have.
    expect((await on(DOMAIN, '/beta')).statusCode).toBe(404);
  });

  it('forwards the platform address, the other domains and prefixed addresses to the first domain', async () => {
    const platform = await on('sites.example.com', '/alpha/about?x=1');
    expect([platform.statusCode, platform.headers.location]).toEqual([301, `https://${DOMAIN}/about?x=1`]);
    expect((await on('sites.example.com', '/alpha')).headers.location).toBe(`https://${DOMAIN}/`);
    expect((await on('sites.example.com', '/alpha/sitemap.xml')).headers.location).toBe(`https://${DOMAIN}/sitemap.xml`);
    const other = await on('alpha-plumbing.example', '/about');
    expect([other.statusCode, other.headers.location]).toEqual([301, `https://${DOMAIN}/about`]);
    const prefixed = await on(DOMAIN, '/alpha/about');
    expect([prefixed.statusCode, prefixed.headers.location]).toEqual([301, '/about']);
    // Sites without a domain, and unknown hosts, are served as before.
    expect((await on('sites.example.com', '/beta')).statusCode).toBe(200);
    expect((await on('unknown.example', '/beta')).statusCode).toBe(200);
  });

  it('takes a form post at the domain and sends the visitor on there; a post to the platform address keeps its body on the way', async () => {
    const form = new URLSearchParams(contactAnswers((at) => ctx.services.signer.timeToken(at))).toString();
    const page = await on('gamma-basements.example', '/contact');
    expect(page.body).toContain('<form action="/contact" method="post">');
    const posted = await on('gamma-basements.example', '/contact', 'POST', form);
    expect(posted.statusCode).toBe(303);
    expect(String(posted.headers.location)).toMatch(/^\/contact/);
    const old = await on('sites.example.com', '/gamma/contact', 'POST', form);
    expect([old.statusCode, old.headers.location]).toEqual([308, 'https://gamma-basements.example/contact']);
  });

  it("scopes a cart's cookie to the domain's root, and the page it returns to is on the domain", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitewright-domains-shop-'));
    await cp(fileURLToPath(new URL('./fixtures/shop/corner', import.meta.url)), join(dir, 'corner'), { recursive: true });
    const file = join(dir, 'corner', 'site.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('schemaVersion: 1\n', 'schemaVersion: 1\ndomains: [corner-store.example]\n'));
    const shop = await appWithData(dir);
    const added = await shop.app.inject({
      method: 'POST',
      url: '/shop/wooden-crate',
      headers: { host: 'corner-store.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _shop: 'add', product: 'wooden-crate', variant: 'large', quantity: '2' }).toString(),
    });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/shop/wooden-crate?added=large');
    expect(String(added.headers['set-cookie'])).toMatch(/^sw-cart=[^;]+; Path=\/; /);
    const back = await shop.app.inject({
      url: '/shop/wooden-crate?added=large',
      headers: { host: 'corner-store.example', cookie: String(added.headers['set-cookie']).split(';')[0] as string },
    });
    expect(back.body).toContain('Added Wooden crate: Large to your cart.');
    await shop.app.close();
  });

  it("tells the proxy in front which hosts are sites' domains, so it gets certificates for those alone", async () => {
    const yes = await on('127.0.0.1', `/sitewright/domains?domain=${DOMAIN.toUpperCase()}`);
    expect([yes.statusCode, yes.body]).toEqual([200, `${DOMAIN} is the site alpha\n`]);
    expect((await on('127.0.0.1', '/sitewright/domains?domain=evil.example')).statusCode).toBe(404);
    expect((await on('127.0.0.1', '/sitewright/domains')).statusCode).toBe(404);
  });

  it('refuses a domain two sites claim, at the second one, at its line', async () => {
    const fleet = await loadFleet(await sites({ beta: `shop.example, ${DOMAIN}` }), BLOCKS);
    expect(fleet.sites.has('alpha')).toBe(true);
    expect(fleet.sites.has('beta')).toBe(false);
    const [problem] = fleet.broken.get('beta')?.problems ?? [];
    expect(problem).toMatchObject({ code: 'SW_DOMAIN_TAKEN', line: 2, col: 25, length: DOMAIN.length });
    expect(problem?.detail).toBe(`The domain ${DOMAIN} is already claimed by the site "alpha".`);
    expect(fleet.domains.get(DOMAIN)).toBe('alpha');
    expect(fleet.domains.has('shop.example')).toBe(false);
  });
});
