/**
 * Photos as visitors get them: a page offers each photo in AVIF, WebP and JPEG at several widths
 * with its real size; a copy is served under the site's media address with a year-long immutable
 * cache; nothing else is made or served there (another site's photo, a width not offered, a
 * made-up name, a path climbing out); and a static export holds every copy its pages point at.
 */
import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClient } from '../runtime/client/build.ts';
import { exportSites } from '../runtime/export.ts';
import { loadFleet } from '../runtime/fleet.ts';
import { ImageVariants } from '../runtime/images/maker.ts';
import { buildApp } from '../runtime/server/app.ts';
import { BASE_YAML } from './helpers/site.tsx';
import { photo } from './helpers/pictures.ts';
import { BLOCKS } from '../blocks/registry.ts';
import { BLOCKS_MODULE } from '../cli/blocks.ts';

let sitesDir: string;
let cache: string;
let images: ImageVariants;
let app: Awaited<ReturnType<typeof buildApp>>;
let heroBytes: number;

/** A site with a hero photo on its home page and a card on /about. */
const siteYaml = (name: string, file: string, domains = '') =>
  BASE_YAML.replace('Maple Falls Dental', name).replace('schemaVersion: 1\n', `schemaVersion: 1\n${domains}`) +
  `pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Fresh bread every morning
        style: split
        image:
          src: ${file}
          alt: Loaves cooling on the rack by the window
  - path: /about
    title: About us
    blocks:
      - type: cards
        heading: Our bakers
        cards:
          - title: The morning shift
            text: In from four o'clock.
            image: { src: ${file}, alt: The bakers at the long table }
`;

async function addSite(prefix: string, file: string, bytes: Buffer, domains = '') {
  await mkdir(join(sitesDir, prefix, 'media'), { recursive: true });
  await writeFile(join(sitesDir, prefix, 'media', file), bytes);
  await writeFile(join(sitesDir, prefix, 'site.yaml'), siteYaml(prefix, file, domains));
}

beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'sitewright-images-'));
  cache = await mkdtemp(join(tmpdir(), 'sitewright-image-cache-'));
  const hero = await photo(2400, 1600);
  heroBytes = hero.length;
  await addSite('bakery', 'hero.jpg', hero);
  await addSite('florist', 'shop.jpg', await photo(700, 525, { quality: 70 }));
  await addSite('corner', 'front.jpg', await photo(800, 600, { quality: 75 }), 'domains: [www.corner-bakery.example]\n');
  // A logo as large as a photo: what a link to the site shows.
  await addSite('cafe', 'sign.jpg', await photo(2400, 1600));
  await writeFile(
    join(sitesDir, 'cafe', 'site.yaml'),
    siteYaml('cafe', 'sign.jpg').replace(
      '  email: hello@maplefalls.example.com\n',
      '  email: hello@maplefalls.example.com\n  logo: { src: sign.jpg, alt: The painted sign over the door }\n',
    ),
  );
  images = new ImageVariants(cache);
  const [fleet, clientEntry] = await Promise.all([loadFleet(sitesDir, BLOCKS), ensureClient(BLOCKS)]);
  expect([...fleet.broken.keys()]).toEqual([]);
  app = await buildApp({ blocks: BLOCKS, fleet, origin: 'https://sites.example.com', clientEntry, images });
});
afterAll(() => app.close());

/** Every address in a page's srcset attributes, and the <picture> around the first image. */
const srcsetUrls = (html: string) => [...html.matchAll(/srcSet="([^"]+)"/g)].flatMap((m) => (m[1] as string).split(', ').map((e) => e.split(' ')[0] as string));

describe('a page with a large photo', () => {
  it('offers it as a <picture> of AVIF and WebP sources and a JPEG <img>, in widths up to the file, with its real size', async () => {
    const res = await app.inject('/bakery');
    expect(res.statusCode).toBe(200);
    const picture = /<picture>.*?<\/picture>/s.exec(res.body)?.[0] ?? '';
    const hash = /\/bakery\/media\/_v\/([0-9a-f]{16})-/.exec(picture)?.[1];
    expect(hash).toBeDefined();
    const set = (ending: string) => [320, 640, 960, 1280, 1920].map((w) => `/bakery/media/_v/${hash}-${w}.${ending} ${w}w`).join(', ');
    const sizes = '(min-width: 74.5rem) 33rem, (min-width: 56rem) 46vw, calc(100vw - 2.5rem)';
    expect(picture).toBe(
      `<picture><source type="image/avif" srcSet="${set('avif')}" sizes="${sizes}"/><source type="image/webp" srcSet="${set('webp')}" sizes="${sizes}"/>` +
        `<img class="hero-image" src="/bakery/media/_v/${hash}-960.jpg" srcSet="${set('jpg')}" sizes="${sizes}" alt="Loaves cooling on the rack by the window" width="2400" height="1600" loading="eager" decoding="async"/></picture>`,
    );
  });

  it('gives a card the sizes of a card, about a third of the band on a wide screen', async () => {
    const res = await app.inject('/bakery/about');
    expect(res.body).toContain('sizes="(min-width: 74.5rem) 24rem, (min-width: 60rem) 33vw, (min-width: 40rem) 50vw, calc(100vw - 2.5rem)"');
    expect(res.body).toContain('loading="lazy"');
  });
});

describe('a link preview', () => {
  it('shows a sized JPEG copy of the site’s picture, no wider than 1280 px, with its size, never the original', async () => {
    const res = await app.inject('/cafe/about');
    const url = /<meta property="og:image" content="https:\/\/sites\.example\.com(\/cafe\/media\/_v\/[0-9a-f]{16}-1280\.jpg)">/.exec(res.body)?.[1];
    expect(url, res.body.slice(0, 2000)).toBeDefined();
    expect(res.body).toContain('<meta property="og:image:width" content="1280">\n<meta property="og:image:height" content="853">');
    expect(res.body).not.toContain('content="https://sites.example.com/cafe/media/sign.jpg"');
    const copy = await app.inject(url as string);
    expect([copy.statusCode, copy.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect((await sharp(copy.rawPayload).metadata()).width).toBe(1280);
  });
});

describe('a copy of a photo', () => {
  it('is served with its type and a year-long immutable cache, smaller than the file it comes from', async () => {
    const page = await app.inject('/bakery');
    for (const url of srcsetUrls(page.body).filter((u) => u.includes('-640.'))) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      const format = url.endsWith('.avif') ? 'avif' : url.endsWith('.webp') ? 'webp' : 'jpeg';
      expect(res.headers['content-type'], url).toBe(`image/${format}`);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width, url).toBe(640);
      expect(res.rawPayload.length, url).toBeLessThan(heroBytes / 10);
    }
  });

  it('is made once: asked again, it comes from the disk unchanged', async () => {
    const url = srcsetUrls((await app.inject('/bakery')).body).find((u) => u.endsWith('-320.webp')) as string;
    const first = await app.inject(url);
    const name = url.split('/').pop() as string;
    const file = join(cache, name.slice(0, 2), name);
    const written = (await stat(file)).mtimeMs;
    const again = await app.inject(url);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await stat(file)).mtimeMs).toBe(written);
  });

  it("is the site's 404 for another site's photo, a width or format not offered, a made-up hash, or a path that climbs out", async () => {
    const florist = srcsetUrls((await app.inject('/florist')).body).find((u) => u.endsWith('-640.webp')) as string;
    const bakery = srcsetUrls((await app.inject('/bakery')).body).find((u) => u.endsWith('-640.webp')) as string;
    const hash = /_v\/([0-9a-f]{16})-/.exec(bakery)?.[1] as string;
    expect((await app.inject(florist)).statusCode).toBe(200);
    for (const url of [
      florist.replace('/florist/', '/bakery/'),
      `/bakery/media/_v/${hash}-641.webp`,
      `/bakery/media/_v/${hash}-2400.webp`,
      `/bakery/media/_v/${hash}-640.gif`,
      `/bakery/media/_v/${hash}-640.png`,
      `/bakery/media/_v/${'0'.repeat(16)}-640.webp`,
      `/bakery/media/_v/..%2f..%2fflorist%2fmedia%2fshop.jpg`,
      `/bakery/media/_v/..%2F..%2F..%2Fsite.yaml`,
      `/bakery/media/_v/%2e%2e%2fhero.jpg`,
      `/bakery/media/..%2f..%2fflorist/site.yaml`,
      `/bakery/media/_v/${hash}-640.webp%00.jpg`,
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
    // Nothing was made for them: the cache holds only copies the photos offer (and, meanwhile, the ones being made in advance).
    const kept = await readdir(join(cache, hash.slice(0, 2)));
    expect(kept.filter((f) => f.startsWith(hash) && !/-(320|640|960|1280|1920)\.(avif|webp|jpg)(\.[0-9a-f]{12}\.tmp)?$/.test(f))).toEqual([]);
  });

  it('is named at the site’s own domain in its pages, and served there', async () => {
    const res = await app.inject({ url: '/', headers: { host: 'www.corner-bakery.example' } });
    expect(res.statusCode).toBe(200);
    const urls = srcsetUrls(res.body);
    expect(urls.length).toBeGreaterThan(0);
    expect(
      urls.every((u) => /^\/media\/_v\/[0-9a-f]{16}-\d+\.(avif|webp|jpg)$/.test(u)),
      urls.join(),
    ).toBe(true);
    const copy = await app.inject({ url: urls[0] as string, headers: { host: 'www.corner-bakery.example' } });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('a static export', () => {
  it('holds every copy its pages point at, and no other', async () => {
    const out = await mkdtemp(join(tmpdir(), 'sitewright-images-export-'));
    // One site with a small photo (nine copies), through the export's worker thread as `sitewright build` runs it.
    const result = await exportSites({
      blocksModule: BLOCKS_MODULE,
      sitesDir,
      out,
      origin: 'https://sites.example.com',
      prefixes: ['florist'],
      imageCacheDir: cache,
      threads: 1,
    });
    expect(result.failed).toEqual([]);
    for (const prefix of ['florist']) {
      const named = new Set<string>();
      for (const page of ['index.html', 'about/index.html', '404.html']) {
        for (const url of srcsetUrls(await readFile(join(out, prefix, page), 'utf8'))) named.add(url);
      }
      expect(named.size).toBeGreaterThan(0);
      for (const url of named) {
        const file = join(out, url);
        expect((await stat(file)).size, url).toBeGreaterThan(0);
      }
      const written = await readdir(join(out, prefix, 'media', '_v'));
      expect(written.sort()).toEqual([...named].map((u) => u.split('/').pop() as string).sort());
    }
    const avif = (await readdir(join(out, 'florist', 'media', '_v'))).find((f) => f.endsWith('-700.avif')) as string;
    expect(await sharp(join(out, 'florist', 'media', '_v', avif)).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 700 });
  });
});
