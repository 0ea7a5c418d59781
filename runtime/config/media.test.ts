import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFleet } from '../fleet.ts';
import { buildApp } from '../server/app.ts';
import { formatProblem } from './problem.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const ALPHA = fileURLToPath(new URL('../../tests/fixtures/fleet/alpha/', import.meta.url));
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitewright-media-'));
  await cp(ALPHA, join(dir, 'alpha'), { recursive: true });
  await writeFile(join(dir, 'alpha', 'media', 'photo.png'), PNG);
  await writeFile(join(dir, 'alpha', 'media', 'brochure.pdf'), Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'));
  for (const [prefix, file, body] of [
    ['page', 'evil.html', '<script>fetch("/alpha").then((r) => r.text()).then(alert)</script>'],
    ['script', 'evil.js', 'alert(document.cookie)'],
    ['disguised', 'logo.png', '<html><script>alert(1)</script></html>'],
    ['nameless', 'README', 'hello'],
  ] as const) {
    await cp(ALPHA, join(dir, prefix), { recursive: true });
    await writeFile(join(dir, prefix, 'media', file), body);
  }
});

describe("a site's media folder", () => {
  it('refuses a web page, a script, a file whose bytes are not what its name says, and one without a name ending', async () => {
    const fleet = await loadFleet(dir, BLOCKS);
    expect([...fleet.sites.keys()]).toEqual(['alpha']);
    for (const prefix of ['page', 'script', 'disguised', 'nameless']) {
      const result = fleet.broken.get(prefix);
      expect(result?.problems[0]?.code, prefix).toBe('SW_MEDIA_TYPE');
    }
    const text = formatProblem(fleet.broken.get('disguised')!.problems[0]!, '');
    expect(text).toContain('disguised/media/logo.png:1:1  SW_MEDIA_TYPE  A media file cannot be served');
    expect(text).toContain('not the PNG its name says');
    expect(text).not.toContain(' | ');
  });

  it('serves pictures and documents with headers that keep them inert, and nothing of a refused site', async () => {
    const app = await buildApp({ blocks: BLOCKS, fleet: await loadFleet(dir, BLOCKS), origin: 'https://sites.example.com' });
    const svg = await app.inject('/alpha/media/logo.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-security-policy']).toContain('sandbox');
    const pdf = await app.inject('/alpha/media/brochure.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe('attachment');
    expect((await app.inject('/alpha/media/photo.png')).headers['content-type']).toBe('image/png');
    expect((await app.inject('/page/media/evil.html')).statusCode).toBe(503);
    expect((await app.inject('/script/media/evil.js')).statusCode).toBe(503);
    await app.close();
  });
});
