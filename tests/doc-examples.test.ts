/**
 * Every ```yaml example in the hand-written docs (README.md and the guides in schema/guide/) loads
 * as an author would use it. A whole site (it has schemaVersion or site:) must load with no
 * problem; a fragment is put where it belongs in a small valid site and must then load with no
 * problem: a block or a list of blocks (type:) on the home page, a page or a list of pages (path:)
 * among the pages, a form question or a list of them (kind: and name:) in a form, keys of the
 * site document (payments:, theme:...) at the top, and keys of one block (autoReply:) in that
 * block's example. An example that shows a mistake on purpose is marked `<!-- invalid -->` on the
 * line before it, and must then give at least one problem.
 *
 * The block pages in schema/docs/ are generated from each block's registered example, which
 * blocks/registry.test.ts checks and schema/schema.test.ts keeps them equal to.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { BLOCKS } from '../blocks/registry.ts';
import { loadSite } from '../runtime/config/load-site.ts';
import { formatProblem } from '../runtime/config/problem.ts';
import { SiteDocument } from '../schema/site.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const GUIDES = 'schema/guide/';
const DOCS = [
  'README.md',
  ...readdirSync(ROOT + GUIDES, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => GUIDES + f),
];

interface Example {
  file: string;
  /** The line of the opening fence. */
  line: number;
  yaml: string;
  invalid: boolean;
  /** The whole Markdown text, to show a whole site's problems at their lines in it. */
  markdown: string;
}

/** The ```yaml blocks of a Markdown text, each with whether the line before it marks it as a mistake on purpose. */
function yamlExamples(file: string, markdown: string): Example[] {
  const lines = markdown.split('\n');
  const found: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```yaml\b/.test(lines[i] ?? '')) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (end < 0) throw new Error(`${file}:${i + 1}: a yaml block that never ends`);
    found.push({ file, line: i + 1, yaml: lines.slice(i + 1, end).join('\n'), invalid: (lines[i - 1] ?? '').trim() === '<!-- invalid -->', markdown });
    i = end;
  }
  return found;
}

/** The smallest site that loads, with one home page. */
const base = () => ({
  schemaVersion: 1,
  site: { name: 'Example Dental', kind: 'dentist', description: 'An example site.', email: 'hello@example.com' },
  theme: { colors: { primary: '#0b5f73' } },
  navigation: [{ label: 'Home', href: '/' }],
  pages: [{ path: '/', title: 'Home', blocks: [{ type: 'hero', heading: 'Welcome' }] as Record<string, unknown>[] }] as Record<string, unknown>[],
});

type Json = Record<string, unknown>;
const isMap = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
const listOf = (v: unknown, each: (x: unknown) => boolean) => Array.isArray(v) && v.length > 0 && v.every(each);
const isBlock = (v: unknown) => isMap(v) && typeof v.type === 'string';
const isPage = (v: unknown) => isMap(v) && typeof v.path === 'string' && !('type' in v);
const isField = (v: unknown) => isMap(v) && typeof v.name === 'string' && typeof v.kind === 'string' && !('type' in v);
const SITE_KEYS = Object.keys(SiteDocument.properties);

/** A fragment put where it belongs in the small site, with where that is; undefined when its shape says nothing. */
function placed(fragment: unknown): { site: Json; as: string } | undefined {
  if (isMap(fragment) && ('schemaVersion' in fragment || 'site' in fragment)) return { site: fragment, as: 'a whole site' };
  const site = base();
  const home = site.pages[0] as { blocks: Json[] };
  const addPages = (pages: Json[]) => {
    for (const page of pages) {
      const at = site.pages.findIndex((p) => p.path === page.path);
      if (at >= 0) site.pages[at] = page;
      else site.pages.push(page);
    }
  };
  if (isBlock(fragment) || listOf(fragment, isBlock)) {
    home.blocks.push(...[fragment].flat().map((b) => b as Json));
    return { site, as: 'blocks on the home page' };
  }
  if (isPage(fragment) || listOf(fragment, isPage)) {
    addPages([fragment].flat() as Json[]);
    return { site, as: 'pages' };
  }
  if (isField(fragment) || listOf(fragment, isField)) {
    home.blocks.push({ type: 'form', form: 'example', fields: [fragment].flat() });
    return { site, as: 'questions of a form' };
  }
  if (!isMap(fragment)) return undefined;
  const keys = Object.keys(fragment);
  if (keys.length === 1 && Array.isArray(fragment.blocks) && listOf(fragment.blocks, isBlock)) {
    home.blocks.push(...(fragment.blocks as Json[]));
    return { site, as: 'blocks on the home page' };
  }
  if (keys.every((k) => SITE_KEYS.includes(k))) {
    const { pages, ...rest } = fragment;
    Object.assign(site, rest);
    if (Array.isArray(pages)) addPages(pages as Json[]);
    return { site, as: 'settings of the site' };
  }
  const owner = Object.values(BLOCKS).find((b) => keys.every((k) => k in (b.props as { properties: Json }).properties));
  if (owner) {
    home.blocks.push({ ...(structuredClone(owner.example) as Json), ...fragment, type: owner.type });
    return { site, as: `keys of the ${owner.type} block` };
  }
  return undefined;
}

/** What is wrong with an example, or undefined when it does what it shows. */
function checkExample(example: Example): string | undefined {
  const where = `${example.file}:${example.line}`;
  let fragment: unknown;
  try {
    fragment = parse(example.yaml);
  } catch (error) {
    return example.invalid ? undefined : `${where}: not YAML: ${(error as Error).message}`;
  }
  const spot = placed(fragment);
  if (!spot) return `${where}: cannot tell where this example goes in a site; write it whole, or as blocks, pages, questions or site keys`;
  // A whole site is loaded from the example's own text, and its problems are shown at their lines in the Markdown file;
  // a fragment's, in the small site it was put in.
  const whole = spot.as === 'a whole site';
  const source = whole ? example.yaml : stringify(spot.site, { lineWidth: 0 });
  // The files an example names are taken to be in its media folder: the docs show what to write, not a folder.
  const media = new Set([...example.yaml.matchAll(/\b[\w./-]+\.(?:jpe?g|png|webp|avif|gif|svg|pdf)\b/gi)].map((m) => m[0]));
  const result = loadSite({ blocks: BLOCKS, prefix: 'example', file: whole ? example.file : `${where} as ${spot.as}, in this site`, source, media });
  if (example.invalid) return result.problems.length ? undefined : `${where}: marked <!-- invalid -->, but it loads with no problem`;
  if (!result.problems.length) return undefined;
  const shown = result.problems.map((p) => (whole ? formatProblem({ ...p, line: p.line + example.line }, example.markdown) : formatProblem(p, source)));
  return [...shown, ...(whole ? [] : [source])].join('\n\n');
}

describe('the examples in the docs', () => {
  const examples = DOCS.flatMap((file) => yamlExamples(file, readFileSync(ROOT + file, 'utf8')));

  it('finds the examples of the README', () => {
    expect(examples.filter((e) => e.file === 'README.md').length).toBeGreaterThanOrEqual(4);
  });

  it.each(examples.map((e) => [`${e.file}:${e.line}`, e] as const))('%s', (_where, example) => {
    expect(checkExample(example)).toBeUndefined();
  });
});

describe('how an example is checked', () => {
  const one = (markdown: string) => yamlExamples('guide.md', markdown)[0] as Example;

  it('puts each kind of fragment where it belongs', () => {
    expect(placed({ type: 'hero', heading: 'Hi' })?.as).toBe('blocks on the home page');
    expect(placed([{ path: '/about', title: 'About', blocks: [{ type: 'hero', heading: 'Us' }] }])?.as).toBe('pages');
    expect(placed({ name: 'when', label: 'When', kind: 'date' })?.as).toBe('questions of a form');
    expect(placed({ autoReply: { text: 'Thanks' } })?.as).toBe('keys of the form block');
    expect(placed({ payments: { currency: 'USD' } })?.as).toBe('settings of the site');
    expect(placed('just words')).toBeUndefined();
  });

  it('finds a broken example, and the problem in it', () => {
    const broken = one('Text.\n\n```yaml\n- type: hero\n  heading: Hi\n  colour: red\n```\n');
    expect(checkExample(broken)).toContain('SW_UNKNOWN_KEY');
    const link = one('```yaml\nnavigation:\n  - { label: Blog, href: /blog }\n```\n');
    expect(checkExample(link)).toContain('No page of this site is at "/blog"');
  });

  it('takes a mistake marked as one, and refuses the mark on an example with none', () => {
    expect(checkExample(one('<!-- invalid -->\n```yaml\n- type: heroo\n  heading: Hi\n```\n'))).toBeUndefined();
    expect(checkExample(one('<!-- invalid -->\n```yaml\n- type: hero\n  heading: Hi\n```\n'))).toContain(
      'marked <!-- invalid -->, but it loads with no problem',
    );
  });

  it('refuses an example whose place it cannot tell', () => {
    expect(checkExample(one('```yaml\nfoo: 1\n```\n'))).toContain('cannot tell where this example goes');
  });
});
