import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleet, type Fleet } from '../runtime/fleet.ts';
import { renderNotFound, renderPage } from '../runtime/render/page.tsx';
import { publicPath } from '../runtime/render/page-path.ts';
import { blogOf } from '../runtime/render/structured-data.ts';
import { sitemapXml, xml } from '../runtime/render/feeds.ts';
import { ORGANIZATION_KINDS } from '../schema/kinds.ts';
import { appFor } from './helpers/app.ts';
import { BASE_YAML, siteFrom } from './helpers/site.tsx';
import { BLOCKS } from '../blocks/registry.ts';

const ORIGIN = 'https://sites.example.com';
const REAL_FLEET = fileURLToPath(new URL('../sites', import.meta.url));
const rich = (text: string) => `    blocks:\n      - type: rich-text\n        markdown: ${text}\n`;

/** A blog of 25 posts in two categories, a thank-you page and a job. */
const BLOG_YAML = `${BASE_YAML}pages:
  - path: /
    title: Home
${rich('Hi.')}
  - path: /blog
    title: Blog
${rich('Notes.')}
  - path: /blog/{slug}
    from: posts
  - path: /blog/topic/{category}
    from: posts
    groupBy: category
  - path: /jobs/{slug}
    from: jobs
  - path: /thanks
    title: Thank you
    noindex: true
${rich('Thanks.')}
collections:
  jobs:
    kind: job
    items:
      - title: Hygienist
        location: Maple Falls
        employment: part-time
        posted: 2026-05-01
        body: Clean teeth.
  posts:
    kind: post
    items:
${Array.from({ length: 25 }, (_, i) => {
  const day = String(i + 1).padStart(2, '0');
  return `      - title: Post ${i + 1}${i === 0 ? ' & <friends>' : ''}
        date: 2026-03-${day}${i === 24 ? '\n        updated: 2026-04-02' : ''}
        category: ${i % 5 === 0 ? 'Kids & teens' : 'Prevention'}
        ${i === 20 ? 'author: Dr. Lee\n        ' : ''}summary: Summary ${i + 1}.
        body: Body ${i + 1}.`;
}).join('\n')}
`;

const PLAIN_YAML = `${BASE_YAML}pages:\n  - path: /\n    title: Home\n${rich('Hi.')}`;

let dir: string;
let app: Awaited<ReturnType<typeof appFor>>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitewright-seo-'));
  for (const [prefix, yaml] of [
    ['smile', BLOG_YAML],
    ['plain', PLAIN_YAML],
    ['broken', 'schemaVersion: 1\n'],
  ] as const) {
    await mkdir(join(dir, prefix));
    await writeFile(join(dir, prefix, 'site.yaml'), yaml);
  }
  app = await appFor(dir, ORIGIN);
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
/** Parses XML strictly: anything malformed throws. */
const parseXml = (text: string) => new JSDOM(text, { contentType: 'application/xml' }).window.document;
const texts = (doc: Document, tag: string) => [...doc.getElementsByTagName(tag)].map((e) => e.textContent ?? '');

describe('/<site>/sitemap.xml', () => {
  it('lists every page and every item page with absolute addresses, and leaves out noindex pages', async () => {
    const res = await get('/smile/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const doc = parseXml(res.body);
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = texts(doc, 'loc');
    expect(locs).toContain(`${ORIGIN}/smile`);
    expect(locs).toContain(`${ORIGIN}/smile/blog`);
    expect(locs).toContain(`${ORIGIN}/smile/blog/post-25`);
    expect(locs).toContain(`${ORIGIN}/smile/blog/topic/kids-and-teens`);
    expect(locs).toContain(`${ORIGIN}/smile/jobs/hygienist`);
    expect(locs).not.toContain(`${ORIGIN}/smile/thanks`);
    expect(locs).toHaveLength(1 + 1 + 25 + 2 + 1);
  });

  it('gives content dates as lastmod: a post its update, a job when posted, a category its newest post', async () => {
    const doc = parseXml((await get('/smile/sitemap.xml')).body);
    const lastmod: Record<string, string | undefined> = Object.fromEntries(
      [...doc.getElementsByTagName('url')].map((u) => [
        u.getElementsByTagName('loc')[0]?.textContent ?? '',
        u.getElementsByTagName('lastmod')[0]?.textContent ?? undefined,
      ]),
    );
    expect(lastmod[`${ORIGIN}/smile/blog/post-3`]).toBe('2026-03-03');
    expect(lastmod[`${ORIGIN}/smile/blog/post-25`]).toBe('2026-04-02');
    expect(lastmod[`${ORIGIN}/smile/jobs/hygienist`]).toBe('2026-05-01');
    expect(lastmod[`${ORIGIN}/smile/blog/topic/prevention`]).toBe('2026-04-02');
    expect(lastmod[`${ORIGIN}/smile/blog`]).toBeUndefined();
  });

  it('never gives a lastmod in the future', () => {
    const site = siteFrom(BLOG_YAML);
    const doc = parseXml(sitemapXml(site, ORIGIN, '2026-03-10'));
    expect(texts(doc, 'lastmod').every((d) => d <= '2026-03-10')).toBe(true);
    expect(texts(doc, 'lastmod')).toContain('2026-03-10');
  });

  it('escapes what it writes', () => {
    expect(xml(`a & b <c> "d" 'e'\u0001`)).toBe('a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;');
    const doc = parseXml(sitemapXml(siteFrom(BLOG_YAML), 'https://x.example.com/?a=1&b=2', '2026-12-31'));
    expect(texts(doc, 'loc')[0]).toBe('https://x.example.com/?a=1&b=2/example');
  });

  it('is made once per site version and answered with an ETag', async () => {
    const first = await get('/smile/sitemap.xml');
    expect(first.headers.etag).toBeDefined();
    expect((await get('/smile/sitemap.xml', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    expect((await get('/smile/sitemap.xml')).body).toBe(first.body);
  });

  it('answers one canonical address, and 404 or 503 where there is no site', async () => {
    expect((await get('/Smile/sitemap.xml')).headers.location).toBe('/smile/sitemap.xml');
    expect((await get('/smile/sitemap.xml/')).headers.location).toBe('/smile/sitemap.xml');
    expect((await get('/nosuch/sitemap.xml')).statusCode).toBe(404);
    expect((await get('/broken/sitemap.xml')).statusCode).toBe(503);
    expect((await app.inject({ method: 'HEAD', url: '/smile/sitemap.xml' })).statusCode).toBe(200);
  });
});

describe('/<site>/feed.xml', () => {
  it('is RSS 2.0 of the newest 20 posts, newest first, with title, link, guid, date and summary', async () => {
    const res = await get('/smile/feed.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const doc = parseXml(res.body);
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    const channel = doc.getElementsByTagName('channel')[0] as Element;
    expect(channel.getElementsByTagName('title')[0]?.textContent).toBe('Maple Falls Dental');
    expect(channel.getElementsByTagName('link')[0]?.textContent).toBe(`${ORIGIN}/smile/blog`);
    expect(channel.getElementsByTagName('description')[0]?.textContent).toBe('Family dentistry in Maple Falls.');
    expect(channel.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0]?.getAttribute('href')).toBe(`${ORIGIN}/smile/feed.xml`);
    const items = [...doc.getElementsByTagName('item')];
    expect(items).toHaveLength(20);
    const first = items[0] as Element;
    const field = (item: Element, tag: string) => item.getElementsByTagName(tag)[0]?.textContent;
    expect(field(first, 'title')).toBe('Post 25');
    expect(field(first, 'link')).toBe(`${ORIGIN}/smile/blog/post-25`);
    expect(field(first, 'guid')).toBe(`${ORIGIN}/smile/blog/post-25`);
    expect(first.getElementsByTagName('guid')[0]?.getAttribute('isPermaLink')).toBe('true');
    expect(field(first, 'pubDate')).toBe('Wed, 25 Mar 2026 00:00:00 GMT');
    expect(field(first, 'description')).toBe('Summary 25.');
    expect(items.map((i) => field(i, 'title'))).toEqual(Array.from({ length: 20 }, (_, i) => `Post ${25 - i}`));
    expect(channel.getElementsByTagName('lastBuildDate')[0]?.textContent).toBe('Thu, 02 Apr 2026 00:00:00 GMT');
  });

  it('keeps author text as text', async () => {
    const body = (await get('/smile/feed.xml?category=kids-and-teens')).body;
    const items = [...parseXml(body).getElementsByTagName('item')];
    expect(items.at(-1)?.getElementsByTagName('title')[0]?.textContent).toBe('Post 1 & <friends>');
    expect(body).toContain('<title>Post 1 &amp; &lt;friends&gt;</title>');
  });

  it('has a feed per category at ?category=<slug>', async () => {
    const res = await get('/smile/feed.xml?category=kids-and-teens');
    expect(res.statusCode).toBe(200);
    const doc = parseXml(res.body);
    expect(doc.getElementsByTagName('title')[0]?.textContent).toBe('Maple Falls Dental: Kids & teens');
    expect(doc.getElementsByTagName('link')[0]?.textContent).toBe(`${ORIGIN}/smile/blog/topic/kids-and-teens`);
    expect(texts(doc, 'category').every((c) => c === 'Kids & teens')).toBe(true);
    expect(doc.getElementsByTagName('item')).toHaveLength(5);
    expect(doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0]?.getAttribute('href')).toBe(`${ORIGIN}/smile/feed.xml?category=kids-and-teens`);
  });

  it('names a post author as dc:creator', async () => {
    const doc = parseXml((await get('/smile/feed.xml')).body);
    expect(doc.getElementsByTagNameNS('http://purl.org/dc/elements/1.1/', 'creator')[0]?.textContent).toBe('Dr. Lee');
  });

  it("answers the site's own 404 for a category it does not have, and on a site without a blog", async () => {
    for (const url of ['/smile/feed.xml?category=nope', '/smile/feed.xml?category=a&category=b', '/plain/feed.xml']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<title>Page not found | Maple Falls Dental</title>');
    }
  });

  it('is announced in the head of the blog', async () => {
    const html = (await get('/smile/blog/topic/prevention')).body;
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml" title="Maple Falls Dental" href="${ORIGIN}/smile/feed.xml">`);
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Maple Falls Dental: Prevention" href="${ORIGIN}/smile/feed.xml?category=prevention">`,
    );
  });
});

// Every page of 103 sites, rendered and parsed: CPU-bound work that takes several times longer on a busy machine.
describe('the real fleet', { timeout: 180_000 }, () => {
  let fleet: Fleet;
  let real: Awaited<ReturnType<typeof appFor>>;
  beforeAll(async () => {
    fleet = await loadFleet(REAL_FLEET, BLOCKS);
    real = await appFor(REAL_FLEET, ORIGIN);
  });
  afterAll(() => real?.close());

  it('points robots.txt at every site', async () => {
    const body = (await real.inject({ method: 'GET', url: '/robots.txt' })).body;
    for (const prefix of fleet.sites.keys()) expect(body).toContain(`Sitemap: ${ORIGIN}/${prefix}/sitemap.xml\n`);
  });

  it('has valid sitemaps listing exactly the pages search engines may list', async () => {
    for (const site of fleet.sites.values()) {
      const res = await real.inject({ method: 'GET', url: `/${site.prefix}/sitemap.xml` });
      expect(res.statusCode, site.prefix).toBe(200);
      const locs = texts(parseXml(res.body), 'loc');
      const expected = site.targets.filter((t) => !t.page.noindex).map((t) => ORIGIN + publicPath(site.prefix, t.path));
      expect(locs, site.prefix).toEqual(expected);
    }
  });

  it('serves every address a sitemap lists as a page that may be indexed', async () => {
    for (const site of fleet.sites.values()) {
      for (const t of site.targets.filter((t) => !t.page.noindex)) {
        const res = await real.inject({ method: 'GET', url: publicPath(site.prefix, t.path) });
        expect(res.statusCode, t.path).toBe(200);
        expect(res.body, t.path).not.toContain('noindex');
      }
    }
  });

  it('has a valid feed for every blog', async () => {
    const blogs = [...fleet.sites.values()].filter((s) => blogOf(s));
    expect(blogs.length).toBeGreaterThan(5);
    for (const site of blogs) {
      const blog = blogOf(site);
      for (const category of [undefined, ...(blog?.categories.keys() ?? [])]) {
        const url = `/${site.prefix}/feed.xml${category ? `?category=${category}` : ''}`;
        const res = await real.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(parseXml(res.body).getElementsByTagName('item').length, url).toBeGreaterThan(0);
      }
    }
  });

  it('gives every page JSON-LD that parses and names the organisation', () => {
    let pages = 0;
    for (const site of fleet.sites.values()) {
      const options = { origin: ORIGIN, assets: { stylesheet: '/assets/test.css' } };
      const rendered = [...site.targets.map((t) => [t.path, renderPage(site, t, options).html]), ['404', renderNotFound(site, '/404', options).html]];
      for (const [path, html] of rendered) {
        const scripts = [...(html as string).matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
        expect(scripts, `${site.prefix} ${path}`).toHaveLength(1);
        const graph = (JSON.parse(scripts[0]?.[1] as string) as { '@graph': Record<string, unknown>[] })['@graph'];
        expect(graph[0], `${site.prefix} ${path}`).toMatchObject({
          '@type': ORGANIZATION_KINDS[site.data.site.kind].schemaOrg,
          '@id': `${ORIGIN}/${site.prefix}#organization`,
          name: site.data.site.name,
        });
        for (const node of graph) expect(typeof node['@type']).toBe('string');
        pages++;
      }
    }
    expect(pages).toBeGreaterThan(1000);
  });
});
