/**
 * PostgreSQL lost while serving, through a proxy the test cuts and restores: cached pages keep
 * serving, a form answers 503 with a clear page and keeps nothing, and forms work again by
 * themselves once the database is back. Skipped, with the reason printed, when no server answers.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { appWithData } from './helpers/app.ts';
import { contactAnswers } from './helpers/posts.ts';
import { TEST_DATABASE_URL as URL, testDatabase, withEnv } from './helpers/postgres.ts';
import { TcpProxy } from './helpers/tcp-proxy.ts';

const { admin, unreachable } = await testDatabase('database outage tests');
const schema = `sw_test_${randomBytes(6).toString('hex')}`;
afterAll(async () => {
  await admin.unsafe(`drop schema if exists "${schema}" cascade`).catch(() => {});
  await admin.end({ timeout: 1 });
});

describe.skipIf(Boolean(unreachable))('the database going away while serving', () => {
  it('keeps serving pages, refuses forms with 503 and keeps nothing, and takes them again once it is back', async () => {
    const target = new globalThis.URL(URL);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.restore();
    const through = new globalThis.URL(URL);
    through.port = String(proxy.port);
    try {
      await withEnv({ DATABASE_URL: through.toString(), DATABASE_SCHEMA: schema, SITEWRIGHT_SECRET: 'o'.repeat(40) }, () => outage(proxy));
    } finally {
      await proxy.cut();
    }
  });
});

async function outage(proxy: TcpProxy) {
  const { app, services } = await appWithData();
  const post = (name: string, accept = 'text/html') =>
    app.inject({
      method: 'POST',
      url: '/gamma/contact',
      payload: new URLSearchParams(contactAnswers((at) => services.signer.timeToken(at), name)).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    });
  expect((await post('Before')).statusCode).toBe(303);
  expect((await app.inject('/gamma')).statusCode).toBe(200);

  await proxy.cut();
  const refused = await post('During');
  expect(refused.statusCode).toBe(503);
  expect(refused.body).toContain('The form cannot be sent right now');
  // What they wrote is still in the form, to send again.
  expect(refused.body).toContain('Water on the floor after rain.');
  const json = await post('During', 'application/json');
  expect(json.statusCode).toBe(503);
  // Pages do not need the database.
  expect((await app.inject('/gamma')).statusCode).toBe(200);
  expect((await app.inject('/gamma/contact')).statusCode).toBe(200);

  await proxy.restore();
  expect((await post('After')).statusCode).toBe(303);
  const rows = await admin.unsafe<{ name: string }[]>(
    `select data->'answers'->>'fullName' as name from "${schema}".records where kind = 'submissions' order by seq`,
  );
  expect(rows.map((r) => r.name)).toEqual(['Before', 'After']);
  await app.close();
}
