import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_FLEET } from './app.ts';

const CLI = new URL('../../cli/sitewright.mjs', import.meta.url).pathname;

/** A copy of the fixture fleet that a test may edit. */
export async function copyOfFleet(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitewright-'));
  await cp(FIXTURE_FLEET, join(dir, 'sites'), { recursive: true });
  return join(dir, 'sites');
}

export interface Running {
  child: ChildProcess;
  origin: string;
  output: () => string;
  /**
   * Resolves with the server's output once what it printed after `since` (a length of
   * `output()`, taken before the action it answers) matches; rejects if the server exits first.
   */
  waitFor: (pattern: string | RegExp, since?: number) => Promise<string>;
  stop: () => Promise<void>;
}

/** Far longer than any wait on a busy machine: only there to fail with the server's output instead of a bare test timeout. */
const HUNG_MS = 150_000;

/** Runs `sitewright <command>` as a real process on a port the system picks, and waits until it says it is listening. */
export async function runServer(command: string, sitesDir: string, extra: string[] = [], env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, [CLI, command, '--sites', sitesDir, '--port', '0', ...extra], {
    env: { ...process.env, HOST: '127.0.0.1', NODE_ENV: 'test', DATA_DIR: join(sitesDir, '..', 'data'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const printed = new EventEmitter();
  const add = (d: Buffer) => {
    log += d.toString();
    printed.emit('data');
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  child.on('exit', () => printed.emit('exit'));

  const waitFor = (pattern: string | RegExp, since = 0) =>
    new Promise<string>((resolve, reject) => {
      const matches = () => (typeof pattern === 'string' ? log.indexOf(pattern, since) !== -1 : pattern.test(log.slice(since)));
      const done = (error?: Error) => {
        clearTimeout(hung);
        printed.off('data', check);
        printed.off('exit', exited);
        if (error) reject(error);
        else resolve(log);
      };
      const check = () => {
        if (matches()) done();
      };
      const exited = () => done(new Error(`the server exited (${child.exitCode ?? child.signalCode}) before printing ${pattern}:\n${log}`));
      const hung = setTimeout(() => done(new Error(`the server has not printed ${pattern}:\n${log}`)), HUNG_MS);
      printed.on('data', check);
      printed.on('exit', exited);
      if (matches()) done();
      else if (child.exitCode !== null || child.signalCode !== null) exited();
    });

  const SERVING = /Sitewright is serving [^\n]* at http:\/\/localhost:(\d+)[^\n]*\n/;
  await waitFor(SERVING);
  const port = SERVING.exec(log)?.[1];
  if (!port) throw new Error(`the server did not say its port:\n${log}`);
  return {
    child,
    origin: `http://127.0.0.1:${port}`,
    output: () => log,
    waitFor,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Ten sites with forms, made from the forms fixture under ten prefixes. */
export async function formsFleet(count = 10): Promise<{ sites: string; prefixes: string[] }> {
  const { readFile, writeFile, mkdir } = await import('node:fs/promises');
  const dir = await mkdtemp(join(tmpdir(), 'sitewright-forms-'));
  const source = await readFile(join(FIXTURE_FLEET, '..', 'forms', 'gamma', 'site.yaml'), 'utf8');
  const prefixes = Array.from({ length: count }, (_, i) => `site${i}`);
  for (const prefix of prefixes) {
    await mkdir(join(dir, 'sites', prefix), { recursive: true });
    await writeFile(join(dir, 'sites', prefix, 'site.yaml'), source.replace('name: Gamma Basements', `name: Gamma Basements ${prefix}`));
  }
  return { sites: join(dir, 'sites'), prefixes };
}
