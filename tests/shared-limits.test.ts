/**
 * Two instances behind one address share their limits through Redis (REDIS_URL): a visitor who
 * spreads posts over both is still refused past the limit. Skipped, saying why, when no Redis answers.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../runtime/server/app.ts';
import { appWithData } from './helpers/app.ts';
import { contactAnswers, postForm } from './helpers/posts.ts';
import { TcpProxy } from './helpers/tcp-proxy.ts';
import { BLOCKS } from '../blocks/registry.ts';

const URL_ = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let redis: Redis | undefined;

beforeAll(async () => {
  const client = new Redis(URL_, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
    redis = client;
  } catch (error) {
    client.disconnect();
    console.log(`shared limits not tested: no Redis answers at ${URL_} (${(error as Error).message})`);
  }
});
afterAll(() => redis?.disconnect());

describe('limits shared between instances', () => {
  it('refuse a visitor past the limit whichever instance the posts reach', async (test) => {
    if (!redis) return test.skip();
    const limits = { perVisitorPerMinute: 3, perSitePerTenMinutes: 1000 };
    const one = await appWithData(undefined, undefined, limits);
    // A visitor address of this process's own, so test runs beside each other never count each other's posts.
    const visitor = `198.51.100.${process.pid % 250}`;
    const two = await buildApp({
      blocks: BLOCKS,
      fleet: one.app.fleetHolder.current,
      origin: 'https://sites.example.com',
      services: one.services,
      formLimits: limits,
      redis,
    });
    const first = await buildApp({
      blocks: BLOCKS,
      fleet: one.app.fleetHolder.current,
      origin: 'https://sites.example.com',
      services: one.services,
      formLimits: limits,
      redis,
    });
    const post = (app: typeof two) =>
      app.inject({
        method: 'POST',
        url: '/gamma/contact',
        remoteAddress: visitor,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          _form: 'contact',
          _t: one.services.signer.timeToken(Date.now() - 10_000),
          fullName: 'Ana',
          email: 'ana@example.com',
          topic: 'Leak',
          message: 'Water on the floor after rain.',
        }).toString(),
      });
    await redis.del(`sitewright:visitor:gamma ${visitor}`);
    const codes = [];
    for (const app of [first, two, first, two, first]) codes.push((await post(app)).statusCode);
    expect(codes).toEqual([303, 303, 303, 429, 429]);
    await Promise.all([first.close(), two.close(), one.app.close()]);
  });
});

describe('limits while Redis is out of reach', () => {
  it('keep taking posts, counted by each instance alone, and still refuse past the limit', async (test) => {
    if (!redis) return test.skip();
    const target = new URL(URL_);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    await proxy.restore();
    // As the server makes its client (cli/serve.ts).
    const client = new Redis(`redis://127.0.0.1:${proxy.port}`, { maxRetriesPerRequest: 2 });
    client.on('error', () => {});
    await client.ping();
    const limits = { perVisitorPerMinute: 2, perSitePerTenMinutes: 1000 };
    const one = await appWithData(undefined, undefined, limits);
    const app = await buildApp({
      blocks: BLOCKS,
      fleet: one.app.fleetHolder.current,
      origin: 'https://sites.example.com',
      services: one.services,
      formLimits: limits,
      redis: client,
    });
    const visitor = `198.51.101.${process.pid % 250}`;
    const post = () =>
      postForm(
        app,
        '/gamma/contact',
        contactAnswers((at) => one.services.signer.timeToken(at)),
        {},
        visitor,
      );
    await proxy.cut();
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await post()).statusCode);
    expect(codes).toEqual([303, 303, 429]);
    client.disconnect();
    await proxy.cut();
    await Promise.all([app.close(), one.app.close()]);
  });
});
