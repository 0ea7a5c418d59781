import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CLI = new URL('../../cli/sitewright.mjs', import.meta.url).pathname;

/** Runs the sitewright command as a real process; a non-zero exit is returned, not thrown. */
export function sitewright(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return sitewrightWith({}, ...args);
}

/** The same, with these environment variables added. */
export async function sitewrightWith(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
