import { spawn, type ChildProcess } from 'node:child_process';
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
  stop: () => Promise<void>;
}

/** Runs `sitewright <command>` as a real process and waits until it is listening. */
export async function runServer(command: string, sitesDir: string, extra: string[] = [], env: Record<string, string> = {}): Promise<Running> {
  const port = 41000 + Math.floor(Math.random() * 9000);
  const child = spawn(process.execPath, [CLI, command, '--sites', sitesDir, '--port', String(port), ...extra], {
    env: { ...process.env, HOST: '127.0.0.1', NODE_ENV: 'test', DATA_DIR: join(sitesDir, '..', 'data'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 60_000);
    const check = () => {
      if (log.includes('Sitewright is serving')) {
        clearTimeout(timer);
        resolve();
      } else if (child.exitCode !== null) {
        clearTimeout(timer);
        reject(new Error(`server exited:\n${log}`));
      } else setTimeout(check, 50);
    };
    check();
  });
  return {
    child,
    origin: `http://127.0.0.1:${port}`,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
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

/** Polls until the check passes (a reload happens in the background). */
export async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  let last = await probe();
  while (!ok(last)) {
    if (Date.now() > until) throw new Error(`still not as expected: ${JSON.stringify(last).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 50));
    last = await probe();
  }
  return last;
}
