import { EventEmitter } from 'node:events';
import type { LoadResult } from '../config/load-site.ts';
import { claimDomains, keepRecent, listSiteFolders, type Fleet, type LoadFolder } from '../fleet.ts';
import { isReservedPrefix, PREFIX_PATTERN } from '../routing/reserved.ts';
import { watchTree, type TreeWatch } from './watch-tree.ts';

export interface FleetHolder {
  current: Fleet;
}

export interface ReloadOutcome {
  prefix: string;
  result: LoadResult;
  /** What the site serves now: the new version, the same version as before (nothing changed), the last good one kept, the error page, or nothing. */
  status: 'updated' | 'unchanged' | 'kept-last-good' | 'broken' | 'removed';
  /** How long loading and swapping took. */
  ms: number;
}

/**
 * Swaps one site of a running fleet for a freshly loaded version, or all of them. The fleet is
 * replaced whole (a new object with new maps), so a request in flight keeps the version it
 * started with and the page cache of the old version goes with it.
 *
 * In production (`keepLastGood`), a site whose new version is invalid keeps serving its last
 * good version; in development it shows its problems instead, so the author sees them at once.
 */
export class Reloader extends EventEmitter<{ reload: [ReloadOutcome] }> {
  private watcher?: TreeWatch;
  private timers = new Map<string, NodeJS.Timeout>();
  private turns: Promise<unknown> = Promise.resolve();

  constructor(
    readonly holder: FleetHolder,
    /** `load` reads one site folder with the blocks sites may use (in a thread of a SiteLoader, or loadSiteFolder with a registry). */
    private readonly options: { keepLastGood: boolean; load: LoadFolder; after?: Promise<unknown> },
  ) {
    super();
    if (options.after) this.turns = options.after.catch(() => {});
  }

  /**
   * Reloads take turns: two saves of one file in quick succession (a truncation, then the write)
   * are read in order, so the later one is what serves; and no reload builds on a fleet another
   * has just replaced.
   */
  reloadSite(prefix: string): Promise<ReloadOutcome> {
    const run = this.turns.then(() => this.reloadNow(prefix));
    this.turns = run.catch(() => {});
    return run;
  }

  private async reloadNow(prefix: string): Promise<ReloadOutcome> {
    const started = performance.now();
    const { sitesDir } = this.holder.current;
    const exists = (await listSiteFolders(sitesDir)).includes(prefix);
    const loaded: LoadResult = exists ? await this.options.load(sitesDir, prefix) : { prefix, file: '', source: '', problems: [] };
    const before = this.holder.current;
    // A domain another site serves stays with it.
    const others = new Map([...before.domains].filter(([, owner]) => owner !== prefix));
    const [result = loaded] = claimDomains([loaded], others).results;
    // The same file and media as the version serving, or the same problems as last read: nothing to swap, nothing to say.
    const last = before.results.find((r) => r.prefix === prefix) ?? before.broken.get(prefix);
    const unchanged = result.site
      ? before.sites.get(prefix)?.version === result.site.version && !before.broken.has(prefix) && last?.site !== undefined
      : exists && last !== undefined && !last.site && last.source === result.source && JSON.stringify(last.problems) === JSON.stringify(result.problems);
    if (unchanged) return { prefix, result, status: 'unchanged', ms: Math.round(performance.now() - started) };
    const sites = new Map(before.sites);
    const broken = new Map(before.broken);
    let status: ReloadOutcome['status'];
    if (!exists) {
      sites.delete(prefix);
      broken.delete(prefix);
      status = 'removed';
    } else if (result.site) {
      sites.set(prefix, result.site);
      broken.delete(prefix);
      status = 'updated';
    } else if (this.options.keepLastGood && sites.has(prefix)) {
      status = 'kept-last-good';
    } else {
      sites.delete(prefix);
      if (PREFIX_PATTERN.test(prefix) && !isReservedPrefix(prefix)) broken.set(prefix, result);
      status = 'broken';
    }
    const lazy = before.lazy;
    if (lazy) {
      // A lazy fleet keeps no results, and holds no more sites than it keeps.
      if (exists && PREFIX_PATTERN.test(prefix) && !isReservedPrefix(prefix)) lazy.folders.add(prefix);
      else lazy.folders.delete(prefix);
      keepRecent(sites, lazy.keep);
    }
    const results = lazy
      ? []
      : [...before.results.filter((r) => r.prefix !== prefix), ...(exists ? [result] : [])].sort((a, b) => a.prefix.localeCompare(b.prefix));
    const domains = new Map(others);
    for (const d of sites.get(prefix)?.data.domains ?? []) domains.set(d, prefix);
    this.holder.current = { sitesDir, sites, broken, results, domains, ...(lazy ? { lazy } : {}) };
    const outcome = { prefix, result, status, ms: Math.round(performance.now() - started) };
    this.emit('reload', outcome);
    return outcome;
  }

  /**
   * Every site folder, added and removed ones included (what SIGHUP does). A lazy fleet reloads
   * the sites it holds and those that failed; the others load afresh when next asked for.
   */
  async reloadAll(): Promise<ReloadOutcome[]> {
    await this.options.after;
    const { sitesDir, lazy, sites, broken, results } = this.holder.current;
    const folders = await listSiteFolders(sitesDir);
    if (lazy) {
      const before = new Set(lazy.folders);
      lazy.folders = new Set(folders.filter((p) => PREFIX_PATTERN.test(p) && !isReservedPrefix(p)));
      const removed = [...before].filter((p) => !lazy.folders.has(p));
      const outcomes: ReloadOutcome[] = [];
      for (const prefix of [...new Set([...sites.keys(), ...broken.keys(), ...removed])].sort()) outcomes.push(await this.reloadSite(prefix));
      return outcomes;
    }
    const prefixes = new Set([...folders, ...results.map((r) => r.prefix)]);
    const outcomes: ReloadOutcome[] = [];
    for (const prefix of [...prefixes].sort()) outcomes.push(await this.reloadSite(prefix));
    return outcomes;
  }

  /** Reloads a site shortly after any file in its folder changes, however it is saved (saves come in bursts). */
  watch(delayMs = 40): void {
    this.watcher = watchTree(this.holder.current.sitesDir, (file) => {
      const prefix = file.split('/')[0];
      if (!prefix || prefix.startsWith('.')) return;
      clearTimeout(this.timers.get(prefix));
      this.timers.set(
        prefix,
        setTimeout(() => {
          this.timers.delete(prefix);
          void this.reloadSite(prefix);
        }, delayMs),
      );
    });
  }

  close(): void {
    this.watcher?.close();
    for (const timer of this.timers.values()) clearTimeout(timer);
  }
}
