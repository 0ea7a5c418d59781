/**
 * A pool of places across two instances of the server sharing PostgreSQL, as behind a load balancer:
 * 200 bookings of three services at once, half through each, for a bench that takes two bikes, and
 * exactly two are taken; both instances then show the bench full. Skipped, with the reason printed,
 * only when no PostgreSQL server answers.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { appWithData } from './helpers/app.ts';
import { dayAhead } from './helpers/club.ts';
import { TEST_DATABASE_URL, testDatabase, withEnv } from './helpers/postgres.ts';
import { notesFor, onTheBench, POOLS_FLEET, repair, SERVICES } from './helpers/spokes.ts';

const { admin, unreachable } = await testDatabase('pools on PostgreSQL tests');
const schema = `sw_test_${randomBytes(6).toString('hex')}`;
afterAll(async () => {
  await admin.unsafe(`drop schema if exists "${schema}" cascade`).catch(() => {});
  await admin.end({ timeout: 1 });
});

describe.skipIf(Boolean(unreachable))('a pool shared by two instances on PostgreSQL', () => {
  // 200 posts rendered by two servers on two cores that other runs share: about 25 s on a quiet machine.
  it('gives the bench’s two places to exactly two of 200 booking three services at once through both', { timeout: 180_000 }, async () => {
    await withEnv({ DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, SITEWRIGHT_SECRET: 'p'.repeat(40) }, async () => {
      const [one, two] = [await appWithData(POOLS_FLEET), await appWithData(POOLS_FLEET)];
      try {
        const date = dayAhead(5);
        const slot = `${date}T11:00`;
        const answers = await Promise.all(
          Array.from({ length: 200 }, (_, i) => {
            const { app, services } = i % 2 ? one : two;
            return repair(app, services.signer, SERVICES[i % 3] as string, slot, { email: `rider${i}@example.com` });
          }),
        );
        const codes = answers.map((a) => a.statusCode);
        expect(codes.filter((c) => c === 303)).toHaveLength(2);
        expect(codes.filter((c) => c !== 303 && c !== 409)).toEqual([]);

        const rows = await admin.unsafe<{ places: number; start: string }[]>(
          `select (data->>'places')::int as places, data->>'startUtc' as start from "${schema}".records
            where site = 'spokes' and kind = 'bookings' and data->>'pool' = 'workbench'`,
        );
        expect(rows.reduce((n, r) => n + r.places, 0)).toBe(2);
        expect(await onTheBench(two.services.store, rows[0]?.start as string)).toBe(2);
        for (const { app } of [one, two])
          for (const service of SERVICES) expect((await notesFor(app, '/spokes/repairs', service, date))[slot], service).toBe('Full');
      } finally {
        await Promise.all([one.app.close(), two.app.close()]);
      }
    });
  });
});
