/**
 * 200 script-injection payloads through every kind of text a site or a visitor can write: site
 * identity, menu, page titles and descriptions, block headings, Markdown, questions and answers,
 * a blog post's fields, form labels, help and intro, and answers sent back with an error. Every
 * page is parsed and must hold no script but ours, no event handler and no script URL.
 */
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { LOADER } from '../../runtime/client/loader.ts';
import { loadSite } from '../../runtime/config/load-site.ts';
import { formatProblem } from '../../runtime/config/problem.ts';
import { renderNotFound, renderPage } from '../../runtime/render/page.tsx';
import type { Site } from '../../runtime/site.ts';
import { appWithData } from '../helpers/app.ts';
import { PAYLOADS } from './payloads.ts';
import { BLOCKS } from '../../blocks/registry.ts';

/** The tag of the islands' loader: the entry it imports is one of ours; its text is checked when the tag closes. */
const isLoader = (attributes: Record<string, string>) =>
  Object.keys(attributes).every((k) => ['data-src', 'data-load', 'data-visible'].includes(k)) && Boolean(attributes['data-src']?.startsWith('/assets/client/'));

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'srcset', 'background']);
/** A URL that runs script when followed or loaded; an empty `data:,` or a raster picture cannot. */
const SCRIPT_URL = /^(javascript:|vbscript:|data:(?!,$|image\/(png|jpe?g|gif|webp)[;,]))/i;

/** The characters a browser skips inside a URL's scheme: spaces, tabs, newlines and other controls. */
const withoutControls = (value: string) => [...value].filter((c) => c.charCodeAt(0) > 0x20).join('');

/** What in a page could run script: a description of each, empty when the page is inert. */
export function scriptsIn(html: string): string[] {
  const found: string[] = [];
  let inScript: { type?: string; src?: string } | undefined;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        for (const [key, value] of Object.entries(attributes)) {
          if (key.startsWith('on')) found.push(`<${name} ${key}>`);
          // Browsers drop tabs, newlines and control characters inside a scheme: so do we before looking.
          if (URL_ATTRIBUTES.has(key) && SCRIPT_URL.test(withoutControls(value))) found.push(`<${name} ${key}="${value.slice(0, 40)}">`);
          if (key === 'style' && /javascript:|expression\(/i.test(value)) found.push(`<${name} style>`);
        }
        if (['iframe', 'object', 'embed', 'base', 'frame', 'applet'].includes(name)) found.push(`<${name}>`);
        if (name === 'meta' && attributes['http-equiv']) found.push(`<meta http-equiv="${attributes['http-equiv']}">`);
        if (name === 'script') {
          inScript = attributes;
          text = '';
          // The islands' loader is told apart by its whole text, when the tag closes.
          const ours = attributes.type === 'application/ld+json' || (attributes.type === 'module' && attributes.src?.startsWith('/assets/client/'));
          if (!ours && !isLoader(attributes)) found.push(`<script ${JSON.stringify(attributes)}>`);
        }
      },
      ontext(data) {
        if (inScript) text += data;
      },
      onclosetag(name) {
        if (name !== 'script' || !inScript) return;
        if (isLoader(inScript) && text !== LOADER) found.push(`<script ${JSON.stringify(inScript)}>`);
        // Our JSON-LD must be one whole JSON document: text that closed it early would have split it.
        if (inScript.type === 'application/ld+json') {
          try {
            JSON.parse(text);
          } catch {
            found.push('JSON-LD broken open');
          }
        }
        inScript = undefined;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

const line = (p: string) => p.replace(/\s+/g, ' ').trim();

function siteFor(p: string): string {
  const short = (n: number) => line(p).slice(0, n);
  return stringify({
    schemaVersion: 1,
    site: {
      name: `Oak Plumbing ${short(60)}`,
      kind: 'plumber',
      tagline: short(90),
      description: short(300),
      phone: '555-0142',
      email: 'hello@oak.example.com',
    },
    theme: { colors: { primary: '#0b5f73' } },
    navigation: [
      { label: short(40) || 'Home', href: '/' },
      { label: 'Blog', href: '/blog' },
    ],
    footer: { text: short(200) },
    pages: [
      {
        path: '/',
        title: short(120),
        description: short(300),
        blocks: [
          { type: 'hero', heading: short(120), text: p },
          { type: 'rich-text', markdown: p },
          { type: 'faq', heading: short(80), items: [{ question: short(200), answer: p }] },
        ],
      },
      { path: '/blog', title: 'Blog', blocks: [{ type: 'blog-index', heading: short(80) }] },
      { path: '/blog/{slug}', from: 'posts' },
      {
        path: '/contact',
        title: 'Contact',
        blocks: [
          {
            type: 'form',
            form: 'contact',
            heading: short(80),
            intro: p,
            fields: [
              { name: 'fullName', label: short(80), help: short(200), placeholder: short(80), required: true },
              { name: 'topic', label: 'Topic', kind: 'select', options: [short(80) || 'x', 'Other'] },
              { name: 'email', label: 'E-mail', kind: 'email', required: true },
            ],
          },
        ],
      },
    ],
    collections: {
      posts: {
        kind: 'post',
        items: [{ title: short(120), slug: 'one', date: '2026-01-02', author: short(80), category: short(60), summary: short(200), body: p }],
      },
    },
  });
}

const OPTIONS = { origin: 'https://sites.example.com', assets: { stylesheet: '/assets/s.css', script: '/assets/client/main.js' }, today: '2026-06-15' };

describe('script injection', () => {
  it(`through every text an author writes: ${PAYLOADS.length} payloads, every page inert`, () => {
    const failures: string[] = [];
    let pages = 0;
    PAYLOADS.forEach((payload, n) => {
      const result = loadSite({ blocks: BLOCKS, prefix: 'oak', file: 'sites/oak/site.yaml', source: siteFor(payload), media: new Set() });
      if (!result.site) {
        failures.push(`payload ${n} ${JSON.stringify(payload)} was refused: ${result.problems.map((p) => formatProblem(p, '').split('\n')[1]).join('; ')}`);
        return;
      }
      const site: Site = result.site;
      const htmls = [...site.targets.map((t) => renderPage(site, t, OPTIONS).html), renderNotFound(site, '/404', OPTIONS).html];
      for (const html of htmls) {
        pages++;
        const found = scriptsIn(html);
        if (found.length) failures.push(`payload ${n} ${JSON.stringify(payload)}: ${found.join(', ')}`);
      }
    });
    console.log(`${PAYLOADS.length} payloads, ${pages} pages rendered and parsed, ${failures.length} with script`);
    expect(failures.slice(0, 10)).toEqual([]);
  });

  it(`through every answer a visitor sends back to a form: ${PAYLOADS.length} payloads, every page of errors inert`, async () => {
    const ctx = await appWithData();
    const failures: string[] = [];
    try {
      for (const [n, payload] of PAYLOADS.entries()) {
        // A wrong e-mail address brings the form back with every answer in it.
        const body = new URLSearchParams({
          _form: 'contact',
          _t: ctx.services.signer.timeToken(Date.now() - 10_000),
          fullName: payload,
          email: payload,
          topic: payload,
          message: payload,
        });
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/gamma/contact',
          payload: body.toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        if (res.statusCode !== 422) failures.push(`payload ${n}: answered ${res.statusCode}`);
        const found = scriptsIn(res.body);
        if (found.length) failures.push(`payload ${n} ${JSON.stringify(payload)}: ${found.join(', ')}`);
      }
    } finally {
      await ctx.app.close();
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });

  it('finds script where there is some (the check itself works)', () => {
    expect(scriptsIn('<p><img src=x onerror=alert(1)></p>')).toEqual(['<img onerror>']);
    expect(scriptsIn('<a href=" java\tscript:alert(1)">x</a>')).toHaveLength(1);
    expect(scriptsIn('<script>alert(1)</script>')).toHaveLength(1);
    expect(scriptsIn('<script type="application/ld+json">{"a":"</script><script>x</script>')).toContain('JSON-LD broken open');
    expect(scriptsIn('<script type="module" src="/assets/client/main.js"></script><p>ok</p>')).toEqual([]);
    expect(scriptsIn(`<script data-src="/assets/client/main.js">${LOADER}</script><p>ok</p>`)).toEqual([]);
    expect(scriptsIn('<script data-src="/assets/client/main.js">alert(1)</script>')).toHaveLength(1);
  });
});
