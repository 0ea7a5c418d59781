/**
 * The studio's browser bundle (runtime/studio/client/), built with Vite into dist/studio/ and
 * served at /assets/studio/. It is built when the server first needs it and again only when its
 * sources, the locked dependencies or this file change, as the islands bundle is
 * (runtime/client/build.ts).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from '../paths.ts';

/** Where the bundle is written; the server serves this folder at /assets/studio/. */
export const STUDIO_DIR = join(ROOT, 'dist', 'studio');
const SOURCES = join(ROOT, 'runtime', 'studio', 'client');
const ENTRY = join(SOURCES, 'main.ts');
const STAMP = 'source-hash.txt';
const MANIFEST = join('.vite', 'manifest.json');
/** The public address of STUDIO_DIR. */
const PUBLIC = '/assets/studio/';

/** The files the studio's page links: its module and its stylesheet. */
export interface StudioAssets {
  script: string;
  style?: string;
}

/** A hash of everything that goes into the bundle, to know when it must be rebuilt. */
async function sourceHash(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(SOURCES, { recursive: true })).filter((f) => /\.(ts|css)$/.test(f) && !/\.test\.ts$/.test(f)).sort();
  for (const file of files) hash.update(file).update(await readFile(join(SOURCES, file)));
  hash.update(await readFile(join(ROOT, 'package-lock.json')).catch(() => Buffer.from('')));
  hash.update(await readFile(join(ROOT, 'runtime/studio/build.ts')));
  return hash.digest('hex');
}

/**
 * The schema library renders its help with markdown-it and shiki, which need inline style attributes
 * and WebAssembly that the studio's CSP forbids: its renderer is swapped for a plain-text one.
 */
function plainHelp(): import('vite').Plugin {
  const replacement = join(SOURCES, 'plain-markdown.ts');
  return {
    name: 'sitewright-studio-plain-help',
    enforce: 'pre',
    resolveId: (source, importer) => (importer?.includes('codemirror-json-schema') && /(^|\/)utils\/markdown(\.js)?$/.test(source) ? replacement : undefined),
  };
}

/** Builds the bundle into `outDir`. */
async function bundle(outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    mode: 'production',
    // Whatever NODE_ENV this process has (vitest sets "test"), the bundle is the production one.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // Lazy chunks are found beside the module that loads them, wherever the bundle is served.
    base: './',
    plugins: [plainHelp()],
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      assetsDir: '',
      target: 'es2022',
      rollupOptions: { input: { studio: ENTRY } },
    },
  });
}

/**
 * Builds the bundle. It is written to a folder of its own and then moved into place, so a server
 * never serves half a bundle and two processes building at once do not write into each other's.
 */
export async function buildStudio(): Promise<void> {
  const hash = await sourceHash();
  const temp = join(ROOT, 'dist', `.studio-${process.pid}-${Date.now()}`);
  try {
    await bundle(temp);
    await writeFile(join(temp, STAMP), hash);
    await rm(STUDIO_DIR, { recursive: true, force: true });
    await rename(temp, STUDIO_DIR).catch(async (error: unknown) => {
      // Another process moved its own build into place first: keep it if it is this same one.
      if ((await readFile(join(STUDIO_DIR, STAMP), 'utf8').catch(() => '')) !== hash) throw error;
    });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

let building: Promise<void> | null = null;

/** The bundle's module and stylesheet addresses, building it first when it is missing or out of date. */
export async function ensureStudio(log: (message: string) => void = () => {}): Promise<StudioAssets> {
  const [want, have] = await Promise.all([sourceHash(), readFile(join(STUDIO_DIR, STAMP), 'utf8').catch(() => '')]);
  if (want !== have) {
    if (!building) {
      log('Building the studio’s browser bundle…');
      building = buildStudio().finally(() => (building = null));
    }
    await building;
  }
  const manifest = JSON.parse(await readFile(join(STUDIO_DIR, MANIFEST), 'utf8')) as Record<string, { file: string; isEntry?: boolean; css?: string[] }>;
  const entry = Object.values(manifest).find((m) => m.isEntry);
  if (!entry) throw new Error(`no entry in ${join(STUDIO_DIR, MANIFEST)}`);
  const style = entry.css?.[0];
  return { script: PUBLIC + entry.file, ...(style ? { style: PUBLIC + style } : {}) };
}
