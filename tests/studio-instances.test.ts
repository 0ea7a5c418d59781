/**
 * The studio on two `sitewright start` processes sharing PostgreSQL, Redis and the sites folder:
 * a version published on one is served by the other as soon as the shared reload reaches it (the
 * time is printed), and a second editor publishing on the other from the version before is refused
 * with what was published. Skipped, with the reason printed, when PostgreSQL or Redis is not there.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_FLEET } from './helpers/app.ts';
import { runServer, type Running } from './helpers/cli-process.ts';
import { TEST_DATABASE_URL, testDatabase } from './helpers/postgres.ts';
import { signInThroughOutbox } from './helpers/studio.ts';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const { admin, unreachable } = await testDatabase('the studio on two instances');
const redis = new Redis(REDIS, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
const noRedis = await redis.connect().then(
  () => '',
  (e: Error) => `Redis at ${REDIS} (${e.message})`,
);
if (noRedis) console.log(`the studio on two instances skipped: no answer from ${noRedis}.`);
const missing = Boolean(unreachable || noRedis);

const schema = `sw_test_${randomBytes(6).toString('hex')}`;
const prefix = `studio${randomInt(1e9)}`;
let instances: Running[] = [];
let original = '';
const dataDirs: string[] = [];

beforeAll(async () => {
  if (missing) return;
  const root = await mkdtemp(join(tmpdir(), 'sitewright-studio-twins-'));
  const sitesDir = join(root, 'sites');
  await mkdir(join(sitesDir, prefix), { recursive: true });
  original = (await readFile(join(DESK_FLEET, 'alpha', 'site.yaml'), 'utf8')).replace(
    '    role: staff\n',
    '    role: staff\n  - email: oscar@alpha.example.com\n    name: Oscar Owner\n    role: owner\n',
  );
  await writeFile(join(sitesDir, prefix, 'site.yaml'), original);
  const secret = randomBytes(24).toString('hex');
  for (const n of [1, 2]) dataDirs.push(join(root, `data${n}`));
  instances = await Promise.all(
    dataDirs.map((dataDir) =>
      runServer('start', sitesDir, [], {
        DATA_DIR: dataDir,
        DATABASE_URL: TEST_DATABASE_URL,
        DATABASE_SCHEMA: schema,
        REDIS_URL: REDIS,
        SITEWRIGHT_SECRET: secret,
        TRUST_PROXY: '1',
      }),
    ),
  );
}, 180_000);

afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await admin.unsafe(`drop schema if exists "${schema}" cascade`).catch(() => {});
  await admin.end({ timeout: 1 });
  redis.disconnect();
});

const publish = (origin: string, session: { cookie: string; csrf: string }, text: string, base: number) =>
  fetch(`${origin}/${prefix}/desk/studio/publish`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ _csrf: session.csrf, text, base, message: 'Faster promise' }),
  });

describe.skipIf(missing)('the studio on two instances', () => {
  it('serves on the other instance what one published, and refuses a second editor’s publish from the version before', { timeout: 180_000 }, async () => {
    const [one, two] = instances as [Running, Running];
    const olga = await signInThroughOutbox(one.origin, dataDirs[0] as string, prefix, 'olga@alpha.example.com', '198.51.100.1');
    const oscar = await signInThroughOutbox(two.origin, dataDirs[1] as string, prefix, 'oscar@alpha.example.com', '198.51.100.2');
    // Both open the studio: the file becomes version 1, once, in the shared store.
    for (const [origin, who] of [
      [one.origin, olga],
      [two.origin, oscar],
    ] as const) {
      const page = await (await fetch(`${origin}/${prefix}/desk/studio`, { headers: { cookie: who.cookie } })).text();
      expect(page).toContain('data-base="1"');
    }
    const text = original.replace('Leaks fixed today', 'Leaks fixed within the hour');
    const since = two.output().length;
    const started = performance.now();
    const res = await publish(one.origin, olga, text, 1);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ version: 2, url: `/${prefix}` });
    // The other instance is told through Redis and reads the file again: no timer is waited for.
    let served = 0;
    for (let tries = 0; !served && tries < 400; tries++) {
      const page = await (await fetch(`${two.origin}/${prefix}`)).text();
      if (page.includes('Leaks fixed within the hour')) served = performance.now() - started;
      else await new Promise((r) => setTimeout(r, 25));
    }
    console.log(`published on one instance, served by the other ${served.toFixed(0)} ms after the publish was sent`);
    expect(served).toBeGreaterThan(0);
    await two.waitFor(`${prefix}: reloaded in`, since);

    const stale = await publish(two.origin, oscar, original.replace('Leaks fixed today', 'Leaks fixed by noon'), 1);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ current: 2, author: 'Olga Alpha', text });
    expect(await (await fetch(`${two.origin}/${prefix}`)).text()).toContain('Leaks fixed within the hour');
    const rows = await admin.unsafe<{ number: number; email: string }[]>(
      `select (data->>'number')::int as number, data->>'email' as email from "${schema}".records where site = $1 and kind = 'siteVersions' order by 1`,
      [prefix],
    );
    expect(rows).toEqual([
      { number: 1, email: 'file' },
      { number: 2, email: 'olga@alpha.example.com' },
    ]);
  });
});
