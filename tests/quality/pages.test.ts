/**
 * The served HTML of the whole fleet, fetched once through app.inject():
 * - links: every internal URL on every address `sitewright routes` prints answers 200 (a
 *   redirect counts as broken), and every #fragment names an element on its page (links.ts);
 * - page basics on every address (so on every page template): one h1, a title unique within its
 *   site, a meta description, lang on <html>, width and height on every <img>;
 * - valid HTML: the W3C Nu HTML Checker (vnu-jar, run once with the machine's java) over every
 *   page template, with no error.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTags, textOf, type Tag } from './html.ts';
import { allRoutes, fleetApp, Problems, templates, type App, type Route } from './fleet.ts';
import { brokenLinks } from './links.ts';
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface Fetched {
  route: Route;
  status: number;
  html: string;
  tags: Tag[];
}

let app: App;
let routes: Route[];
let pages: Fetched[];
let folder: string;
let checker: Promise<{ code: number | null; output: string; files: Map<string, string> }>;

/** Runs the Nu HTML Checker once over every template, while the other checks go on. */
async function startChecker(): Promise<Awaited<typeof checker>> {
  folder = await mkdtemp(join(tmpdir(), 'sitewright-vnu-'));
  const files = new Map<string, string>();
  const byUrl = new Map(pages.map((p) => [p.route.url, p]));
  await Promise.all(
    templates(routes).map(async (route, i) => {
      const file = join(folder, `${String(i).padStart(4, '0')}${route.url.replace(/[^a-z0-9]+/gi, '_')}.html`);
      files.set(file, route.url);
      await writeFile(file, byUrl.get(route.url)?.html ?? '');
    }),
  );
  return new Promise((resolve, reject) => {
    const java = spawn('java', ['-Xss8m', '-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files.keys()], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    java.stdout.on('data', (d) => (output += d));
    java.stderr.on('data', (d) => (output += d));
    java.on('error', (e) => reject(new Error(`could not run java (the Nu HTML Checker needs a Java runtime, 11 or newer): ${e.message}`)));
    java.on('close', (code) => resolve({ code, output, files }));
  });
}

beforeAll(async () => {
  [routes, app] = await Promise.all([allRoutes(), fleetApp()]);
  pages = [];
  for (const route of routes) {
    const res = await app.inject({ method: 'GET', url: route.url });
    pages.push({ route, status: res.statusCode, html: res.body, tags: res.statusCode === 200 ? startTags(res.body) : [] });
  }
  checker = startChecker();
  checker.catch(() => {});
}, 240_000);

afterAll(async () => {
  await app?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the fleet as served', () => {
  it('answers every address with 200', () => {
    expect(routes.length).toBeGreaterThan(1000);
    expect(pages.filter((p) => p.status !== 200).map((p) => `${p.route.url}: ${p.status}`)).toEqual([]);
  });

  it('has no broken internal link or #anchor on any address', async () => {
    const { problems, checked } = await brokenLinks(
      app,
      pages.map((p) => ({ url: p.route.url, status: p.status, tags: p.tags })),
    );
    expect(checked).toBeGreaterThan(routes.length * 5);
    expect(problems.size, `${problems.size} broken link(s) or anchor(s):\n${problems.toString()}`).toBe(0);
  }, 120_000);

  it('gives every address one h1, a title unique in its site, a description, a language and sized images', () => {
    const problems = new Problems();
    const titles = new Map<string, string[]>();
    for (const { route, html, tags } of pages) {
      const h1 = tags.filter((t) => t.name === 'h1').length;
      if (h1 !== 1) problems.add(route.url, `${h1} h1 elements (one is wanted)`);
      const title = textOf(html, 'title');
      if (!title) problems.add(route.url, 'no <title>');
      else titles.set(`${route.site}\n${title}`, [...(titles.get(`${route.site}\n${title}`) ?? []), route.url]);
      const descriptions = tags.filter((t) => t.name === 'meta' && t.attrs.get('name') === 'description');
      if (descriptions.length !== 1 || !descriptions[0]?.attrs.get('content')?.trim()) problems.add(route.url, 'no meta description, or more than one');
      if (
        !tags
          .find((t) => t.name === 'html')
          ?.attrs.get('lang')
          ?.trim()
      )
        problems.add(route.url, 'no lang on <html>');
      for (const img of tags.filter((t) => t.name === 'img')) {
        const sized = ['width', 'height'].every((a) => /^[1-9][0-9]*$/.test(img.attrs.get(a) ?? ''));
        if (!sized) problems.add(route.url, `<img src="${img.attrs.get('src')}"> without a width and a height`);
      }
    }
    for (const [key, at] of titles) {
      if (at.length > 1) for (const url of at) problems.add(url, `title "${key.split('\n')[1]}" is on ${at.length} addresses of the site`);
    }
    expect(problems.size, `${problems.size} problem(s):\n${problems.toString()}`).toBe(0);
  });

  it('serves valid HTML on every page template (W3C Nu HTML Checker)', async () => {
    const { code, output, files } = await checker;
    const start = output.indexOf('{"');
    expect(start, `the checker printed no JSON (exit ${code}):\n${output.slice(0, 2000)}`).toBeGreaterThanOrEqual(0);
    const report = JSON.parse(output.slice(start)) as {
      messages: { type: string; subType?: string; url?: string; message: string; lastLine?: number; extract?: string }[];
    };
    expect(files.size).toBeGreaterThan(100);
    const problems = new Problems();
    for (const m of report.messages) {
      if (m.type !== 'error' && m.subType !== 'fatal') continue;
      const address = (m.url && files.get(decodeURI(m.url.replace(/^file:/, '')))) ?? m.url ?? '?';
      problems.add(address, `${m.message}${m.extract ? `  «${m.extract.replace(/\s+/g, ' ').trim()}»` : ''}`);
    }
    expect(problems.size, `${problems.size} HTML error(s):\n${problems.toString()}`).toBe(0);
    expect(code).toBe(0);
  }, 240_000);
});
