import { mkdir, mkdtemp, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { flat, photo } from '../../tests/helpers/pictures.ts';
import { readMedia } from '../config/media.ts';
import { loadSite } from '../config/load-site.ts';
import { BASE_YAML } from '../../tests/helpers/site.tsx';
import type { ImageFacts } from './facts.ts';
import { ImageVariants } from './maker.ts';
import { BLOCKS } from '../../blocks/registry.ts';

let folder: string;
let hero: ImageFacts;
let badge: ImageFacts;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'sitewright-maker-'));
  await writeFile(join(folder, 'hero.jpg'), await photo(2000, 1333));
  await writeFile(join(folder, 'badge.png'), await flat(300, 100, 'png', 0.5));
  const { facts } = await readMedia(folder);
  hero = facts.images.get('hero.jpg') as ImageFacts;
  badge = facts.images.get('badge.png') as ImageFacts;
});

const cacheDir = () => mkdtemp(join(tmpdir(), 'sitewright-variants-'));

describe('the sized copies of a photo', () => {
  it('are real AVIF, WebP and JPEG files of the width asked for, kept under the hash of their source', async () => {
    const variants = new ImageVariants(await cacheDir());
    for (const [format, decoded] of [
      ['avif', 'heif'],
      ['webp', 'webp'],
      ['jpeg', 'jpeg'],
    ] as const) {
      const file = await variants.get({ folder, name: 'hero.jpg' }, hero, 640, format);
      expect(file).toBe(join(variants.dir, hero.hash.slice(0, 2), `${hero.hash}-640.${format === 'jpeg' ? 'jpg' : format}`));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe(decoded);
      if (format === 'avif') expect(meta.compression).toBe('av1');
      expect(meta.width).toBe(640);
      expect(Math.abs(meta.height - (640 * 1333) / 2000)).toBeLessThan(1);
    }
    expect(variants.made).toBe(3);
  });

  it('keep the transparency of a PNG in its PNG copy', async () => {
    const variants = new ImageVariants(await cacheDir());
    const meta = await sharp(await variants.get({ folder, name: 'badge.png' }, badge, 300, 'png')).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 300, hasAlpha: true });
  });

  it('are made once: a second run over the same folder finds them and writes nothing', async () => {
    const dir = await cacheDir();
    const first = new ImageVariants(dir);
    const made = await Promise.all([320, 640].map((w) => first.get({ folder, name: 'hero.jpg' }, hero, w, 'webp')));
    const times = await Promise.all(made.map(async (f) => (await stat(f)).mtimeMs));
    const second = new ImageVariants(dir);
    const found = await Promise.all([320, 640].map((w) => second.get({ folder, name: 'hero.jpg' }, hero, w, 'webp')));
    expect(found).toEqual(made);
    expect(second.made).toBe(0);
    expect(await Promise.all(found.map(async (f) => (await stat(f)).mtimeMs))).toEqual(times);
  });

  it('made for a visitor go ahead of those made in advance, one at a time, and the same copy asked twice is made once', async () => {
    const variants = new ImageVariants(await cacheDir(), 1);
    const source = { folder, name: 'hero.jpg' };
    const done: string[] = [];
    const ahead = [320, 640, 960, 1280].map((w) => variants.get(source, hero, w, 'jpeg', false).then(() => done.push(`ahead ${w}`)));
    const wanted = variants.get(source, hero, 1920, 'jpeg').then(() => done.push('wanted'));
    const twice = variants.get(source, hero, 1920, 'jpeg').then(() => done.push('wanted again'));
    await Promise.all([...ahead, wanted, twice]);
    // The first copy made in advance had started; the one a visitor waits for comes next.
    expect(done.slice(0, 3)).toEqual(['ahead 320', 'wanted', 'wanted again']);
    expect(variants.made).toBe(5);
  });

  it('are made in advance for every photo a site shows, once per version of the site', async () => {
    const source = `${BASE_YAML}pages:\n  - path: /\n    title: Home\n    blocks:\n      - type: hero\n        heading: Hello\n        image: { src: hero.jpg, alt: A view }\n      - type: logo-strip\n        heading: Members of\n        items: [{ name: Chamber, image: { src: badge.png, alt: "" } }]\n`;
    const media = await readMedia(folder);
    const { site } = loadSite({ blocks: BLOCKS, prefix: 'example', file: 'sites/example/site.yaml', source, media: media.allowed, facts: media.facts });
    const sitesDir = await mkdtemp(join(tmpdir(), 'sitewright-warm-'));
    await mkdir(join(sitesDir, 'example'));
    await symlink(folder, join(sitesDir, 'example', 'media'));
    const variants = new ImageVariants(await cacheDir());
    await variants.warm(site!, sitesDir);
    // hero.jpg: 5 widths up to 2000 (320, 640, 960, 1280, 1920) in 3 formats; badge.png: 1 width (300) in 3.
    expect(variants.made).toBe(5 * 3 + 3);
    await variants.warm(site!, sitesDir);
    expect(variants.made).toBe(18);
    const later = new ImageVariants(variants.dir);
    await later.warm(site!, sitesDir);
    expect(later.made).toBe(0);
  });

  it('stop being made in advance when closed', async () => {
    const variants = new ImageVariants(await cacheDir(), 1);
    const source = { folder, name: 'hero.jpg' };
    const queued = [320, 640, 960].map((w) => variants.get(source, hero, w, 'webp', false));
    await variants.close();
    const settled = await Promise.allSettled(queued);
    // At most the copy already being made is finished; the ones waiting are dropped.
    expect(settled.filter((s) => s.status === 'rejected').length).toBeGreaterThanOrEqual(2);
    expect(variants.made).toBeLessThanOrEqual(1);
    await expect(variants.get(source, hero, 1280, 'webp')).rejects.toThrow('closed');
  });
});
