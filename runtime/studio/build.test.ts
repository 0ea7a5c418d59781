import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { STUDIO_DIR, ensureStudio } from './build.ts';

it('builds the studio bundle, with its stylesheet, into the folder served at /assets/studio/', { timeout: 120_000 }, async () => {
  const assets = await ensureStudio();
  expect(assets.script).toMatch(/^\/assets\/studio\/studio-[\w-]+\.js$/);
  expect(assets.style).toMatch(/^\/assets\/studio\/studio-[\w-]+\.css$/);
  expect(existsSync(join(STUDIO_DIR, assets.script.slice('/assets/studio/'.length)))).toBe(true);
  expect(existsSync(join(STUDIO_DIR, (assets.style ?? '').slice('/assets/studio/'.length)))).toBe(true);
  // Up to date now: asking again builds nothing and gives the same files.
  expect(await ensureStudio()).toEqual(assets);
});
