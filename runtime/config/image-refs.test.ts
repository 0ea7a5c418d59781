import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_YAML } from '../../tests/helpers/site.tsx';
import { flat, photo } from '../../tests/helpers/pictures.ts';
import { loadSite } from './load-site.ts';
import { readMedia } from './media.ts';
import { pageHtml } from '../../tests/helpers/site.tsx';
import { BLOCKS } from '../../blocks/registry.ts';

let media: Awaited<ReturnType<typeof readMedia>>;
beforeAll(async () => {
  const folder = await mkdtemp(join(tmpdir(), 'sitewright-image-refs-'));
  await writeFile(join(folder, 'front.jpg'), await photo(1600, 1067));
  await writeFile(join(folder, 'menu.pdf'), '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
  await writeFile(join(folder, 'font.woff2'), Buffer.concat([Buffer.from('wOF2'), Buffer.from([0, 1, 0, 0]), Buffer.alloc(56)]));
  await writeFile(join(folder, 'team.jpg'), await flat(200, 100, 'png'));
  media = await readMedia(folder);
});

/** A site whose home page has a hero with this image (YAML lines under `image:`). */
const withImage = (lines: string[]) =>
  `${BASE_YAML}pages:\n  - path: /\n    title: Home\n    blocks:\n      - type: hero\n        heading: Welcome\n        image:\n${lines.map((l) => `          ${l}`).join('\n')}\n`;

const load = (source: string) =>
  loadSite({ blocks: BLOCKS, prefix: 'example', file: 'sites/example/site.yaml', source, media: media.allowed, facts: media.facts });

/** Does what a fix says to write: each `"key: value"` it quotes replaces that key's line, or is added. */
function applyWrites(source: string, fix: string): string {
  let out = source;
  for (const [, key, value] of fix.matchAll(/"(width|height|src): ([^"]+)"/g)) {
    out = new RegExp(`^(\\s+)${key}: .*$`, 'm').test(out)
      ? out.replace(new RegExp(`^(\\s+)${key}: .*$`, 'm'), `$1${key}: ${value}`)
      : out.replace(/^(\s+)alt: (.*)$/m, `$1alt: $2\n$1${key}: ${value}`);
  }
  return out;
}

/** The line and column (1-based) where a text first appears. */
function placeOf(source: string, text: string): { line: number; col: number } {
  const lines = source.split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  return { line: line + 1, col: (lines[line] as string).indexOf(text) + 1 };
}

const deleteSize = (source: string) => source.replace(/^\s+(width|height): .*\n/gm, '');

describe('an image where it is used', () => {
  it('needs no width or height: the file gives them', () => {
    const result = load(withImage(['src: front.jpg', 'alt: The shop front']));
    expect(result.problems).toEqual([]);
    expect(result.site?.images.get('front.jpg')).toMatchObject({ width: 1600, height: 1067 });
  });

  it.each([
    ['larger than the file', ['width: 3200', 'height: 2134']],
    ['of another shape', ['width: 800', 'height: 800']],
    ['one side larger than the file', ['width: 2000']],
    ['a height larger than the file', ['height: 1500']],
  ])('with a size %s is a problem whose fix, done as written, leaves none', (_, size) => {
    const source = withImage(['src: front.jpg', 'alt: The shop front', ...size]);
    const [problem, ...rest] = load(source).problems;
    expect(rest).toEqual([]);
    expect(problem?.code).toBe('SW_IMAGE_SIZE');
    expect(problem?.detail).toContain('1600 × 1067');
    expect(source.split('\n')[(problem?.line ?? 0) - 1]).toMatch(/^\s+(width|height): \d+$/);
    expect(load(applyWrites(source, problem?.fix ?? '')).problems).toEqual([]);
    expect(problem?.fix).toContain('delete');
    expect(load(deleteSize(source)).problems).toEqual([]);
  });

  it('may be given a smaller size of the same shape (rounded to the pixel), which the page then uses', () => {
    const source = withImage(['src: front.jpg', 'alt: The shop front', 'width: 800', 'height: 533']);
    const result = load(source);
    expect(result.problems).toEqual([]);
    const html = pageHtml(result.site!, '/');
    expect(html).toMatch(
      /<img class="hero-image" src="\/example\/media\/_v\/[0-9a-f]{16}-960\.jpg" srcSet="[^"]+" sizes="[^"]+" alt="The shop front" width="800" height="533"/,
    );
  });

  it('is a problem at its src when the file is a PDF or a font, not a picture', () => {
    for (const [file, words] of [
      ['menu.pdf', 'a PDF document'],
      ['font.woff2', 'a font (WOFF2)'],
    ] as const) {
      const source = withImage([`src: ${file}`, 'alt: Our menu']);
      const [problem, ...rest] = load(source).problems;
      expect(rest).toEqual([]);
      expect(problem).toMatchObject({ code: 'SW_NOT_AN_IMAGE', ...placeOf(source, file) });
      expect(problem?.detail).toContain(`"${file}" is ${words}, not a picture`);
    }
  });

  it('says at its src that a PNG named .jpg is not served, and how to rename it', () => {
    const source = withImage(['src: team.jpg', 'alt: The team']);
    const [problem] = load(source).problems;
    expect(problem).toMatchObject({ code: 'SW_MEDIA_TYPE', ...placeOf(source, 'team.jpg') });
    expect(problem?.detail).toBe(
      '"team.jpg" is a PNG picture, not the JPEG its name says, so it is not served: browsers cannot show it as "image" in the hero block on the page "/".',
    );
    expect(problem?.fix).toBe('rename the file sites/example/media/team.jpg to team.png and write "src: team.png" here, or save it again as a real JPEG.');
  });
});
