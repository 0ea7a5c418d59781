/**
 * A site's media folder changed after the site loaded: a file replaced by a link to a secret (the
 * signing key), or a folder replaced by a link to somewhere else, is not served (the site's 404,
 * never the secret), for the file itself and for the sized copies made from a photo. A file that
 * is still a file is served as before, with what a browser asks of a file server.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClient } from '../runtime/client/build.ts';
import { loadFleet } from '../runtime/fleet.ts';
import { ImageVariants } from '../runtime/images/maker.ts';
import { buildApp } from '../runtime/server/app.ts';
import { photo } from './helpers/pictures.ts';
import { PDF } from './helpers/posts.ts';
import { BASE_YAML } from './helpers/site.tsx';
import { BLOCKS } from '../blocks/registry.ts';

const SECRET = 'SIGNING-KEY-0123456789abcdef0123456789abcdef';
let sitesDir: string;
let secretDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;

const SITE = `${BASE_YAML}pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Fresh bread every morning
        image: { src: hero.jpg, alt: Loaves cooling on the rack }
  - path: /about
    title: About
    blocks:
      - type: hero
        heading: Our bakers
        image: { src: team.jpg, alt: The bakers at the long table }
`;

beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'sitewright-media-links-'));
  secretDir = await mkdtemp(join(tmpdir(), 'sitewright-media-secret-'));
  await writeFile(join(secretDir, '.secret'), SECRET);
  await writeFile(join(secretDir, 'menu.pdf'), SECRET);
  const media = join(sitesDir, 'bakery', 'media');
  await mkdir(join(media, 'docs'), { recursive: true });
  await writeFile(join(sitesDir, 'bakery', 'site.yaml'), SITE);
  await writeFile(join(media, 'hero.jpg'), await photo(900, 600));
  await writeFile(join(media, 'team.jpg'), await photo(700, 500));
  await writeFile(join(media, 'price-list.pdf'), PDF);
  await writeFile(join(media, 'docs', 'menu.pdf'), PDF);
  const [fleet, clientEntry] = await Promise.all([loadFleet(sitesDir, BLOCKS), ensureClient(BLOCKS)]);
  expect([...fleet.broken.keys()]).toEqual([]);
  app = await buildApp({
    blocks: BLOCKS,
    fleet,
    origin: 'https://sites.example.com',
    clientEntry,
    images: new ImageVariants(await mkdtemp(join(tmpdir(), 'sitewright-media-copies-'))),
  });
});
afterAll(() => app.close());

/** Puts a link where a media file or folder was, after the site has loaded. */
async function replaceByLink(name: string, target: string) {
  const path = join(sitesDir, 'bakery', 'media', name);
  await rm(path, { recursive: true, force: true });
  await symlink(target, path);
}

describe('a media file replaced by a link after the site loaded', () => {
  it('serves a file that is still a file, with a validator and byte ranges', async () => {
    const whole = await app.inject('/bakery/media/price-list.pdf');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['content-disposition']).toBe('attachment');
    expect(whole.rawPayload.equals(PDF)).toBe(true);
    const again = await app.inject({ url: '/bakery/media/price-list.pdf', headers: { 'if-none-match': String(whole.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const part = await app.inject({ url: '/bakery/media/price-list.pdf', headers: { range: 'bytes=0-3' } });
    expect([part.statusCode, part.headers['content-range'], part.body]).toEqual([206, `bytes 0-3/${PDF.length}`, '%PDF']);
    const head = await app.inject({ method: 'HEAD', url: '/bakery/media/price-list.pdf' });
    expect([head.statusCode, head.body]).toEqual([200, '']);
  });

  it('answers 404, not the secret, for a file that is now a link', async () => {
    await replaceByLink('price-list.pdf', join(secretDir, '.secret'));
    expect(await readFile(join(sitesDir, 'bakery', 'media', 'price-list.pdf'), 'utf8')).toBe(SECRET);
    const res = await app.inject('/bakery/media/price-list.pdf');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(SECRET);
  });

  it('answers 404 for a file in a folder that is now a link to another folder', async () => {
    await replaceByLink('docs', secretDir);
    const res = await app.inject('/bakery/media/docs/menu.pdf');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(SECRET);
  });

  it('makes no sized copy from a photo that is now a link, and does not send what it points to instead', async () => {
    // Before the site's first page, so no copy of it is made yet.
    await replaceByLink('team.jpg', join(secretDir, '.secret'));
    const page = await app.inject('/bakery/about');
    const copy = /\/bakery\/media\/_v\/[0-9a-f]{16}-\d+\.jpg/.exec(page.body)?.[0];
    expect(copy).toBeDefined();
    const res = await app.inject(copy as string);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(SECRET);
    // The photo that is still a file still gets its copies.
    const hero = /\/bakery\/media\/_v\/[0-9a-f]{16}-\d+\.jpg/.exec((await app.inject('/bakery')).body)?.[0];
    expect((await app.inject(hero as string)).statusCode).toBe(200);
  });
});
