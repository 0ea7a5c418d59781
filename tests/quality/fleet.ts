/**
 * What the quality checks run over: every address `sitewright routes` prints, and the page
 * templates among them (one address per `pages:` entry of a site: each static page, and the
 * first item of each page with {parameters}).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { appFor } from '../helpers/app.ts';
import { startTags } from './html.ts';

export const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
const CLI = fileURLToPath(new URL('../../cli/sitewright.mjs', import.meta.url));

export interface Route {
  site: string;
  path: string;
  url: string;
  page: string;
}

/** Every address of every site, as `sitewright routes --json` prints it. */
export async function allRoutes(): Promise<Route[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'routes', '--json', '--sites', SITES], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as Route[];
}

/** The first address of each page entry of each site. */
export function templates(routes: Route[]): Route[] {
  const seen = new Set<string>();
  return routes.filter((r) => {
    const key = `${r.site}\n${r.page}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export type App = Awaited<ReturnType<typeof appFor>>;

/** The real app over sites/. */
export const fleetApp = () => appFor(SITES);

/** Runs `work` over `items` with at most `limit` at a time, keeping the input order in the result. */
export async function pool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T, i);
    }
  });
  await Promise.all(runners);
  return results;
}

/** Problems grouped by what is wrong, each with the addresses it is on, for a readable failure. */
export class Problems {
  private readonly byProblem = new Map<string, string[]>();

  add(address: string, problem: string) {
    this.byProblem.set(problem, [...(this.byProblem.get(problem) ?? []), address]);
  }

  get size() {
    return this.byProblem.size;
  }

  toString() {
    return [...this.byProblem]
      .slice(0, 60)
      .map(
        ([problem, at]) => `${problem}\n    on ${at.length === 1 ? at[0] : `${at.length} pages: ${at.slice(0, 3).join(', ')}${at.length > 3 ? ', ...' : ''}`}`,
      )
      .join('\n');
  }
}

/**
 * The class names, element names (inputs with their type), roles and ARIA attributes inside a
 * page's <main>: what its blocks drew, whatever the words.
 */
export function markupOf(html: string): Set<string> {
  const main = html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'));
  const names = new Set<string>();
  for (const tag of startTags(main)) {
    names.add(tag.name === 'input' ? `<input type=${tag.attrs.get('type') ?? 'text'}>` : `<${tag.name}>`);
    for (const [attr, value] of tag.attrs) if (attr === 'role' || attr.startsWith('aria-')) names.add(attr === 'role' ? `[role=${value}]` : `[${attr}]`);
    for (const name of (tag.attrs.get('class') ?? '').split(/\s+/)) if (name) names.add(`.${name}`);
  }
  return names;
}

/**
 * The pages to check so that every class and element name any page's <main> draws is on at least
 * one of them, starting from the pages that must be checked anyway: greedily, the page that adds
 * the most names not yet covered, until none adds any.
 */
export function coverMarkup<T>(pages: { page: T; markup: Set<string> }[], already: T[]): T[] {
  const covered = new Set<string>();
  for (const p of pages) if (already.includes(p.page)) p.markup.forEach((name) => covered.add(name));
  const chosen: T[] = [];
  for (;;) {
    let best: (typeof pages)[number] | undefined;
    let adds = 0;
    for (const p of pages) {
      let n = 0;
      p.markup.forEach((name) => void (covered.has(name) || n++));
      if (n > adds) [best, adds] = [p, n];
    }
    if (!best) return chosen;
    chosen.push(best.page);
    best.markup.forEach((name) => covered.add(name));
  }
}
