/**
 * Huge posts cost the server next to nothing: eight posts of about 190 MB at once, to a form
 * without a file question and to one whose file question takes 2 MB, are each refused with 413
 * without their bodies being read, while the server's memory (a process of its own, read from
 * /proc) hardly grows and another site keeps answering. The figures are printed.
 */
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsFleet, runServer, type Running } from '../helpers/cli-process.ts';

const POST_BYTES = 190 * 1024 * 1024;
const PARALLEL = 8;
const MiB = 1024 * 1024;

let server: Running;
let attacked: string;
let other: string;
beforeAll(async () => {
  const fleet = await formsFleet(2);
  [attacked, other] = fleet.prefixes as [string, string];
  server = await runServer('start', fleet.sites);
});
afterAll(() => server.stop());

/** The server's resident memory now, in bytes. */
async function rss(): Promise<number> {
  const status = await readFile(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
}

/** A multipart body of `bytes` made as it is sent, never held whole: a few answers, then one file of noise. */
function* multipartBody(boundary: string, form: string, bytes: number): Generator<Buffer> {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="_form"\r\n\r\n${form}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nMallory\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  yield head;
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let left = bytes - head.length - tail.length;
  while (left > 0) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    left -= piece.length;
    yield piece;
  }
  yield tail;
}

interface Outcome {
  status: number;
  /** Bytes the client had handed to its socket when the answer came. */
  sent: number;
  ms: number;
}

/** One huge post; `withLength` false sends it chunked, so only reading can tell its size. */
function hugePost(path: string, form: string, withLength: boolean): Promise<Outcome> {
  const boundary = '----sitewright-huge';
  const { hostname, port } = new URL(server.origin);
  const started = performance.now();
  return new Promise((resolve) => {
    let sent = 0;
    const req = request({
      hostname,
      port,
      path,
      method: 'POST',
      agent: false,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(withLength ? { 'content-length': String(POST_BYTES) } : {}) },
    });
    const body = Readable.from(
      (function* () {
        for (const piece of multipartBody(boundary, form, POST_BYTES)) {
          sent += piece.length;
          yield piece;
        }
      })(),
    );
    req.on('response', (res) => {
      const answer = { status: res.statusCode ?? 0, sent, ms: performance.now() - started };
      body.unpipe(req);
      body.destroy();
      res.resume();
      res.on('end', () => resolve(answer));
      res.on('error', () => resolve(answer));
      req.destroy();
    });
    // Writing on after the server has closed fails here: without an answer first, the post counts as unanswered (status 0).
    req.on('error', () => resolve({ status: 0, sent, ms: performance.now() - started }));
    body.pipe(req);
  });
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;

/** Asks another site's home page one request after another until `until` settles: each time taken, in ms. */
async function visitWhile(until: Promise<unknown>, least = 20): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  const { hostname, port } = new URL(server.origin);
  while (!done || times.length < least) {
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      request({ hostname, port, path: `/${other}`, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
    times.push(performance.now() - started);
  }
  agent.destroy();
  return times;
}

describe('huge posts', () => {
  it('are refused with 413 before they are read, with little memory, while another site keeps answering', async () => {
    // The attacked site is read before the posts (as a visitor's form page would have it read), so they meet its limits, not its first load.
    expect((await fetch(`${server.origin}/${attacked}/contact`)).status).toBe(200);
    const quiet = await visitWhile(Promise.resolve(), 100);
    const before = await rss();
    let peak = before;
    const sampler = setInterval(
      () =>
        void rss()
          .then((now) => (peak = Math.max(peak, now)))
          .catch(() => undefined),
      20,
    );

    const attack = async () => {
      // (a) a form without a file question, each post saying its length
      const toContact = await Promise.all(Array.from({ length: PARALLEL }, () => hugePost(`/${attacked}/contact`, 'contact', true)));
      // (b) a form whose file question takes 2 MB, each post chunked, so the stream itself is stopped
      const toFiles = await Promise.all(Array.from({ length: PARALLEL }, () => hugePost(`/${attacked}/assessment`, 'virtual-assessment', false)));
      return { toContact, toFiles };
    };
    const attacking = attack();
    const [busy, { toContact, toFiles }] = await Promise.all([visitWhile(attacking), attacking]);
    clearInterval(sampler);
    peak = Math.max(peak, await rss());

    const mib = (n: number) => (n / MiB).toFixed(1);
    const sentMiB = (list: Outcome[]) => list.map((o) => mib(o.sent)).join(', ');
    console.log(
      [
        `Huge posts: ${PARALLEL} × ${POST_BYTES / MiB} MiB to a form without files, then ${PARALLEL} chunked to a form taking 2 MB files`,
        `  statuses: ${toContact.map((o) => o.status).join(' ')} | ${toFiles.map((o) => o.status).join(' ')}`,
        `  sent by each client before its answer (MiB): ${sentMiB(toContact)} | ${sentMiB(toFiles)}`,
        `  answered after (ms, median): ${quantile(
          toContact.map((o) => o.ms),
          0.5,
        ).toFixed(0)} | ${quantile(
          toFiles.map((o) => o.ms),
          0.5,
        ).toFixed(0)}`,
        `  server RSS: ${mib(before)} MiB before, ${mib(peak)} MiB at most, growth ${mib(peak - before)} MiB (limit 100 MiB)`,
        `  /${other}: p99 ${quantile(quiet, 0.99).toFixed(1)} ms quiet (${quiet.length} requests), ${quantile(busy, 0.99).toFixed(1)} ms during the posts (${busy.length} requests)`,
      ].join('\n'),
    );

    expect(toContact.map((o) => o.status)).toEqual(Array(PARALLEL).fill(413));
    expect(toFiles.map((o) => o.status)).toEqual(Array(PARALLEL).fill(413));
    // The answer comes long before the body could have been read: a client has sent a sliver of it.
    for (const o of [...toContact, ...toFiles]) expect(o.sent).toBeLessThan(POST_BYTES / 4);
    expect(peak - before).toBeLessThan(100 * MiB);
  });
});
