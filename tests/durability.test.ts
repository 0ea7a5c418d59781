/**
 * Nothing acknowledged is ever lost: many sites written at once, and a server killed with
 * SIGKILL in the middle of a stream of submissions.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Signer } from '../runtime/services/signing.ts';
import { appWithData } from './helpers/app.ts';
import { formsFleet, runServer } from './helpers/cli-process.ts';

const form = (id: string, token: string) =>
  new URLSearchParams({ _form: 'contact', fullName: 'Load Test', email: 'load@example.com', message: `Message number ${id}`, _t: token }).toString();
const readData = async (dataDir: string, prefix: string) =>
  JSON.parse(await readFile(join(dataDir, `${prefix}.json`), 'utf8')) as { submissions: { answers: { message: string } }[] };

describe('durability', () => {
  it('stores exactly 500 concurrent submissions spread over 10 sites, each in its own site', async () => {
    const { sites, prefixes } = await formsFleet(10);
    const { app, services, dataDir } = await appWithData(sites);
    const token = services.signer.timeToken(Date.now() - 10_000);
    const replies = await Promise.all(
      Array.from({ length: 500 }, (_, i) => {
        const prefix = prefixes[i % 10] as string;
        return app.inject({
          method: 'POST',
          url: `/${prefix}/contact`,
          payload: form(`${prefix}-${i}`, token),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      }),
    );
    expect(replies.every((r) => r.statusCode === 303)).toBe(true);
    let total = 0;
    for (const prefix of prefixes) {
      const { submissions } = await readData(dataDir, prefix);
      total += submissions.length;
      expect(submissions).toHaveLength(50);
      expect(submissions.every((s) => s.answers.message.startsWith(`Message number ${prefix}-`))).toBe(true);
    }
    expect(total).toBe(500);
    await app.close();
  });

  it('keeps every acknowledged submission and a readable file when the server is killed mid-stream', async () => {
    const { sites, prefixes } = await formsFleet(3);
    const secret = 'a'.repeat(48);
    const signer = new Signer(Buffer.from(secret));
    const dataDir = join(sites, '..', 'data');
    const env = { SITEWRIGHT_SECRET: secret, DATA_DIR: dataDir };
    const server = await runServer('start', sites, [], env);
    const acknowledged: string[] = [];
    const refused: string[] = [];
    let n = 0;
    let stop = false;
    // The server is killed once it has acknowledged this many, with eight senders still going.
    const KILL_AFTER = 50;
    let streaming!: () => void;
    const midStream = new Promise<void>((resolve) => (streaming = resolve));
    server.child.once('exit', () => streaming()); // a server that dies by itself ends the wait too
    const sender = async () => {
      while (!stop) {
        const prefix = prefixes[n % prefixes.length] as string;
        const id = `${prefix}-${n++}`;
        try {
          const res = await fetch(`${server.origin}/${prefix}/contact`, {
            method: 'POST',
            body: form(id, signer.timeToken(Date.now() - 10_000)),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            redirect: 'manual',
          });
          if (res.status === 303) {
            if (acknowledged.push(id) === KILL_AFTER) streaming();
          } else {
            refused.push(`${id}: ${res.status}`);
            streaming();
          }
        } catch {
          // The connection died with the server: not acknowledged.
        }
      }
    };
    const senders = Array.from({ length: 8 }, sender);
    await midStream;
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(senders);
    expect(refused).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    const restarted = await runServer('start', sites, [], env);
    for (const prefix of prefixes) {
      const data = await readData(dataDir, prefix);
      const kept = new Set(data.submissions.map((s) => s.answers.message.replace('Message number ', '')));
      const missing = acknowledged.filter((id) => id.startsWith(`${prefix}-`) && !kept.has(id));
      expect(missing, `${prefix} lost acknowledged submissions`).toEqual([]);
    }
    const after = await fetch(`${restarted.origin}/${prefixes[0]}/contact`, {
      method: 'POST',
      body: form('after-restart', signer.timeToken(Date.now() - 10_000)),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(after.status).toBe(303);
    await restarted.stop();
    console.log(`kill test: ${acknowledged.length} submissions acknowledged before SIGKILL, all present after restart`);
  });
});
