import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleet } from '../runtime/fleet.ts';
import { FIXTURE_FLEET } from './helpers/app.ts';

const run = promisify(execFile);
const CLI = new URL('../cli/sitewright.mjs', import.meta.url).pathname;
const TYPES: Record<string, string> = { '.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.txt': 'text/plain' };

/** The plainest file server: a path is a file, or a folder with an index.html. */
function fileServer(root: string): Server {
  return createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    for (const candidate of [join(root, path), join(root, path, 'index.html')]) {
      const info = await stat(candidate).catch(() => undefined);
      if (info?.isFile()) {
        res.writeHead(200, { 'content-type': TYPES[extname(candidate)] ?? 'application/octet-stream' });
        res.end(await readFile(candidate));
        return;
      }
    }
    res.writeHead(404).end();
  });
}

let out: string;
let server: Server;
let origin: string;
let stdout: string;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'sitewright-build-'));
  ({ stdout } = await run(process.execPath, [CLI, 'build', '--out', out, '--sites', FIXTURE_FLEET, '--origin', 'https://sites.example.com']).catch((e) => e as { stdout: string }));
  server = fileServer(out);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('sitewright build', () => {
  it('says how many pages it wrote and how fast', () => {
    expect(stdout).toMatch(/Exported 7 pages of 2 sites to .* \(\d+ pages per second\)/);
  });

  it('writes every page, served as it is by a plain file server, with its stylesheet and scripts', async () => {
    const fleet = await loadFleet(FIXTURE_FLEET);
    for (const site of fleet.sites.values()) {
      for (const target of site.targets) {
        const url = `/${site.prefix}${target.path === '/' ? '' : target.path}`;
        const res = await fetch(origin + url);
        expect(res.status, url).toBe(200);
        const html = await res.text();
        expect(html).toContain(`<link rel="canonical" href="https://sites.example.com${url}">`);
        for (const [, asset] of html.matchAll(/(?:href|src)="(\/(?:assets|alpha\/media|beta\/media)\/[^"]+)"/g)) {
          expect((await fetch(origin + asset)).status, asset).toBe(200);
        }
      }
    }
    expect((await fetch(`${origin}/alpha/404.html`)).status).toBe(200);
    expect(await (await fetch(`${origin}/alpha/sitemap.xml`)).text()).toContain('<loc>https://sites.example.com/alpha/about</loc>');
    expect((await fetch(`${origin}/alpha/feed.xml`)).status).toBe(200);
  });

  it('leaves invalid sites out', async () => {
    expect((await fetch(`${origin}/broken`)).status).toBe(404);
  });
});
