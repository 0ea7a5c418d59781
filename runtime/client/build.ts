import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from '../paths.ts';
import type { BlockRegistry } from '../../blocks/contract.ts';

export const CLIENT_DIR = join(ROOT, 'dist', 'client');
const STAMP = join(CLIENT_DIR, 'source-hash.txt');
const MANIFEST = join(CLIENT_DIR, '.vite', 'manifest.json');

/** A hash of everything that goes into the browser bundle, to know when it must be rebuilt. */
async function sourceHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of ['blocks', 'runtime/client']) {
    const files = (await readdir(join(ROOT, dir), { recursive: true })).filter((f) => /\.(tsx?|css)$/.test(f)).sort();
    for (const file of files) hash.update(file).update(await readFile(join(ROOT, dir, file)));
  }
  hash.update(await readFile(join(ROOT, 'package-lock.json')).catch(() => Buffer.from('')));
  hash.update(await readFile(join(ROOT, 'runtime/client/build.ts')));
  return hash.digest('hex');
}

/** The browser bundle: the client entry and the island of every block of the registry that has one. */
export async function buildClient(blocks: BlockRegistry): Promise<void> {
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  const islands = islandsPlugin(blocks);
  // Always React's production build and JSX runtime, whatever NODE_ENV this process has (vitest sets "test").
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await bundle(build, [react(), islands]);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await writeFile(STAMP, await sourceHash());
}

const ISLANDS_MODULE = 'virtual:sitewright-islands';

/**
 * The browser side of every island block, as the blocks declare it: each block's island module
 * is loaded only on pages that use it, and nothing else of a block reaches the browser.
 */
function islandsPlugin(blocks: BlockRegistry): import('vite').Plugin {
  const entries = Object.values(blocks).flatMap((block) => {
    if (!block.island) return [];
    const file = join(ROOT, 'blocks', block.type, block.island.module);
    return [`  ${JSON.stringify(block.type)}: () => import(${JSON.stringify(file)}).then((m) => m[${JSON.stringify(block.island.export)}]),`];
  });
  const resolved = `\0${ISLANDS_MODULE}`;
  return {
    name: 'sitewright-islands',
    resolveId: (id) => (id === ISLANDS_MODULE ? resolved : undefined),
    load: (id) => (id === resolved ? `export const ISLANDS = {\n${entries.join('\n')}\n};\n` : undefined),
  };
}

async function bundle(build: typeof import('vite').build, plugins: import('vite').PluginOption[]): Promise<void> {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    mode: 'production',
    // Chunks are found beside the module that loads them (islands sharing a chunk preload it from there), wherever the bundle is served.
    base: './',
    plugins,
    build: {
      outDir: CLIENT_DIR,
      emptyOutDir: true,
      manifest: true,
      assetsDir: '',
      target: 'es2022',
      rollupOptions: { input: { main: join(ROOT, 'runtime/client/main.tsx') } },
    },
  });
}

/**
 * The blocks whose islands go into the bundle: the registry, or the URL of a module that exports it
 * as `BLOCKS`, imported only if the bundle has to be built (a static export's main thread loads no block).
 */
export type IslandBlocks = BlockRegistry | string;

const registryOf = async (blocks: IslandBlocks): Promise<BlockRegistry> =>
  typeof blocks === 'string' ? ((await import(blocks)) as { BLOCKS: BlockRegistry }).BLOCKS : blocks;

/** The URL of the client entry, building the bundle (with these blocks' islands) first when it is missing or out of date. */
export async function ensureClient(blocks: IslandBlocks, log: (message: string) => void = () => {}): Promise<string> {
  const [want, have] = await Promise.all([sourceHash(), readFile(STAMP, 'utf8').catch(() => '')]);
  if (want !== have) {
    log('Building the browser bundle for interactive blocks…');
    await buildClient(await registryOf(blocks));
  }
  const manifest = JSON.parse(await readFile(MANIFEST, 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
  const entry = Object.values(manifest).find((m) => m.isEntry);
  if (!entry) throw new Error(`no entry in ${MANIFEST}`);
  return `/assets/client/${entry.file}`;
}
