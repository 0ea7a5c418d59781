import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from '../paths.ts';

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

export async function buildClient(): Promise<void> {
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  // Always React's production build and JSX runtime, whatever NODE_ENV this process has (vitest sets "test").
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await bundle(build, react);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await writeFile(STAMP, await sourceHash());
}

async function bundle(build: typeof import('vite').build, react: typeof import('@vitejs/plugin-react').default): Promise<void> {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
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

/** The URL of the client entry, building the bundle first when it is missing or out of date. */
export async function ensureClient(log: (message: string) => void = () => {}): Promise<string> {
  const [want, have] = await Promise.all([sourceHash(), readFile(STAMP, 'utf8').catch(() => '')]);
  if (want !== have) {
    log('Building the browser bundle for interactive blocks…');
    await buildClient();
  }
  const manifest = JSON.parse(await readFile(MANIFEST, 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
  const entry = Object.values(manifest).find((m) => m.isEntry);
  if (!entry) throw new Error(`no entry in ${MANIFEST}`);
  return `/assets/client/${entry.file}`;
}
