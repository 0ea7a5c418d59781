import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCurrent } from '../cli/compiled.mjs';
import { FIXTURE_FLEET } from './helpers/app.ts';

const run = promisify(execFile);
const LAUNCHER = fileURLToPath(new URL('../cli/sitewright.mjs', import.meta.url));

/**
 * A module-resolution hook, given to the process by this test alone: it appends the address of
 * every module the process imports (its own, the project's, the packages') to the file named by
 * RECORD_IMPORTS. Registered with --import before the command's code, so it sees all of it.
 */
const HOOKS = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.RECORD_IMPORTS, resolved.url + '\\n');
  return resolved;
}`;
const RECORDER = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`,
)}`;

/** What must not load for the help: the server, React and the PDF library (pdfkit, and its fonts' inflater), or every block. */
const HEAVY: [what: string, pattern: RegExp][] = [
  ['the server', /\/runtime\/server\/app\.(ts|js)$/],
  ['Fastify', /\/node_modules\/fastify\//],
  ['React', /\/node_modules\/react(-dom)?\//],
  ['the PDF library', /\/node_modules\/(pdfkit|fontkit|tiny-inflate)\//],
  ['the block registry', /\/blocks\/registry\.(ts|js)$/],
];

const heavyIn = (urls: readonly string[]) => HEAVY.filter(([, pattern]) => urls.some((url) => pattern.test(url))).map(([what]) => what);

describe('what the sitewright command loads, started from another folder', () => {
  let outside: string;
  let count = 0;

  /** Runs the command with the recorder; its output and every module address it imported. */
  async function recorded(args: string[], env: Record<string, string> = {}) {
    const file = join(outside, `imports-${++count}.txt`);
    const { stdout } = await run(process.execPath, ['--import', RECORDER, LAUNCHER, ...args], {
      cwd: outside,
      env: { ...process.env, ...env, RECORD_IMPORTS: file },
    });
    const urls = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
    return { stdout, urls };
  }

  beforeAll(async () => {
    // The compiled JavaScript is under test as well as the sources: build it when it is out of date.
    if (!isCurrent()) await run(process.execPath, [fileURLToPath(new URL('../cli/compiled.mjs', import.meta.url))]);
    outside = await mkdtemp(join(tmpdir(), 'sitewright-imports-'));
  }, 180_000);

  afterAll(async () => {
    await rm(outside, { recursive: true, force: true });
  });

  for (const [how, env] of [
    ['compiled', {}],
    ['from the TypeScript sources', { SITEWRIGHT_FROM_SOURCES: '1' }],
  ] as const) {
    it(`--help loads neither the server, React, the PDF library nor the blocks (${how})`, { timeout: 120_000 }, async () => {
      const { stdout, urls } = await recorded(['--help'], env);
      expect(stdout).toMatch(/^ {2}validate /m);
      // The recorder sees the command's own modules and the packages it imports.
      expect(urls.some((url) => /\/cli\/main\.(ts|js)$/.test(url))).toBe(true);
      expect(urls.some((url) => url.includes('/node_modules/commander/'))).toBe(true);
      expect(heavyIn(urls)).toEqual([]);
      // Nor any other of the runtime or the blocks: what a command runs loads when it runs.
      expect(urls.filter((url) => /\/(runtime|blocks)\//.test(url))).toEqual([]);
      if (how === 'compiled') expect(urls.some((url) => url.endsWith('.ts'))).toBe(false);
    });
  }

  it('loads the blocks, and not the server, for validate', { timeout: 120_000 }, async () => {
    const { stdout, urls } = await recorded(['validate', 'alpha', '--sites', FIXTURE_FLEET]);
    expect(stdout).toMatch(/^1 site checked: 1 valid/);
    expect(heavyIn(urls)).toContain('the block registry');
    expect(heavyIn(urls)).not.toContain('the server');
  });

  it("lists new's templates in its help however it is asked for, without the server", { timeout: 120_000 }, async () => {
    for (const args of [
      ['new', '--help'],
      ['help', 'new'],
    ]) {
      const { stdout, urls } = await recorded(args);
      expect(stdout).toMatch(/\nTemplates:\n.*dental/s);
      expect(heavyIn(urls)).not.toContain('the server');
    }
  });
});
