/**
 * Hostile site documents against a running server with the whole fleet: each is saved in turn over
 * a site that serves, while another site is fetched without pause and the server's memory sampled;
 * then the server starts with all of them present. Each document must be refused or read within its
 * budget (2 s), the server stay under 600 MiB, the other site keep answering quickly, and a start
 * with every hostile document present serve the good sites within 12 s. The same documents typed
 * into a site's studio as drafts are each answered with their problem, the other site still
 * answering (under 100 ms at p99; the target of 50 ms is not yet met for drafts). One file, so the two never measure at once.
 */
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServer, type Running } from '../helpers/cli-process.ts';
import { signInThroughOutbox } from '../helpers/studio.ts';
import { FLEET, hostileDocuments, p99, rssMiB, sampler, statusOf, visitor } from '../helpers/hostile.ts';

const GOOD = ['oakridge', 'brightsmile', 'clearpath', 'quickhomeoffer', 'bellaluxe'];

/** Asks for a few good sites until each answers 200 (a site not read yet is read first when asked for). */
async function goodSitesServed(origin: string): Promise<void> {
  await Promise.all(
    GOOD.map(async (prefix) => {
      for (;;) {
        const status = await statusOf(`${origin}/${prefix}`);
        if (status === 200) return;
        // Read and refused: no use asking again.
        if (status !== 404) throw new Error(`${prefix} answered ${status}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }),
  );
}

const servers: Running[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

describe('hostile site documents against the running fleet', () => {
  it(
    'refuses each within its budget while another site keeps answering, and a start with all of them serves the good sites at once',
    { timeout: 600_000 },
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'sitewright-budget-'));
      const sites = join(root, 'sites');
      await cp(FLEET, sites, { recursive: true });
      const documents = await hostileDocuments();
      // The deadline stays the default: a good site read slowly on a busy machine is not what is measured.
      const env = { NODE_ENV: 'production' };

      // One by one, over a site that serves (watched: each save is read again at once).
      const cleanStart = performance.now();
      const server = await runServer('start', sites, ['--watch'], env);
      servers.push(server);
      await goodSitesServed(server.origin);
      // The same start without any hostile document: the yardstick for a start with all of them.
      const clean = performance.now() - cleanStart;
      const pid = server.child.pid as number;
      await server.waitFor('Every site has been read');
      const other = `${server.origin}/oakridge`;
      // How the other site answers with nothing else going on: the yardstick for the time under attack.
      const calm = visitor(other);
      while (calm.times.length < 200) await new Promise((r) => setTimeout(r, 20));
      await calm.stop();
      const memory = sampler(pid);
      const busy = visitor(other);
      const rows: string[] = [];
      for (const [name, source] of documents) {
        const since = server.output().length;
        await writeFile(join(sites, 'brightsmile', 'site.yaml'), source);
        const said = await server.waitFor(/brightsmile: the new version has \d+ problem\(s\) \(read in (\d+) ms\)/, since);
        const ms = Number(/brightsmile: the new version has \d+ problem\(s\) \(read in (\d+) ms\)/.exec(said.slice(since))?.[1]);
        const code = /SW_[A-Z_]+/.exec(said.slice(since))?.[0];
        rows.push(`${name.padEnd(36)} ${String(code).padEnd(20)} read in ${ms} ms`);
        expect(code, name).not.toBe('SW_LOAD_FAILED');
        expect(ms, `${name} took ${ms} ms`).toBeLessThanOrEqual(2000);
        // The last good version still serves.
        expect((await fetch(`${server.origin}/brightsmile`, { redirect: 'manual' })).status, name).toBe(200);
      }
      await busy.stop();
      memory.stop();
      const calmP99 = p99(calm.times);
      const busyP99 = p99(busy.times);
      console.log(
        [
          'Each hostile document saved over brightsmile while oakridge is fetched without pause:',
          ...rows.map((r) => `  ${r}`),
          `oakridge: ${busy.times.length} requests, p99 ${busyP99.toFixed(1)} ms (${calmP99.toFixed(1)} ms before); server peak RSS ${memory.peak().toFixed(0)} MiB`,
        ].join('\n'),
      );
      expect(busy.failures).toEqual([]);
      expect(memory.peak()).toBeLessThan(600);
      // Under 50 ms, or on a machine so busy that even calm requests are slow, no worse than three times calm.
      expect(busyP99).toBeLessThan(Math.max(50, 3 * calmP99));
      await server.stop();

      // A start with every hostile document present, each in a folder of its own.
      for (const [i, [, source]] of documents.entries()) {
        await mkdir(join(sites, `hostile${i}`), { recursive: true });
        await writeFile(join(sites, `hostile${i}`, 'site.yaml'), source);
      }
      await writeFile(join(sites, 'brightsmile', 'site.yaml'), await readFile(join(FLEET, 'brightsmile', 'site.yaml'), 'utf8'));
      const started = performance.now();
      const again = await runServer('start', sites, [], env);
      servers.push(again);
      const listening = performance.now() - started;
      await goodSitesServed(again.origin);
      const served = performance.now() - started;
      await again.waitFor('Every site has been read');
      const whole = performance.now() - started;
      const log = again.output();
      console.log(
        `Start with ${documents.length} hostile documents and ${GOOD.length} good sites asked for: listening after ${(listening / 1000).toFixed(1)} s, ` +
          `the good sites served after ${(served / 1000).toFixed(1)} s (${(clean / 1000).toFixed(1)} s without them), every site read after ${(whole / 1000).toFixed(1)} s; peak RSS ${(await rssMiB(again.child.pid as number)).toFixed(0)} MiB`,
      );
      // Within 12 s, or on a machine so busy that a start without them is slow too, no more than half as long again.
      expect(served).toBeLessThan(Math.max(12_000, 1.5 * clean + 2000));
      expect(log).toMatch(new RegExp(`${documents.length} site\\(s\\) left out: ${documents.map((_, i) => `hostile${i}`).join(', ')}\\.`));
      for (const [i] of documents.entries()) expect(await statusOf(`${again.origin}/hostile${i}`)).toBe(503);
    },
  );
});

describe('hostile drafts typed into the studio', () => {
  it('are each checked within the budget and answered with their problem, while another site keeps answering quickly', { timeout: 600_000 }, async () => {
    const root = await mkdtemp(join(tmpdir(), 'sitewright-studio-budget-'));
    const sites = join(root, 'sites');
    const data = join(root, 'data');
    await cp(FLEET, sites, { recursive: true });
    const server = await runServer('start', sites, [], { NODE_ENV: 'production', DATA_DIR: data, TRUST_PROXY: '1' });
    servers.push(server);
    await server.waitFor('Every site has been read');
    const { cookie, csrf } = await signInThroughOutbox(server.origin, data, 'brightsmile', 'hello@brightsmile.example.com');
    // Every body is made before anything is measured: this process also measures the other site, and must not be busy itself.
    const documents = (await hostileDocuments()).map(([name, text]) => [name, new Blob([JSON.stringify({ _csrf: csrf, text, base: 1 })])] as const);
    const draft = (body: Blob) =>
      fetch(`${server.origin}/brightsmile/desk/studio/draft`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
        body,
      });
    // The studio opened once: the file is version 1.
    expect((await fetch(`${server.origin}/brightsmile/desk/studio`, { headers: { cookie } })).status).toBe(200);
    const other = `${server.origin}/oakridge`;
    const calm = visitor(other);
    while (calm.times.length < 200) await new Promise((r) => setTimeout(r, 20));
    await calm.stop();
    const memory = sampler(server.child.pid as number);
    const busy = visitor(other);
    const rows: string[] = [];
    // Three rounds, as a hostile owner would keep typing: enough of the other site's requests for a p99.
    for (const round of [1, 2, 3])
      for (const [name, body] of documents) {
        const started = performance.now();
        const res = await draft(body);
        const ms = performance.now() - started;
        const answer = (await res.json()) as { errors?: number; problems?: { code: string }[] };
        const code = answer.problems?.[0]?.code;
        if (round === 1) rows.push(`${name.padEnd(36)} ${res.status} ${String(code).padEnd(20)} answered in ${ms.toFixed(0)} ms`);
        expect(res.status, name).toBe(200);
        expect(answer.errors, name).toBeGreaterThan(0);
        expect(code, name).not.toBe('SW_LOAD_FAILED');
      }
    await busy.stop();
    memory.stop();
    const calmP99 = p99(calm.times);
    const busyP99 = p99(busy.times);
    console.log(
      [
        'Each hostile draft sent to the studio of brightsmile while oakridge is fetched without pause:',
        ...rows.map((r) => `  ${r}`),
        `oakridge: ${busy.times.length} requests, p99 ${busyP99.toFixed(1)} ms (${calmP99.toFixed(1)} ms before); server peak RSS ${memory.peak().toFixed(0)} MiB`,
      ].join('\n'),
    );
    expect(busy.failures).toEqual([]);
    expect(memory.peak()).toBeLessThan(600);
    // Under 50 ms, or on a machine so busy that even calm requests are slow, no worse than three times
    // calm: a draft's bytes are read in the loading thread, never decoded or parsed by the serving one.
    expect(busyP99).toBeLessThan(Math.max(50, 3 * calmP99));
    // The published version still serves.
    expect((await fetch(`${server.origin}/brightsmile`)).status).toBe(200);
  });
});
