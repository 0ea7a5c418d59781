/**
 * Site search over HTTP: the results page without JavaScript (highlighted, escaped snippets,
 * filters, pages, "did you mean", empty and no-result states, noindex), the JSON the box fetches,
 * bad input that always gets a proper page, and the per-visitor limit answering 429.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleet } from '../runtime/fleet.ts';
import { buildApp } from '../runtime/server/app.ts';
import { openServices } from '../runtime/services/index.ts';
import { siteDocuments } from '../runtime/search/documents.ts';
import { languageOf, termOf, words } from '../runtime/search/language.ts';
import { BLOCKS } from '../blocks/registry.ts';

/** Sites with search, loaded alone: six sites, not the fleet. */
const SEARCH_SITES = ['clearpath', 'youthreach', 'oakridge', 'elenamarsh', 'northgatelaw', 'guardianpest'];

async function searchApp(searchesPerMinute = 100_000) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sitewright-search-'));
  const [fleet, services] = await Promise.all([loadFleet('sites', BLOCKS, [...SEARCH_SITES, 'brightsmile']), openServices(dataDir)]);
  const app = await buildApp({ blocks: BLOCKS, fleet, origin: 'https://sites.example.com', services, searchesPerMinute });
  app.addHook('onClose', () => services.store.close());
  return app;
}

type App = Awaited<ReturnType<typeof searchApp>>;
let app: App;
beforeAll(async () => {
  app = await searchApp();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const q = (site: string, query: string, extra = '') => get(`/${site}/search?q=${encodeURIComponent(query)}${extra}`);

describe('the results page', () => {
  it('lists what it found with the words marked, first the page that is about them', async () => {
    const res = await q('clearpath', 'captions');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).toMatch(/\d+ results? for “captions”/);
    const first = /<ol class="search-results"[^>]*><li><h3><a href="([^"]+)"/.exec(res.body);
    expect(first?.[1]).toBe('/clearpath/captions-and-transcripts');
    expect(res.body).toContain('<mark>captions</mark>');
    expect(res.headers['cache-control']).not.toContain('public');
  });

  it('counts results per section and filters by one, keeping the query', async () => {
    const res = await q('clearpath', 'screen reader');
    expect(res.body).toContain('aria-label="Filter results by section"');
    const blog = /<a href="(\/clearpath\/search\?q=screen\+reader&amp;section=posts)">Blog <span class="search-count">\((\d+)\)<\/span>/.exec(res.body);
    expect(blog).not.toBeNull();
    const filtered = await get((blog?.[1] as string).replace(/&amp;/g, '&'));
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body).toContain(`${blog?.[2]} result`);
    expect(filtered.body).toMatch(/aria-current="page">Blog/);
  });

  it('splits many results into pages with links between them', async () => {
    const one = await q('oakridge', 'town');
    expect(one.body).toContain('Page 1 of');
    expect(one.body).toContain('rel="next"');
    const two = await q('oakridge', 'town', '&page=2');
    expect(two.body).toContain('Page 2 of');
    expect(two.body).toContain('rel="prev"');
  });

  it('finds misspelt words and offers a spelling that finds something when nothing is found', async () => {
    const typo = await q('clearpath', 'acessibility');
    expect(typo.body).toContain('<mark>');
    const none = await q('clearpath', 'transcriptz xqzv');
    expect(none.statusCode).toBe(200);
    const nothing = await q('clearpath', 'qqqqzzz');
    expect(nothing.body).toContain('No results for “qqqqzzz”');
    expect(nothing.body).toContain('Check the spelling');
    const suggest = await q('youthreach', 'mentorring programmez');
    if (!suggest.body.includes('search-results')) expect(suggest.body).toContain('Did you mean');
  });

  it('asks for a query when there is none', async () => {
    for (const url of ['/clearpath/search', '/clearpath/search?q=', '/clearpath/search?q=%20%20']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Type a word or two and press Search.');
    }
  });

  it('searches only the first words of a long query over HTTP, and says so on the page', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `colour${i} contrast${i}`).join(' ');
    const page = await q('clearpath', long);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your search was long: only its first words were used.');
    const short = await q('clearpath', 'colour contrast');
    expect(short.body).not.toContain('Your search was long');
  });

  it('answers every kind of bad input with a proper page, never raw HTML from the query', async () => {
    const inputs = ['<script>alert(1)</script>', 'a'.repeat(2000), '.*+?^${}()|[]\\', 'title:foo AND -bar OR "baz', '日本語 ñandú 🙂', '\u0000\u202e', '%%%'];
    for (const input of inputs) {
      const res = await q('clearpath', input);
      expect(res.statusCode, input).toBe(200);
      expect(res.body).not.toContain('<script>alert');
    }
    const scripted = await q('clearpath', '<script>alert(1)</script>');
    expect(scripted.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    for (const page of ['-1', '1000000000', '1e9', 'two', '0', '']) {
      const res = await q('clearpath', 'accessibility', `&page=${page}`);
      expect(res.statusCode, page).toBe(200);
      expect(res.body).toMatch(/Page \d+ of \d+|result/);
    }
    const badSection = await q('clearpath', 'accessibility', '&section=%3Cb%3E');
    expect(badSection.statusCode).toBe(200);
    const broken = await get('/clearpath/search?q=%E0%A4%A');
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('shows a labelled search box in the header of sites with search, and none on the search page itself', async () => {
    const home = await get('/clearpath');
    expect(home.body).toContain('<search class="site-search"><form action="/clearpath/search" method="get">');
    expect(home.body).toContain('<label for="site-search-q" class="visually-hidden">Search Clearpath Access</label>');
    const page = await get('/clearpath/search');
    expect(page.body).not.toContain('site-search-q');
    expect((await get('/youthreach/programs')).body).toContain('site-search-q');
    const without = await get('/brightsmile');
    expect(without.statusCode).toBe(200);
    expect(without.body).not.toContain('site-search');
  });
});

describe('what is searched', () => {
  it('is what a visitor reads on a page with a form, as the static export indexes it: its main text, without the form’s insides', async () => {
    const missing: string[] = [];
    let pages = 0;
    for (const prefix of SEARCH_SITES) {
      const site = app.fleetHolder.current.sites.get(prefix);
      if (!site) throw new Error(`${prefix} did not load`);
      const language = languageOf(site.data.site.language);
      const termsOf = (text: string) => new Set(words(text).flatMap((w) => termOf(w, language) ?? []));
      for (const doc of siteDocuments(site).filter((d) => !d.path.includes('#'))) {
        const html = (await get(`/${prefix}${doc.path === '/' ? '' : doc.path}`)).body;
        if (!/<form[^>]*method="post"/.test(html)) continue;
        pages++;
        // As Pagefind reads it (static-index.ts): <main>, without forms that post, menus and scripts.
        const main = (/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '')
          .replace(/<form[^>]*action=[\s\S]*?<\/form>/g, ' ')
          .replace(/<(nav|script)[\s\S]*?<\/\1>/g, ' ')
          .replace(/<[^>]+>/g, ' ')
          .replace(/&#x27;|&#39;/g, "'")
          .replace(/&amp;/g, '&');
        const read = termsOf(main);
        const extra = [...termsOf(`${doc.headings} ${doc.text}`)].filter((t) => !read.has(t));
        if (extra.length) missing.push(`${prefix}${doc.path}: ${extra.join(', ')}`);
      }
    }
    console.log(`pages with a form compared with what the static index reads: ${pages}, with words it would not find: ${missing.length}`);
    expect(pages).toBeGreaterThanOrEqual(SEARCH_SITES.length);
    expect(missing).toEqual([]);
  });
});

describe('a site that only says search: true', () => {
  it('gets its results page at /search, named after the site and left out of search engines', async () => {
    const res = await q('guardianpest', 'mice');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h2>Search Guardian Pest Group</h2>');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(/<ol class="search-results"[^>]*><li><h3><a href="([^"]+)"/.exec(res.body)?.[1]).toBe('/guardianpest/blog/why-mice-move-in-every-october');
    expect((await get('/guardianpest')).body).toContain('action="/guardianpest/search"');
  });

  it('keeps the page an author wrote at /search', async () => {
    expect((await q('clearpath', '')).body).toContain('<h2>Search Clearpath Access</h2>');
  });
});

describe('items without a page of their own', () => {
  it('are found at their place on the page that lists them', async () => {
    const res = await q('youthreach', 'tasha greene');
    expect(/<ol class="search-results"[^>]*><li><h3><a href="([^"]+)"/.exec(res.body)?.[1]).toBe('/youthreach/about#staff-tasha-greene');
    expect((await get('/youthreach/about')).body).toMatch(/<li class="card team-member" id="staff-tasha-greene">/);
  });
});

describe('the JSON the box fetches', () => {
  it('gives the first results as links, the same for everyone', async () => {
    const res = await get('/youthreach/search?_data=search&q=mentor', { accept: 'application/json' });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ total: number; results: { href: string; title: string }[] }>();
    expect(data.total).toBeGreaterThan(0);
    expect(data.results.length).toBeLessThanOrEqual(6);
    expect(data.results[0]?.href).toMatch(/^\/youthreach\//);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the log', () => {
  it('never holds a query, so never one beside the address it came from', async () => {
    const lines: string[] = [];
    const dataDir = await mkdtemp(join(tmpdir(), 'sitewright-search-log-'));
    const [fleet, services] = await Promise.all([loadFleet('sites', BLOCKS, ['clearpath']), openServices(dataDir)]);
    const logged = await buildApp({
      blocks: BLOCKS,
      fleet,
      origin: 'https://sites.example.com',
      services,
      searchesPerMinute: 1,
      logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      for (let i = 0; i < 2; i++) await logged.inject({ method: 'GET', url: '/clearpath/search?q=secretword', remoteAddress: '203.0.113.9' });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((line) => line.includes('secretword'))).toEqual([]);
    } finally {
      await logged.close();
      await services.store.close();
    }
  });
});

describe('the per-visitor limit', () => {
  it('answers 429 once a visitor has searched too often, with a page and with JSON; other visitors go on', async () => {
    const limited = await searchApp(3);
    try {
      const from = (ip: string, url: string) => limited.inject({ method: 'GET', url, remoteAddress: ip });
      for (let i = 0; i < 3; i++) expect((await from('203.0.113.7', '/clearpath/search?q=alt')).statusCode).toBe(200);
      const refused = await from('203.0.113.7', '/clearpath/search?q=alt');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.body).toContain('Too many searches');
      const json = await from('203.0.113.7', '/clearpath/search?_data=search&q=alt');
      expect(json.statusCode).toBe(429);
      expect(json.json()).toHaveProperty('error');
      expect((await from('198.51.100.4', '/clearpath/search?q=alt')).statusCode).toBe(200);
      // Other pages of the site are not counted.
      expect((await from('203.0.113.7', '/clearpath')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
