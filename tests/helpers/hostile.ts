/** Hostile site documents and what measures a server while it reads them: another site's visitor, its p99, the server's memory. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export const FLEET = new URL('../../sites/', import.meta.url).pathname;
const MB = 1 << 20;

export async function hostileDocuments(): Promise<[string, string][]> {
  const base = await readFile(join(FLEET, 'brightsmile', 'site.yaml'), 'utf8');
  const small = (await readFile(join(FLEET, 'brightsmile', 'site.yaml'), 'utf8')).split('\ncollections:')[0] as string;
  const nest = Array.from({ length: 1000 }, (_, i) => `${' '.repeat(i + 1)}k${i}:`).join('\n');
  return [
    ['a 1 MB block type', base.replace('- type: hero', `- type: ${'x'.repeat(MB)}`)],
    ['a 1 MB key', base.replace('\npages:', `\n${'k'.repeat(MB)}: 1\npages:`)],
    ['a 1 MB kind', base.replace(/\n {2}kind: \S+/, `\n  kind: ${'y'.repeat(MB)}`)],
    ['a 1 MB tagline', base.replace(/\n {2}tagline: .*/, `\n  tagline: ${'t'.repeat(MB)}`)],
    ['a 1 MB flow list', base.replace('\npages:', `\nextra: [${Array.from({ length: MB / 2 }, () => 7).join(',')}]\npages:`)],
    ['a 400 KB block type', base.replace('- type: hero', `- type: ${'x'.repeat(400_000)}`)],
    ['a 400 KB flow list', base.replace('\npages:', `\nextra: [${Array.from({ length: 200_000 }, () => 7).join(',')}]\npages:`)],
    ['a 1 KB anchor aliased 1,000 times', base.replace('\npages:', `\nanchor: &a "${'a'.repeat(1024)}"\nuses: [${Array(1000).fill('*a').join(', ')}]\npages:`)],
    ['1,000-deep block nesting', `${small}\ndeep:\n${nest}\n`],
    ['1,000-deep flow nesting', `${small}\ndeep: ${'['.repeat(1000)}${']'.repeat(1000)}\n`],
  ];
}

/** The server's resident memory, threads included. */
export async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** A page's status, its body read (an unread body holds its connection). */
export async function statusOf(url: string): Promise<number> {
  const response = await fetch(url, { redirect: 'manual' });
  await response.arrayBuffer();
  return response.status;
}

export const p99 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.max(0, Math.ceil(times.length * 0.99) - 1)] ?? 0;

/** The visitor's loop, in a thread of its own: what this process does meanwhile (making and sending large bodies) never delays it. */
const VISITOR = `
const { parentPort, workerData } = require('node:worker_threads');
let stopped = false;
parentPort.on('message', () => (stopped = true));
(async () => {
  while (!stopped) {
    const started = performance.now();
    try {
      const response = await fetch(workerData, { redirect: 'manual' });
      await response.arrayBuffer();
      parentPort.postMessage({ ms: performance.now() - started, status: response.status });
    } catch (error) {
      parentPort.postMessage({ failure: String(error) });
      break;
    }
  }
  parentPort.postMessage({ done: true });
})();
`;

/**
 * Fetches a page over and over, one request at a time, until stopped: how another site's visitors
 * fare meanwhile. Each request is timed in a thread of its own, so the test's own work is not counted.
 */
export function visitor(url: string) {
  const times: number[] = [];
  const failures: string[] = [];
  const worker = new Worker(VISITOR, { eval: true, workerData: url });
  const done = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: { ms?: number; status?: number; failure?: string; done?: boolean }) => {
      if (m.failure) failures.push(m.failure);
      else if (m.done) resolve();
      else if (m.ms !== undefined) {
        times.push(m.ms);
        if (m.status !== 200) failures.push(String(m.status));
      }
    });
    worker.on('error', reject);
  });
  return {
    times,
    failures,
    stop: async () => {
      worker.postMessage('stop');
      await done;
      await worker.terminate();
    },
  };
}

/** Samples the server's memory until stopped; the peak. */
export function sampler(pid: number) {
  let peak = 0;
  const timer = setInterval(
    () =>
      void rssMiB(pid).then(
        (m) => (peak = Math.max(peak, m)),
        () => {},
      ),
    50,
  );
  return {
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}
