import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { BLOCKS } from '../../blocks/registry.ts';
import { fromRoot } from '../paths.ts';
import { themeCss } from '../render/theme.ts';
import type { Site } from '../site.ts';
import { CachedBody } from './cached.ts';

/** The base stylesheet followed by every block's own styles, in registry order. */
export async function readStylesheet(): Promise<string> {
  const parts = [await readFile(fromRoot('runtime', 'render', 'styles.css'), 'utf8')];
  for (const type of Object.keys(BLOCKS)) {
    const css = await readFile(fromRoot('blocks', type, 'styles.css'), 'utf8').catch(() => '');
    if (css) parts.push(`/* ${type} */\n${css}`);
  }
  return parts.join('\n');
}

const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

/**
 * Stylesheets under /assets with their content hash in the name, so they can be cached for a
 * year: the platform's base sheet, which every page of every site shares, and each site's theme
 * (its colours and fonts, a few hundred bytes) as a sheet of its own, linked before the base.
 * A theme sheet is named by its content alone, so sites with the same theme share one, and ten
 * thousand sites hold ten thousand small sheets rather than as many copies of the base.
 */
export class Assets {
  private files = new Map<string, CachedBody>();
  private themeSheets = new WeakMap<Site, string>();
  readonly baseUrl: string;

  constructor(private readonly base: string) {
    this.baseUrl = this.add('base', 'css', base);
  }

  static async load(): Promise<Assets> {
    return new Assets(await readStylesheet());
  }

  private add(name: string, ext: string, text: string): string {
    const file = `${name}.${shortHash(text)}.${ext}`;
    if (!this.files.has(file)) this.files.set(file, new CachedBody(Buffer.from(text), 'text/css; charset=utf-8'));
    return `/assets/${file}`;
  }

  /** The site's theme sheet. */
  themeFor(site: Site): string {
    let url = this.themeSheets.get(site);
    if (!url) {
      url = this.add('theme', 'css', themeCss(site.data.theme));
      this.themeSheets.set(site, url);
    }
    return url;
  }

  /** What a site's pages link to: its theme, then the base sheet. */
  sheetsFor(site: Site): { theme: string; stylesheet: string } {
    return { theme: this.themeFor(site), stylesheet: this.baseUrl };
  }

  get(file: string): CachedBody | undefined {
    return this.files.get(file);
  }

  /** Every stylesheet made so far, by file name (for a static export). */
  entries(): IterableIterator<[string, CachedBody]> {
    return this.files.entries();
  }
}
