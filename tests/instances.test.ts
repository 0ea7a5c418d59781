/**
 * Two `sitewright start` processes sharing PostgreSQL and Redis behind a round-robin proxy behave
 * as one: a form post, a registration capacity that 500 people ask for at once across both, a
 * newsletter link e-mailed by one and confirmed through the other, and a site reloaded on one
 * that the other reloads too. Skipped, with the reason printed, when PostgreSQL or Redis is not there.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Signer } from '../runtime/services/signing.ts';
import { FORMS_FLEET } from './helpers/app.ts';
import { runServer, type Running } from './helpers/cli-process.ts';
import { roundRobin } from './helpers/round-robin.ts';

const DATABASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const admin = postgres(DATABASE, { max: 1, onnotice: () => {}, connect_timeout: 5 });
const redis = new Redis(REDIS, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
const missing = [
  await admin`select 1`.then(
    () => '',
    (e: Error) => `PostgreSQL at ${DATABASE} (${e.message})`,
  ),
  await redis.connect().then(
    () => '',
    (e: Error) => `Redis at ${REDIS} (${e.message})`,
  ),
].filter(Boolean);
if (missing.length) console.log(`two-instance tests skipped: no answer from ${missing.join(' or ')}.`);

const SECRET = randomBytes(24).toString('hex');
const schema = `sw_test_${randomBytes(6).toString('hex')}`;
// A prefix of this run's own: the limits in Redis are counted by site, across runs.
const prefix = `twin${randomInt(1e9)}`;
let instances: Running[] = [];
let proxy: Awaited<ReturnType<typeof roundRobin>>;
let sitesDir: string;
const dataDirs: string[] = [];

beforeAll(async () => {
  if (missing.length) return;
  const root = await mkdtemp(join(tmpdir(), 'sitewright-twins-'));
  sitesDir = join(root, 'sites');
  await mkdir(join(sitesDir, prefix), { recursive: true });
  const source = await readFile(join(FORMS_FLEET, 'gamma', 'site.yaml'), 'utf8');
  await writeFile(join(sitesDir, prefix, 'site.yaml'), source.replace('capacity: 3', 'capacity: 25'));
  for (const n of [1, 2]) dataDirs.push(join(root, `data${n}`));
  instances = await Promise.all(
    dataDirs.map((dataDir) =>
      runServer('start', sitesDir, [], {
        DATA_DIR: dataDir,
        DATABASE_URL: DATABASE,
        DATABASE_SCHEMA: schema,
        REDIS_URL: REDIS,
        SITEWRIGHT_SECRET: SECRET,
        TRUST_PROXY: '1',
      }),
    ),
  );
  proxy = await roundRobin(instances.map((i) => i.origin));
});

afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await proxy?.close();
  await admin.unsafe(`drop schema if exists "${schema}" cascade`).catch(() => {});
  await admin.end({ timeout: 1 });
  redis.disconnect();
});

// Every visitor here loaded the form before the test began: after the burst of 500 registrations the
// site is flooded for a while, and only forms shown before that still get through (see flood.ts).
const shown = Date.now() - 10_000;
const token = () => new Signer(Buffer.from(SECRET)).timeToken(shown);
const post = (path: string, fields: Record<string, string>, visitor = '203.0.113.7') =>
  fetch(proxy.origin + path, {
    method: 'POST',
    body: new URLSearchParams({ _t: token(), ...fields }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': visitor },
    redirect: 'manual',
  });

describe.skipIf(missing.length > 0)('two instances behind one address', () => {
  it('serves pages and takes a form post through either, into the one database', async () => {
    for (let i = 0; i < 4; i++) expect((await fetch(`${proxy.origin}/${prefix}/contact`)).status).toBe(200);
    const answers = await Promise.all(
      [0, 1].map((i) =>
        post(`/${prefix}/contact`, {
          _form: 'contact',
          fullName: `Visitor ${i}`,
          email: 'v@example.com',
          topic: 'Leak',
          message: 'Water on the floor after rain.',
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    const rows = await admin.unsafe<{ name: string }[]>(
      `select data->'answers'->>'fullName' as name from "${schema}".records where site = '${prefix}' and kind = 'submissions' order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(['Visitor 0', 'Visitor 1']);
    expect(proxy.served.every((n) => n > 0)).toBe(true);
  });

  it('gives 25 places to exactly 25 of 500 people registering at once through both', async () => {
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) => post(`/${prefix}/register`, { _form: 'workshop', fullName: `Person ${i}` }, `198.51.${i >> 8}.${i & 255}`)),
    );
    const statuses = answers.map((a) => a.status);
    console.log(
      `500 registrations for 25 places across two instances: ${statuses.filter((s) => s === 303).length} taken, ${statuses.filter((s) => s === 409).length} refused as full`,
    );
    expect(statuses.filter((s) => s === 303)).toHaveLength(25);
    expect(statuses.filter((s) => s !== 303 && s !== 409)).toEqual([]);
    const [count] = await admin.unsafe<{ n: number }[]>(
      `select count(*)::int as n from "${schema}".records where site = '${prefix}' and kind = 'registrations'`,
    );
    expect(count?.n).toBe(25);
  });

  it('confirms through one instance a newsletter link that the other e-mailed', async () => {
    const email = `reader${randomInt(1e9)}@example.com`;
    expect((await post(`/${prefix}/newsletter`, { _form: 'newsletter', email })).status).toBe(303);
    // The confirmation is mailed once the answer has gone: the outbox is read until it is there (for at most a minute).
    const found: { at: number; link: string }[] = [];
    for (const deadline = Date.now() + 60_000; !found.length && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      for (const [at, dir] of dataDirs.entries()) {
        for (const file of await readdir(join(dir, 'outbox')).catch(() => [] as string[])) {
          const text = await readFile(join(dir, 'outbox', file), 'utf8');
          const link = text.includes(email) && /\/contacts\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+/.exec(text.replace(/=\r?\n/g, ''))?.[0];
          if (link) found.push({ at, link });
        }
      }
    }
    expect(found).toHaveLength(1);
    const { at, link } = found[0] as { at: number; link: string };
    const other = instances[1 - at] as Running;
    expect(await (await fetch(other.origin + link)).text()).toContain('Press the button to confirm');
    const confirmed = await fetch(other.origin + link, { method: 'POST', body: new URLSearchParams({ action: 'confirm' }) });
    expect(await confirmed.text()).toContain('will now receive news');
    const [row] = await admin.unsafe<{ status: string }[]>(
      `select data->>'status' as status from "${schema}".records where site = '${prefix}' and kind = 'contacts'`,
    );
    expect(row?.status).toBe('confirmed');
  });

  it('reloads a site on both when one of them is told to reload', async () => {
    const [one, two] = instances as [Running, Running];
    const file = join(sitesDir, prefix, 'site.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('heading: Dry basements, guaranteed', 'heading: Dry basements, reloaded everywhere'));
    const since = two.output().length;
    one.child.kill('SIGHUP');
    await two.waitFor(`${prefix}: reloaded`, since);
    for (const instance of instances) expect(await (await fetch(`${instance.origin}/${prefix}`)).text()).toContain('Dry basements, reloaded everywhere');
  });
});
