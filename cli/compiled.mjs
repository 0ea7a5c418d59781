// The compiled JavaScript of the command and the server, in dist/node: where it is, whether it is
// current, and how it is built (`npm run build`; `npm ci` runs it through the prepare script).
// Plain JavaScript, so the launcher can ask before any TypeScript is loaded.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const OUT = join(ROOT, 'dist', 'node');
export const ENTRY = join(OUT, 'cli', 'main.js');
const STAMP_NAME = 'build-stamp.json';

/** The folders tsconfig.build.json compiles, and the files that change what it writes. */
const SOURCE_DIRS = ['cli', 'runtime', 'blocks', 'schema'];
const SETTINGS = ['tsconfig.json', 'tsconfig.build.json', 'cli/compiled.mjs'];
const isSource = (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');

const mtime = (file) => statSync(file).mtimeMs;

/** Every TypeScript source the build compiles (tests aside). */
function sources() {
  const files = [];
  for (const dir of SOURCE_DIRS) {
    for (const entry of readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && isSource(entry.name)) files.push(join(entry.parentPath ?? entry.path, entry.name));
    }
  }
  return files;
}

/**
 * True when dist/node was built after the last change to any source (and from the same set of
 * files, so a deleted or renamed one counts as a change). A few milliseconds: one stat per file.
 */
export function isCurrent() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(OUT, STAMP_NAME), 'utf8'));
  } catch {
    return false;
  }
  try {
    if (SETTINGS.some((file) => mtime(join(ROOT, file)) > stamp.startedAt)) return false;
    const files = sources();
    return files.length === stamp.sources && files.every((file) => mtime(file) <= stamp.startedAt);
  } catch {
    return false;
  }
}

/**
 * Compiles into a fresh folder and then puts it in place of dist/node, so a command started
 * meanwhile sees either the old build or the new one, never half of one. Types are not checked
 * here (`npm run typecheck` does that), so a type error elsewhere cannot stop an install.
 * The build also writes the site validator as JavaScript (dist/node/site-validator.cjs).
 */
export async function build({ quiet = false } = {}) {
  let tsc;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    if (!quiet)
      process.stderr.write('sitewright: TypeScript is not installed, so dist/node was not built; the command runs from the TypeScript sources through tsx.\n');
    return false;
  }
  const startedAt = Date.now();
  const count = sources().length;
  const tmp = join(ROOT, 'dist', `node.building-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  const result = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', tmp], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`tsc -p tsconfig.build.json failed (exit ${result.status ?? result.signal})`);
  }
  // The site schema's validator as JavaScript, so no command compiles it again (see runtime/config/precompiled.ts).
  // Without it every command still works, only slower: a failure here is a warning.
  try {
    const { precompileValidator } = await import(pathToFileURL(join(tmp, 'runtime', 'config', 'validate.js')).href);
    const { BLOCKS } = await import(pathToFileURL(join(tmp, 'blocks', 'registry.js')).href);
    precompileValidator(BLOCKS, join(tmp, 'site-validator.cjs'));
  } catch (error) {
    process.stderr.write(`sitewright: the site validator was not precompiled (${error.message}); commands compile it when they start.\n`);
  }
  writeFileSync(join(tmp, STAMP_NAME), `${JSON.stringify({ startedAt, sources: count })}\n`);
  const old = join(ROOT, 'dist', `node.old-${process.pid}`);
  // Another build may put its folder in place between the two renames: then move that one aside too.
  for (let attempt = 1; ; attempt++) {
    try {
      renameSync(OUT, old);
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
    try {
      renameSync(tmp, OUT);
      break;
    } catch (error) {
      if (!['ENOTEMPTY', 'EEXIST'].includes(error.code) || attempt === 3) throw error;
      rmSync(old, { recursive: true, force: true });
    }
  }
  rmSync(old, { recursive: true, force: true });
  if (!quiet) process.stdout.write(`Compiled ${count} TypeScript files to ${join('dist', 'node')} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
  return true;
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await build();
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  }
}
