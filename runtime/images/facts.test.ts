import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { animatedGif, flat, photo } from '../../tests/helpers/pictures.ts';
import { readMedia } from '../config/media.ts';
import { picturesRead } from './facts.ts';
import { planOf } from './variants.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'sitewright-facts-'));
  await mkdir(join(folder, 'team'));
  await writeFile(join(folder, 'hero.jpg'), await photo(1200, 800));
  // Stored 300 wide and 200 high, with EXIF orientation 6: cameras held upright write this, and browsers show it 200 × 300.
  await writeFile(join(folder, 'team', 'upright.jpg'), await photo(300, 200, { orientation: 6 }));
  await writeFile(join(folder, 'badge.png'), await flat(64, 32, 'png', 0.5));
  await writeFile(join(folder, 'banner.webp'), await flat(400, 100, 'webp'));
  await writeFile(join(folder, 'spinner.gif'), await animatedGif(40, 30));
  await writeFile(join(folder, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 60"><rect width="240" height="60"/></svg>');
  // A JPEG's first bytes and nothing after: it passes the check of its type, but is no picture.
  await writeFile(join(folder, 'broken.jpg'), (await photo(64, 64)).subarray(0, 20));
  await writeFile(join(folder, 'menu.pdf'), '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
});

describe("a media folder's pictures", () => {
  it('are read from their files: real size, format, transparency, frames, and a hash of their bytes', async () => {
    const { facts } = await readMedia(folder);
    expect(facts.images.get('hero.jpg')).toMatchObject({ format: 'jpeg', width: 1200, height: 800, alpha: false, animated: false });
    expect(facts.images.get('hero.jpg')?.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(facts.images.get('team/upright.jpg')).toMatchObject({ width: 200, height: 300 });
    expect(facts.images.get('badge.png')).toMatchObject({ format: 'png', width: 64, height: 32, alpha: true });
    expect(facts.images.get('banner.webp')).toMatchObject({ format: 'webp', width: 400, height: 100 });
    expect(facts.images.get('spinner.gif')).toMatchObject({ format: 'gif', width: 40, height: 30, animated: true });
    expect(facts.images.get('logo.svg')).toMatchObject({ format: 'svg', width: 240, height: 60 });
    expect(facts.types.get('menu.pdf')).toBe('application/pdf');
    expect(facts.images.has('menu.pdf')).toBe(false);
    expect(facts.unreadable.get('broken.jpg')).toMatch(/cannot be read as a picture/);
  });

  it('give copies only to photos: not to an SVG or an animated GIF, and never wider than the file', async () => {
    const { facts } = await readMedia(folder);
    const plan = (name: string) => planOf(facts.images.get(name)!);
    expect(plan('hero.jpg')).toEqual({ widths: [320, 640, 960, 1200], fallback: 'jpeg', formats: ['avif', 'webp', 'jpeg'] });
    expect(plan('badge.png')).toEqual({ widths: [64], fallback: 'png', formats: ['avif', 'webp', 'png'] });
    expect(plan('logo.svg')).toBeUndefined();
    expect(plan('spinner.gif')).toBeUndefined();
  });

  it('are not read again while their files stay the same, and are read again when one changes', async () => {
    await readMedia(folder);
    const before = picturesRead();
    const again = await readMedia(folder);
    expect(picturesRead()).toBe(before);
    const oldHash = again.facts.images.get('hero.jpg')?.hash;
    await writeFile(join(folder, 'hero.jpg'), await photo(1600, 900));
    const changed = await readMedia(folder);
    expect(picturesRead()).toBe(before + 1);
    expect(changed.facts.images.get('hero.jpg')).toMatchObject({ width: 1600, height: 900 });
    expect(changed.facts.images.get('hero.jpg')?.hash).not.toBe(oldHash);
  });
});
