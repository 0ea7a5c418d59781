/**
 * `sitewright new`: every template, scaffolded once through the command into one folder of sites,
 * validates, serves every page, satisfies `doctor --strict`, has no broken link, passes axe-core in
 * Chromium, and reads as its own kind of business; the prompt offers the templates by group.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { groupedList, templateGroups, TEMPLATES } from '../cli/templates/index.ts';
import { GROUPS } from '../cli/templates/shared.ts';
import { loadFleet, type Fleet } from '../runtime/fleet.ts';
import { ORGANIZATION_KINDS } from '../schema/kinds.ts';
import { appFor } from './helpers/app.ts';
import { launchChromium } from './helpers/browser.ts';
import { sitewright, sitewrightWith } from './helpers/cli.ts';
import { audit } from './quality/axe.ts';
import { markupOf, pool, type App } from './quality/fleet.ts';
import { startTags } from './quality/html.ts';
import { brokenLinks, type FetchedPage } from './quality/links.ts';
import { BLOCKS } from '../blocks/registry.ts';

/** The key that moves a list's choice down one, as a terminal sends it. */
const DOWN = '\u001b[B';
const who = ['--name', 'Harbor & Pine', '--town', 'Maple Falls', '--phone', '(555) 555-0142', '--email', 'hello@harborpine.example.com', '--yes'];
/** A zone that is neither UTC nor, most likely, the machine's: a template that writes another has hard-coded it. */
const ZONE = 'America/Denver';
const answers = [...who, '--time-zone', ZONE];
/** Every time zone a site file names: its own, and each timetable's. */
const zonesIn = (source: string) => [...source.matchAll(/^\s*timeZone: (.*)$/gm)].map((m) => m[1]);
const NAMES = Object.keys(TEMPLATES);
const prefixOf = (template: string) => `new${template.replace(/-/g, '')}`;

/** Blocks a template must draw to fit its business, by template. */
const MUST_DRAW: Record<string, string[]> = {
  dental: ['team-list', 'price-list'],
  clinic: ['form', 'team-list'],
  fitness: ['timetable', 'booking', 'price-list'],
  yoga: ['timetable', 'booking', 'price-list'],
  salon: ['booking', 'price-list'],
  restaurant: ['menu'],
  cafe: ['menu', 'order'],
  bakery: ['menu', 'form'],
  'home-services': ['area-list', 'price-list'],
  plumber: ['form', 'area-list'],
  electrician: ['form', 'area-list'],
  landscaping: ['gallery', 'form'],
  shop: ['product-list', 'product', 'shop'],
  'auto-repair': ['price-list', 'form'],
  'repair-shop': ['price-list', 'booking', 'shop', 'form', 'map'],
  photographer: ['gallery', 'price-list', 'form'],
  'pet-care': ['booking', 'price-list'],
  venue: ['event-list', 'form'],
  tours: ['booking'],
  tutor: ['form', 'price-list'],
  professional: ['service-list', 'team-list'],
  'law-firm': ['item-list', 'form', 'team-list'],
  accountant: ['price-list', 'form'],
  'real-estate': ['item-list', 'form'],
  town: ['news-list', 'child-pages'],
  charity: ['donate', 'event-list'],
  church: ['event-list', 'news-list', 'donate'],
  club: ['event-list', 'form', 'news-list'],
  personal: ['blog-index'],
};

let sites: string;
let scaffolds: Map<string, { code: number; stdout: string; stderr: string }>;
let fleet: Fleet;
let app: App;
let pages: (FetchedPage & { site: string; path: string; html: string })[];

beforeAll(async () => {
  sites = join(await mkdtemp(join(tmpdir(), 'sitewright-new-')), 'sites');
  // One process per template, as an owner runs it; two or three at a time on a small machine.
  const results = await pool(NAMES, 3, (template) => sitewright('new', prefixOf(template), '--sites', sites, '--template', template, ...answers));
  scaffolds = new Map(NAMES.map((name, i) => [name, results[i] as { code: number; stdout: string; stderr: string }]));
  [fleet, app] = await Promise.all([loadFleet(sites, BLOCKS), appFor(sites)]);
  pages = [];
  for (const site of fleet.sites.values()) {
    for (const target of site.targets) {
      const url = `/${site.prefix}${target.path === '/' ? '' : target.path}`;
      const res = await app.inject({ method: 'GET', url });
      pages.push({ site: site.prefix, path: target.path, url, status: res.statusCode, html: res.body, tags: startTags(res.body) });
    }
  }
});
afterAll(() => app?.close());

describe('sitewright new', () => {
  it('offers at least twenty templates, each in one group, the first seven names among them', () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(20);
    expect(NAMES).toEqual(expect.arrayContaining(['dental', 'home-services', 'restaurant', 'town', 'charity', 'professional', 'personal']));
    const grouped = templateGroups();
    expect(grouped.map((g) => g.group)).toEqual([...GROUPS]);
    expect(grouped.flatMap((g) => g.templates.map((t) => t.name)).sort()).toEqual([...NAMES].sort());
    expect(Object.keys(MUST_DRAW).sort()).toEqual([...NAMES].sort());
  });

  it('is listed by group in the README, every template in its row', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    for (const { group, templates } of templateGroups()) {
      const row = readme.split('\n').find((line) => line.startsWith(`| ${group} | `));
      expect(row, group).toBeDefined();
      expect(
        [...(row ?? '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1]),
        group,
      ).toEqual(templates.map((t) => t.name));
    }
  });

  it('scaffolds every template through the command into a site that validates and serves every page', () => {
    for (const [template, { code, stdout, stderr }] of scaffolds) {
      expect(code, `${template}: ${stderr}`).toBe(0);
      expect(stdout).toContain(`Created`);
      // The business's address signs in to the site's desk, and the command says where it is.
      expect(stdout).toContain(`http://localhost:3000/${prefixOf(template)}/desk: its sign-in links go to`);
    }
    for (const site of fleet.sites.values())
      expect(site.data.owners, site.prefix).toEqual([{ email: 'hello@harborpine.example.com', name: 'Harbor & Pine', role: 'owner' }]);
    expect(fleet.results.flatMap((r) => r.problems)).toEqual([]);
    expect(fleet.sites.size).toBe(NAMES.length);
    expect(pages.filter((p) => p.status !== 200).map((p) => `${p.url}: ${p.status}`)).toEqual([]);
    for (const home of pages.filter((p) => p.path === '/')) {
      expect(home.html, home.url).toContain('Harbor &amp; Pine');
      expect(home.html, home.url).toContain('Maple Falls');
    }
  });

  it('writes the zone it is given into every template’s site and every timetable the template writes', async () => {
    for (const name of NAMES) {
      expect(fleet.sites.get(prefixOf(name))?.data.site.timeZone, name).toBe(ZONE);
      const zones = zonesIn(await readFile(join(sites, prefixOf(name), 'site.yaml'), 'utf8'));
      expect(zones.length, name).toBeGreaterThanOrEqual(1);
      expect(
        zones.filter((z) => z !== ZONE),
        name,
      ).toEqual([]);
    }
  });

  it('gives `doctor --strict` nothing to say about any of them', async () => {
    const { code, stdout } = await sitewright('doctor', '--sites', sites, '--strict');
    expect(stdout).toMatch(new RegExp(`^${NAMES.length} sites checked \\(\\d+ pages\\): 0 warnings`, 'm'));
    expect(code, stdout).toBe(0);
  });

  it('leaves no broken internal link or #anchor on any page', async () => {
    const { problems, checked } = await brokenLinks(app, pages);
    expect(checked).toBeGreaterThan(pages.length * 5);
    expect(problems.size, `${problems.size} broken link(s) or anchor(s):\n${problems.toString()}`).toBe(0);
  });

  it('writes each template’s own kind, the blocks its business needs, and a hero heading no other template uses', async () => {
    const sources = new Map(await Promise.all(NAMES.map(async (n) => [n, await readFile(join(sites, prefixOf(n), 'site.yaml'), 'utf8')] as const)));
    const headings = new Map<string, string>();
    for (const [name, template] of Object.entries(TEMPLATES)) {
      const site = fleet.sites.get(prefixOf(name));
      expect(site, name).toBeDefined();
      if (!site) continue;
      expect(site.data.site.kind, name).toBe(template.kind);
      const home = pages.find((p) => p.site === site.prefix && p.path === '/');
      expect(home?.html, name).toContain(`"@type":"${ORGANIZATION_KINDS[template.kind].schemaOrg}"`);
      const drawn = blockTypes(site.data);
      for (const block of MUST_DRAW[name] ?? []) expect([...drawn], `${name} draws ${block}`).toContain(block);
      const hero = site.data.pages.find((p) => p.path === '/')?.blocks?.[0];
      expect(hero?.type, name).toBe('hero');
      const heading = String(hero?.heading);
      expect(headings.get(heading), `"${heading}" is the hero of both ${name} and ${headings.get(heading)}`).toBeUndefined();
      headings.set(heading, name);
    }
    // A business's own words stay in its own template: the dentist's smile is nowhere near the yoga studio.
    for (const [heading, owner] of headings) {
      for (const [name, source] of sources) if (name !== owner) expect(source.includes(heading), `${owner}'s "${heading}" in ${name}`).toBe(false);
    }
    expect(headings.get('Gentle care for every smile')).toBe('dental');
    expect(sources.get('yoga')).not.toMatch(/\b(dentist|dental|tooth|teeth|smile)/i);
  });

  describe('in Chromium', () => {
    let browser: Browser;
    let origin: string;
    beforeAll(async () => {
      [browser, origin] = await Promise.all([launchChromium(), app.listen({ port: 0, host: '127.0.0.1' })]);
    });
    afterAll(() => browser?.close());

    it('passes axe-core on every template’s home page and its richest inner page', async () => {
      const standard = new Set(['/contact', '/privacy-policy', '/terms', '/payment-success']);
      const urls: string[] = [];
      for (const prefix of fleet.sites.keys()) {
        const own = pages.filter((p) => p.site === prefix);
        const inner = own
          .filter((p) => p.path !== '/' && !standard.has(p.path))
          .map((p) => ({ url: p.url, names: markupOf(p.html).size }))
          .sort((a, b) => b.names - a.names)[0];
        expect(inner, prefix).toBeDefined();
        urls.push(`/${prefix}`, inner?.url as string);
      }
      const problems = await audit(browser, origin, urls);
      expect(problems.size, `${problems.size} accessibility violation(s):\n${problems.toString()}`).toBe(0);
    });
  });
});

describe('sitewright new in a terminal, and with mistakes', () => {
  it('names the closest template for a mistyped name or another word for the business, lists them by group, and writes nothing', async () => {
    const typo = await sitewright('new', 'mystudio', '--sites', sites, '--template', 'yogaa', ...answers);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('there is no template "yogaa". Did you mean "yoga" (yoga or pilates studio)?');
    expect(typo.stderr).toMatch(/^ {2}Health & care: +dental, clinic, fitness, yoga, salon$/m);
    for (const { group } of templateGroups()) expect(typo.stderr).toContain(`  ${group}:`);
    const alias = await sitewright('new', 'mybarber', '--sites', sites, '--template', 'barber', ...answers);
    expect(alias.stderr).toContain('Did you mean "salon" (hair salon or barber)?');
    const far = await sitewright('new', 'mything', '--sites', sites, '--template', 'zeppelin', ...answers);
    expect(far.stderr).toContain('there is no template "zeppelin". The templates are:');
    expect(far.stderr).not.toContain('Did you mean');
    expect((await readdir(sites)).filter((f) => /^my/.test(f))).toEqual([]);
    const help = await sitewright('new', '--help');
    expect(help.stdout).toContain(`Templates:\n${groupedList()}`);
  });

  it('refuses a time zone there is not, with the one it likely means; left out, writes the computer’s own', async () => {
    const own = join(await mkdtemp(join(tmpdir(), 'sitewright-new-')), 'sites');
    const bad = await sitewright('new', 'harbor', '--sites', own, '--template', 'salon', ...who, '--time-zone', 'Europe/Londn');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"Europe/Londn" is not a time zone. Did you mean "Europe/London"?');
    expect(await readdir(own).catch(() => [])).toEqual([]);
    const city = await sitewright('new', 'harbor', '--sites', own, '--template', 'salon', ...who, '--time-zone', 'auckland');
    expect(city.stderr).toContain('Did you mean "Pacific/Auckland"?');
    const machine = await sitewrightWith({ TZ: 'Pacific/Auckland' }, 'new', 'harbor', '--sites', own, '--template', 'salon', ...who);
    expect(machine.code, machine.stderr).toBe(0);
    // The site's own zone and its booking timetable's.
    expect(zonesIn(await readFile(join(own, 'harbor', 'site.yaml'), 'utf8'))).toEqual(['Pacific/Auckland', 'Pacific/Auckland']);
  });

  it('in a terminal, asks for the group and then the template, and goes back to the groups when asked', async () => {
    const own = join(await mkdtemp(join(tmpdir(), 'sitewright-new-')), 'sites');
    const terminal = openTerminal(['new', 'harbor', '--sites', own]);
    onTestFinished(() => terminal.close());
    await terminal.asked('What kind of organisation is it?', 1);
    terminal.type('\r'); // Health & care
    await terminal.asked('Health & care: which is closest?', 1);
    terminal.type(DOWN.repeat(templateGroups()[0]?.templates.length ?? 0), '\r'); // the last choice: back
    await terminal.asked('What kind of organisation is it?', 2);
    terminal.type(DOWN, '\r'); // Food & drink
    await terminal.asked('Food & drink: which is closest?', 1);
    terminal.type(DOWN, DOWN, '\r'); // restaurant, café, bakery
    await terminal.asked('Business or organisation name', 1);
    terminal.type('Harbor & Pine\r');
    await terminal.asked('Town or city', 1);
    terminal.type('Maple Falls\r');
    await terminal.asked('Phone number', 1);
    terminal.type('(555) 555-0142\r');
    await terminal.asked('Public e-mail address', 1);
    terminal.type('hello@harborpine.example.com\r');
    await terminal.asked('Time zone', 1);
    terminal.type('\r'); // the computer's own, offered
    expect(await terminal.exit).toBe(0);
    expect(terminal.output()).toContain('Created');
    const source = await readFile(join(own, 'harbor', 'site.yaml'), 'utf8');
    expect(source).toMatch(/^ {2}kind: bakery$/m);
    expect(zonesIn(source)).toEqual([Intl.DateTimeFormat().resolvedOptions().timeZone]);
  });

  it.each([
    ['api', /reserved for the platform/],
    ['Bad_Name', /one lowercase word.*such as "badname"/],
    ['x', /one lowercase word/],
  ])('refuses the prefix %s and writes nothing', async (prefix, message) => {
    const empty = join(await mkdtemp(join(tmpdir(), 'sitewright-new-')), 'sites');
    const { code, stderr } = await sitewright('new', prefix, '--sites', empty, '--template', 'dental', ...answers);
    expect(code).toBe(1);
    expect(stderr).toMatch(message);
    expect(await readdir(empty).catch(() => [])).toEqual([]);
  });

  it('refuses an existing site, a missing value without a terminal, and a bad phone, writing nothing', async () => {
    const own = join(await mkdtemp(join(tmpdir(), 'sitewright-new-')), 'sites');
    expect((await sitewright('new', 'harbor', '--sites', own, '--template', 'restaurant', ...answers)).code).toBe(0);
    const again = await sitewright('new', 'harbor', '--sites', own, '--template', 'restaurant', ...answers);
    expect(again.stderr).toContain('sites/harbor already exists');
    const missing = await sitewright('new', 'other', '--sites', own, '--yes');
    expect(missing.stderr).toContain('missing --template, --name, --town, --phone, --email');
    const badPhone = await sitewright('new', 'third', '--sites', own, '--template', 'town', ...answers.map((a) => (a === '(555) 555-0142' ? 'call us' : a)));
    expect(badPhone.code).toBe(1);
    expect(badPhone.stderr).toContain('SW_BAD_FORMAT');
    expect(await readdir(own)).toEqual(['harbor']);
  });
});

/** The types of every block in a site document: on its pages and in its collections' items. */
function blockTypes(value: unknown, types = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) blockTypes(v, types);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'blocks' && Array.isArray(child)) for (const b of child as { type?: unknown }[]) if (typeof b.type === 'string') types.add(b.type);
      blockTypes(child, types);
    }
  }
  return types;
}

/**
 * The command in a pseudo-terminal (util-linux `script`), so that it asks its questions: keys are
 * typed once the question they answer waits on the screen.
 */
function openTerminal(args: string[]) {
  const cli = new URL('../cli/sitewright.mjs', import.meta.url).pathname;
  const command = [process.execPath, cli, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  // A new pseudo-terminal has no size: without one, the prompts wrap after every character.
  const child = spawn('script', ['-qfec', `stty cols 120 rows 40; ${command}`, '/dev/null'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, TERM: 'xterm-256color' },
  });
  let screen = '';
  const waiting: { text: string; times: number; resolve: () => void }[] = [];
  const settle = () => {
    for (const w of [...waiting]) {
      if (screen.split(w.text).length - 1 >= w.times) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  // Colours and cursor movements taken out, so that the questions can be found as plain text.
  child.stdout.on('data', (d: Buffer) => {
    screen += stripVTControlCharacters(d.toString('utf8'));
    settle();
  });
  const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    exit,
    close: () => void child.kill(),
    output: () => screen,
    type: (...keys: string[]) => child.stdin.write(keys.join('')),
    /** Waits until the question is asked for the nth time (the mark of a question waiting for its answer; an answered one keeps another). */
    async asked(question: string, nth: number) {
      const text = `◆  ${question}`;
      const shown = new Promise<boolean>((resolve) => {
        waiting.push({ text, times: nth, resolve: () => resolve(true) });
        settle();
      });
      if (!(await Promise.race([shown, exit.then(() => false)]))) throw new Error(`the command ended before asking "${question}" (${nth}×):\n${screen}`);
    },
  };
}
