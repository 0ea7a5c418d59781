import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder, whether this code runs from its TypeScript sources (<root>/runtime/paths.ts)
 * or compiled (<root>/dist/node/runtime/paths.js). Files that are not compiled (stylesheets, the
 * browser bundle's sources, dist/client) are always found from here.
 */
const here = fileURLToPath(import.meta.url);
export const ROOT = resolve(dirname(here), here.endsWith('.js') ? '../../..' : '..');

/** A path inside the project folder. */
export const fromRoot = (...parts: string[]): string => join(ROOT, ...parts);
