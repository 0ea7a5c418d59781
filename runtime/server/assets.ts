import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { BlockRegistry } from '../../blocks/contract.ts';
import { fromRoot } from '../paths.ts';
import { themeCss } from '../render/theme.ts';
import type { Site } from '../site.ts';
import { CachedBody } from './cached.ts';

/** The base stylesheet followed by the own styles of every block of the registry, in its order. */
export async function readStylesheet(blocks: BlockRegistry): Promise<string> {
  const parts = [await readFile(fromRoot('runtime', 'render', 'styles.css'), 'utf8')];
  for (const type of Object.keys(blocks)) {
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

  /** The sheets for pages made of these blocks. */
  static async load(blocks: BlockRegistry): Promise<Assets> {
    return new Assets(await readStylesheet(blocks));
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
