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
 * year: the platform's base sheet, and one sheet per site version (its theme, then the base).
 */
export class Assets {
  private files = new Map<string, CachedBody>();
  private siteSheets = new WeakMap<Site, string>();
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

  stylesheetFor(site: Site): string {
    let url = this.siteSheets.get(site);
    if (!url) {
      url = this.add(`site-${site.prefix}`, 'css', themeCss(site.data.theme) + this.base);
      this.siteSheets.set(site, url);
    }
    return url;
  }

  get(file: string): CachedBody | undefined {
    return this.files.get(file);
  }

  /** Every stylesheet made so far, by file name (for a static export). */
  entries(): IterableIterator<[string, CachedBody]> {
    return this.files.entries();
  }
}
