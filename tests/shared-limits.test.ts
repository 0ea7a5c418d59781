/**
 * Two instances behind one address share their limits through Redis (REDIS_URL): a visitor who
 * spreads posts over both is still refused past the limit. Skipped, saying why, when no Redis answers.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../runtime/server/app.ts';
import { appWithData } from './helpers/app.ts';

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
    const two = await buildApp({ fleet: one.app.fleetHolder.current, origin: 'https://sites.example.com', services: one.services, formLimits: limits, redis });
    const first = await buildApp({
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
