#!/usr/bin/env node
// The sitewright command. It runs the compiled JavaScript in dist/node (`npm run build`, which
// `npm ci` runs), and the TypeScript sources through tsx when that is missing or older than a
// source, as while the code is being edited, or when SITEWRIGHT_FROM_SOURCES=1. tsx is given the
// project's tsconfig, so the command works the same from any folder.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENTRY, ROOT, isCurrent } from './compiled.mjs';

if (process.env.SITEWRIGHT_FROM_SOURCES !== '1' && isCurrent()) {
  await import(pathToFileURL(ENTRY).href);
} else {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: join(ROOT, 'tsconfig.json') });
  await import('./main.ts');
}
