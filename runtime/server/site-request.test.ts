/**
 * One onRequest step finds the site of every route that serves a site's address, and the route
 * reads it from the request: at once for a loaded site, after reading it for a lazy one, undefined
 * for a prefix no site serves and on the platform's own routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BLOCKS } from '../../blocks/registry.ts';
import { appFor, FIXTURE_FLEET } from '../../tests/helpers/app.ts';
import { openLazyFleet } from '../fleet.ts';
import { buildApp } from './app.ts';
import { SITE_ROUTE } from './site-request.ts';

/** Routes that say which site the step found for them. */
function probe(app: FastifyInstance) {
  app.get<{ Params: { site: string } }>('/:site/probe', SITE_ROUTE, (request) => ({ site: request.site?.prefix ?? null }));
  app.get('/platform-probe', (request) => ({ site: request.site?.prefix ?? null }));
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await appFor();
  probe(app);
});
afterAll(() => app?.close());

describe('the site of a request', () => {
  it('is found before the route runs, and only for a site address', async () => {
    expect((await app.inject('/alpha/probe')).json()).toEqual({ site: 'alpha' });
    expect((await app.inject('/nosuchsite/probe')).json()).toEqual({ site: null });
    expect((await app.inject('/broken/probe')).json()).toEqual({ site: null });
    expect((await app.inject('/platform-probe')).json()).toEqual({ site: null });
  });

  it('forwards an address that is not canonical before any route runs, for HEAD as for GET', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await app.inject({ method, url: '/Alpha/probe/?x=1' });
      expect([res.statusCode, res.headers.location]).toEqual([301, '/alpha/probe?x=1']);
    }
    expect((await app.inject({ method: 'POST', url: '/Alpha' })).statusCode).toBe(404);
  });

  it('is read first in a lazy fleet, once however many ask at once', async () => {
    const fleet = await openLazyFleet(FIXTURE_FLEET, BLOCKS, 10);
    const lazy = fleet.lazy as NonNullable<typeof fleet.lazy>;
    const reads: string[] = [];
    const load = lazy.load;
    lazy.load = (dir, prefix, options) => {
      reads.push(prefix);
      return load(dir, prefix, options);
    };
    const lazyApp = await buildApp({ fleet, blocks: BLOCKS, origin: 'https://sites.example.com' });
    probe(lazyApp);
    const answers = await Promise.all([1, 2, 3].map(() => lazyApp.inject('/beta/probe')));
    expect(answers.map((a) => a.json<{ site: string }>().site)).toEqual(['beta', 'beta', 'beta']);
    expect(reads).toEqual(['beta']);
    await lazyApp.close();
  });
});
