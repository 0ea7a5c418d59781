import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { copyOfFleet, runServer } from './helpers/cli-process.ts';

const BIN = fileURLToPath(new URL('../cli/sitewright.mjs', import.meta.url));
/** Far longer than stopping takes on a busy machine: only there to fail with the output rather than a bare timeout. */
const HUNG_MS = 120_000;

/** The processes under `pid` (Linux), to clean up after a failure; none where /proc cannot say. */
function descendants(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** Resolves once the process has exited and every process that shared its output has closed it. */
function closed(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const hung = setTimeout(() => reject(new Error(`still running, or a process it started still is:\n${output()}`)), HUNG_MS);
    child.once('close', () => {
      clearTimeout(hung);
      resolve();
    });
  });
}

/** An open page's live-reload stream, read up to its first line. */
async function openPage(origin: string) {
  const res = await fetch(`${origin}/_sitewright/events`);
  const reader = res.body!.getReader();
  await reader.read();
  return reader;
}

let leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
  leftovers = [];
});

describe('stopping sitewright dev', () => {
  it('started with npx, stops when the process the user started is sent SIGTERM, a page open', async () => {
    const project = await mkdtemp(join(tmpdir(), 'sitewright-npx-'));
    const sites = await copyOfFleet();
    await writeFile(join(project, 'package.json'), '{ "name": "our-sites", "private": true }\n');
    // As npm installs the command for a project that depends on it.
    await mkdir(join(project, 'node_modules', '.bin'), { recursive: true });
    await symlink(BIN, join(project, 'node_modules', '.bin', 'sitewright'));
    const child = spawn('npx', ['--no', '--', 'sitewright', 'dev', '--sites', sites, '--port', '0'], {
      cwd: project,
      env: { ...process.env, HOST: '127.0.0.1', NODE_ENV: 'test', DATA_DIR: join(project, 'data') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const serving = new Promise<string>((resolve, reject) => {
      const add = (d: Buffer) => {
        log += d.toString();
        const port = /Sitewright is serving [^\n]* at http:\/\/localhost:(\d+)/.exec(log)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      };
      child.stdout?.on('data', add);
      child.stderr?.on('data', add);
      child.once('exit', () => reject(new Error(`npx exited before the server said it was serving:\n${log}`)));
    });
    const gone = closed(child, () => log);
    const origin = await serving;
    const page = await openPage(origin);
    expect((await fetch(`${origin}/alpha`)).status).toBe(200);
    leftovers = descendants(child.pid!);

    child.kill('SIGTERM');
    await gone;
    // The server has ended the open page's stream and stopped listening.
    expect((await page.read()).done).toBe(true);
    await expect(fetch(`${origin}/alpha`)).rejects.toThrow();
  });

  it('started directly, stops on SIGINT with a page open', async () => {
    const server = await runServer('dev', await copyOfFleet());
    const page = await openPage(server.origin);
    leftovers = [server.child.pid!];
    const gone = closed(server.child, server.output);
    server.child.kill('SIGINT');
    await gone;
    expect(server.child.exitCode).toBe(0);
    expect((await page.read()).done).toBe(true);
    await expect(fetch(`${server.origin}/alpha`)).rejects.toThrow();
  });
});
