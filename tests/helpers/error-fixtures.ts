/**
 * The broken sites under tests/errors/, loaded as a site folder is: a case's first line may be
 * "# prefix: <name>" to load it as that folder, and every case has tests/errors/media/ as its
 * media folder (real pictures, a PDF, a PNG named .jpg).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadSite, type LoadResult } from '../../runtime/config/load-site.ts';
import { readMedia } from '../../runtime/config/media.ts';
import { BLOCKS } from '../../blocks/registry.ts';

export const ERRORS_DIR = fileURLToPath(new URL('../errors/', import.meta.url));

export const errorCases = readdirSync(ERRORS_DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

export type Media = Awaited<ReturnType<typeof readMedia>>;
export const readErrorMedia = () => readMedia(`${ERRORS_DIR}media`);

export function readCase(name: string): { source: string; prefix: string } {
  const source = readFileSync(ERRORS_DIR + name, 'utf8');
  return { source, prefix: /^# prefix: (\S+)/.exec(source)?.[1] ?? 'example' };
}

/** The site as the loader reads it, with a file the fix puts in the media folder when there is one. */
export function loadCase(source: string, prefix: string, media: Media, upload?: string): LoadResult {
  const allowed = upload ? new Set([...media.allowed, upload]) : media.allowed;
  return loadSite({ blocks: BLOCKS, prefix, file: `sites/${prefix}/site.yaml`, source, media: allowed, facts: media.facts });
}
