/**
 * Updates to a list on PostgreSQL: two servers over one database share the sending, and every
 * address gets the update once, however their ticks interleave.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { progressOf, queueCampaign } from '../runtime/mailing/queue.ts';
import { appWithData } from './helpers/app.ts';
import { sitesWithAddress, startInbox } from './helpers/inbox.ts';
import { TEST_DATABASE_URL, testDatabase, withEnv } from './helpers/postgres.ts';

const { admin, unreachable } = await testDatabase('updates on PostgreSQL tests');
const schema = `sw_test_${randomBytes(6).toString('hex')}`;
afterAll(async () => {
  await admin.unsafe(`drop schema if exists "${schema}" cascade`).catch(() => {});
  await admin.end({ timeout: 1 });
});

describe.skipIf(Boolean(unreachable))('updates to a list on PostgreSQL', () => {
  it('two servers share one update and send each address one message', async () => {
    const smtp = await startInbox();
    const sitesDir = await sitesWithAddress();
    const env = { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, SITEWRIGHT_SECRET: 'c'.repeat(40), SMTP_URL: smtp.url, MAIL_RATE: '1000' };
    await withEnv(env, async () => {
      const now = () => Date.parse('2026-06-15T12:00:00Z');
      const [a, b] = await Promise.all([appWithData(sitesDir, undefined, undefined, { now }), appWithData(sitesDir, undefined, undefined, { now })]);
      try {
        const tenant = await a.services.store.tenant('gamma');
        const people = Array.from({ length: 24 }, (_, i) => `p${i}@pg.example.com`);
        for (const email of people) await tenant.add('contacts', { form: 'newsletter', email, status: 'confirmed' });
        const campaign = await queueCampaign(tenant, {
          form: 'newsletter',
          subject: 'Hello',
          markdown: 'Hi.',
          sendAt: new Date(now()).toISOString(),
          by: 'owner@gamma.example.com',
        });
        // Both tick at once, each claiming what it can: every job is claimed by one of them.
        const tried = await Promise.all([a.app.campaigns?.tick(), b.app.campaigns?.tick()]);
        expect((tried[0] ?? 0) + (tried[1] ?? 0)).toBe(24);
        if (process.env.SHOW_SPLIT) console.log(`claimed: ${tried.join(' and ')}`);
        for (const email of people) expect(smtp.inbox.filter((m) => m.to === email)).toHaveLength(1);
        expect(await progressOf(tenant, campaign.id)).toMatchObject({ state: 'sent', sent: 24 });
      } finally {
        await Promise.all([a.app.close(), b.app.close(), smtp.close()]);
      }
    });
  }, 60_000);
});
