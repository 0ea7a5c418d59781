import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appFor } from './helpers/app.ts';

let app: Awaited<ReturnType<typeof appFor>>;
beforeAll(async () => {
  app = await appFor();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('pages', () => {
  it('serves a complete, accessible document with no script when the page has no islands', async () => {
    const res = await get('/alpha/about');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<title>About us | Alpha Plumbing</title>');
    expect(html).toContain('<meta name="description" content="Licensed plumbers serving Millbrook since 2004.">');
    expect(html).toContain('<link rel="canonical" href="https://sites.example.com/alpha/about">');
    expect(html).toContain('<meta property="og:title" content="About us">');
    expect(html).toContain('<a class="skip-link" href="#main">');
    for (const landmark of ['<header class="site-header">', '<nav aria-label="Main"', '<main id="main"', '<footer class="site-footer">'])
      expect(html).toContain(landmark);
    expect(html).toContain('<a href="/alpha/about" aria-current="page">About</a>');
    expect(html).toContain('Ünïcode survives too — “quotes” and all.');
    expect(html).not.toMatch(/<script(?! type="application\/ld\+json")/);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/alpha' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(1000);
  });

  it('ships the loader of the client entry only on a page with an island, and renders the first result on the server', async () => {
    const html = (await get('/alpha/estimate')).body;
    const script = /<script data-src="(\/assets\/client\/[^"]+\.js)">/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(html).toContain('<output>$3,700</output>');
    const js = await get(script as string);
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toContain('immutable');
    expect((await get('/alpha/estimate?rooms=4')).body).toContain('<output>$5,600</output>');
  });

  it('serves collection items and lists them', async () => {
    expect((await get('/alpha/blog/five-signs-of-a-hidden-leak')).body).toContain('<h1>Five signs of a hidden leak</h1>');
    const blog = (await get('/alpha/blog')).body;
    expect(blog.indexOf('Winterising outdoor taps')).toBeLessThan(blog.indexOf('Five signs of a hidden leak'));
  });
});

describe('one canonical address', () => {
  it.each([
    ['/alpha/', '/alpha'],
    ['/alpha/about/', '/alpha/about'],
    ['/ALPHA/about', '/alpha/about'],
    ['/Alpha/blog/?page=2', '/alpha/blog?page=2'],
    ['/alpha//about', '/alpha/about'],
  ])('%s → 301 %s', async (from, to) => {
    const res = await get(from);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });
});

describe('not found and unavailable', () => {
  it("answers an unknown path inside a site with the site's own 404 page", async () => {
    const res = await get('/alpha/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Page not found | Alpha Plumbing</title>');
    expect(res.body).toContain('<nav aria-label="Main"');
    expect(res.body).toMatch(/<link rel="stylesheet" href="\/assets\/theme\.[0-9a-f]{10}\.css">/);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).not.toContain('rel="canonical"');
    expect((await get('/beta/missing')).body).toContain('That loaf is not on the shelf');
  });

  it('answers an unknown prefix with the platform 404', async () => {
    const res = await get('/nosuchsite/about');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('No site at this address');
  });

  it('keeps a broken site out with 503 while the others serve', async () => {
    const res = await get('/broken/anything');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('Site unavailable');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await get('/beta')).statusCode).toBe(200);
  });

  it('never serves a site on a reserved prefix', async () => {
    expect((await get('/api')).statusCode).toBe(404);
  });
});

describe('assets and caching', () => {
  it('serves the site theme and the shared base stylesheet under content hashes, cached for a year, the theme first', async () => {
    const links = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1] as string);
    const [theme, base] = links((await get('/alpha')).body);
    expect(theme).toMatch(/^\/assets\/theme\.[0-9a-f]{10}\.css$/);
    expect(base).toMatch(/^\/assets\/base\.[0-9a-f]{10}\.css$/);
    for (const href of [theme, base] as string[]) {
      const css = await get(href);
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get(theme as string)).body).toMatch(/^:root\{--color-primary:#1d4ed8;[^}]*\}\s*$/);
    // Another site, another theme; the base is the same file for both.
    const [betaTheme, betaBase] = links((await get('/beta')).body);
    expect(betaTheme).not.toBe(theme);
    expect(betaBase).toBe(base);
    expect((await get('/assets/theme.0000000000.css')).statusCode).toBe(404);
  });

  it('answers a repeated request with 304, and compresses a page quickly at once, then at its best off the event loop', async () => {
    const first = await get('/alpha');
    const etag = first.headers.etag as string;
    expect((await get('/alpha', { 'if-none-match': etag })).statusCode).toBe(304);
    const brotli = () => app.inject({ method: 'GET', url: '/alpha', headers: { 'accept-encoding': 'br, gzip' } });
    const quick = await brotli();
    expect(quick.headers['content-encoding']).toBe('br');
    expect(quick.headers.etag).toBe(etag);
    expect(brotliDecompressSync(quick.rawPayload).toString()).toBe(first.body);
    // Asked again: made at the best level in the thread pool, then sent instead, its length told right.
    const best = await vi.waitFor(
      async () => {
        const res = await brotli();
        expect(res.rawPayload.length).toBeLessThan(quick.rawPayload.length);
        return res;
      },
      { timeout: 30_000, interval: 20 },
    );
    expect(Number(best.headers['content-length'])).toBe(best.rawPayload.length);
    expect(brotliDecompressSync(best.rawPayload).toString()).toBe(first.body);
    const gz = await app.inject({ method: 'GET', url: '/alpha', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(first.body);
  });

  it('serves only media files the site has', async () => {
    const logo = await get('/alpha/media/logo.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect((await get('/alpha/media/nope.svg')).statusCode).toBe(404);
    expect((await get('/alpha/media/..%2Fsite.yaml')).statusCode).toBe(404);
    expect((await get('/alpha/media/%E0%A4%A')).statusCode).toBe(400);
  });

  it('sends security headers', async () => {
    const res = await get('/alpha');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('points robots.txt at every site', async () => {
    const res = await get('/robots.txt');
    expect(res.body).toContain('Sitemap: https://sites.example.com/alpha/sitemap.xml');
  });
});
