import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY, isCurrent } from '../cli/compiled.mjs';
import { FIXTURE_FLEET } from './helpers/app.ts';

const run = promisify(execFile);
const LAUNCHER = fileURLToPath(new URL('../cli/sitewright.mjs', import.meta.url));
const COMMANDS = ['new', 'validate', 'doctor', 'routes', 'start', 'dev', 'build', 'submissions'];

/** Runs a script as a real process in a folder outside the project; a non-zero exit is returned, not thrown. */
async function node(cwd: string, script: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], { cwd, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('the compiled sitewright command, started from another folder', () => {
  let outside: string;

  beforeAll(async () => {
    // The sources change while the code is edited; the command then runs them through tsx.
    // Here the compiled JavaScript itself is under test, so build it when it is out of date.
    if (!isCurrent()) await run(process.execPath, [fileURLToPath(new URL('../cli/compiled.mjs', import.meta.url))]);
    outside = await mkdtemp(join(tmpdir(), 'sitewright-elsewhere-'));
  });

  afterAll(async () => {
    await rm(outside, { recursive: true, force: true });
  });

  it('prints help listing every command', async () => {
    for (const script of [ENTRY, LAUNCHER]) {
      const { code, stdout } = await node(outside, script, ['--help']);
      expect(code).toBe(0);
      for (const command of COMMANDS) expect(stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
      expect(stdout).toContain('validate [options] [prefix...]');
    }
  });

  it('validates only the named site', async () => {
    const { code, stdout } = await node(outside, ENTRY, ['validate', 'alpha', '--sites', FIXTURE_FLEET]);
    expect(stdout).toMatch(/^1 site checked: 1 valid, 0 invalid; 0 errors, 0 warnings \(\d+ ms\)\n$/);
    expect(code).toBe(0);
  });

  it('reports the problems of a named invalid site with the full path of its file', async () => {
    const { code, stdout } = await node(outside, ENTRY, ['validate', 'broken', '--sites', FIXTURE_FLEET]);
    expect(stdout).toContain(`${join(FIXTURE_FLEET, 'broken', 'site.yaml')}:14:15  SW_UNKNOWN_BLOCK`);
    expect(stdout).toMatch(/1 site checked: 0 valid, 1 invalid/);
    expect(code).toBe(1);
  });

  it('refuses an unknown prefix and names the closest one', async () => {
    const { code, stdout, stderr } = await node(outside, ENTRY, ['validate', 'alpah', '--sites', FIXTURE_FLEET]);
    expect(stderr).toContain(`there is no site "alpah" in ${FIXTURE_FLEET}. Did you mean "alpha"?`);
    expect(stdout).toBe('');
    expect(code).toBe(1);
  });

  it('runs the TypeScript sources through tsx with the project settings when asked to', async () => {
    // Rendering code uses JSX: without the project's tsconfig, tsx compiled it for the wrong runtime.
    const { code, stdout } = await node(outside, LAUNCHER, ['validate', 'alpha', '--sites', FIXTURE_FLEET], { SITEWRIGHT_FROM_SOURCES: '1' });
    expect(stdout).toMatch(/^1 site checked: 1 valid/);
    expect(code).toBe(0);
  });
});
