/**
 * The sized copies a static export's pages point at, written beside the site's media: found in
 * the pages' HTML as they are rendered, so exactly the copies the pages use are made (or taken
 * from the cache) and nothing else.
 */
import { chmod, copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Site } from '../site.ts';
import type { ImageVariants } from './maker.ts';
import { offers, parseVariantName, VARIANTS_FOLDER } from './variants.ts';

/** Collects the copies named in a site's pages. */
export function variantCollector(prefix: string): { scan: (html: string) => void; names: Set<string> } {
  const names = new Set<string>();
  const pattern = new RegExp(`/${prefix}/media/${VARIANTS_FOLDER}/([0-9a-f]{16}-[0-9]+\\.(?:avif|webp|jpg|png))`, 'g');
  return {
    names,
    scan(html) {
      for (const m of html.matchAll(pattern)) names.add(m[1] as string);
    },
  };
}

/** Writes each named copy into <out>/<prefix>/media/_v/, making the ones the cache does not have. Returns how many were written. */
export async function writeVariants(site: Site, names: Iterable<string>, sitesDir: string, siteOut: string, images: ImageVariants): Promise<number> {
  const folder = join(siteOut, 'media', VARIANTS_FOLDER);
  let written = 0;
  for (const name of names) {
    const wanted = parseVariantName(name);
    const found = wanted && [...site.images].find(([, facts]) => facts.hash === wanted.hash);
    if (!wanted || !found || !offers(found[1], wanted.width, wanted.format))
      throw new Error(`a page of ${site.prefix} names a copy no picture of it offers: ${name}`);
    const file = await images.get({ folder: join(sitesDir, site.prefix, 'media'), name: found[0] }, found[1], wanted.width, wanted.format);
    if (!written) await mkdir(folder, { recursive: true });
    await copyFile(file, join(folder, name));
    // A copy keeps its source's mode, and the cache's copies are private: a published one is for everyone.
    await chmod(join(folder, name), 0o644);
    written++;
  }
  return written;
}
