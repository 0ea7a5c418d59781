/**
 * The desk on the PostgreSQL store: links, sessions and the activity list are kept there as in the
 * embedded store, a link is spent once even when its button is pressed twice at the same moment,
 * one site's session finds nothing of another's, and a shop order marked sent on two servers at
 * once is sent once.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../runtime/services/mail.ts';
import { appWithData, DESK_FLEET } from './helpers/app.ts';
import { buyFromShop } from './helpers/desk.ts';
import { TEST_DATABASE_URL, testDatabase, withEnv } from './helpers/postgres.ts';

const { admin, unreachable } = await testDatabase('desk on PostgreSQL tests');
const schema = `sw_test_${randomBytes(6).toString('hex')}`;
afterAll(async () => {
  await admin.unsafe(`drop schema if exists "${schema}" cascade`).catch(() => {});
  await admin.end({ timeout: 1 });
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.skipIf(Boolean(unreachable))('the desk on PostgreSQL', () => {
  it('signs in once per link, even with two presses at once, and signs out server-side', async () => {
    await withEnv({ DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, SITEWRIGHT_SECRET: 'd'.repeat(40) }, async () => {
      const { app, services } = await appWithData(DESK_FLEET);
      try {
        const sent: MailMessage[] = [];
        services.mailer.send = async (message) => {
          sent.push(message);
        };
        const beta = await services.store.tenant('beta');
        await beta.add('submissions', { form: 'contact', email: 'kept@example.com', answers: { fullName: 'Kept Apart' } });
        const asked = await app.inject({ method: 'POST', url: '/alpha/desk', payload: 'email=olga%40alpha.example.com', headers: FORM });
        expect(asked.statusCode).toBe(200);
        await app.afterReply.idle();
        const token = /token=([\w-]{43})/.exec(sent.at(-1)?.text ?? '')?.[1] as string;
        const press = () => app.inject({ method: 'POST', url: '/alpha/desk/sign-in', payload: `token=${token}`, headers: FORM });
        const answers = await Promise.all([press(), press()]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 400]);
        const alpha = await services.store.tenant('alpha');
        expect(await alpha.count('deskSessions')).toBe(1);
        expect(await alpha.find('deskLinks', { email: 'olga@alpha.example.com' })).toMatchObject({ used: true });

        const cookie = String(answers.find((a) => a.statusCode === 303)?.headers['set-cookie']).split(';')[0] as string;
        const inbox = await app.inject({ method: 'GET', url: '/alpha/desk', headers: { cookie } });
        expect(inbox.body).toContain('Signed in as Olga Alpha');
        const elsewhere = await app.inject({ method: 'GET', url: '/beta/desk', headers: { cookie } });
        expect(elsewhere.body).not.toContain('Kept Apart');
        expect(elsewhere.body).toContain('desk-email');

        const csrf = /name="_csrf" value="([^"]+)"/.exec(inbox.body)?.[1] as string;
        const out = await app.inject({ method: 'POST', url: '/alpha/desk/sign-out', payload: `_csrf=${csrf}`, headers: { ...FORM, cookie } });
        expect(out.statusCode).toBe(303);
        expect(await alpha.count('deskSessions')).toBe(0);
        expect((await alpha.list('deskActivity')).map((a) => a.action)).toEqual(['sign-in', 'sign-out']);
      } finally {
        await app.close();
      }
    });
  });

  it('records "Mark sent" pressed on two servers at the same moment as one step, and e-mails the buyer once', async () => {
    await withEnv({ DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, SITEWRIGHT_SECRET: 'd'.repeat(40) }, async () => {
      // Two instances of the server on one database, as behind a load balancer.
      const [one, two] = [await appWithData(DESK_FLEET), await appWithData(DESK_FLEET)];
      try {
        const sent: MailMessage[] = [];
        for (const { services } of [one, two])
          services.mailer.send = async (message) => {
            sent.push(message);
          };
        const { order } = await buyFromShop(one.app, one.services, 'alpha', 'drain-plunger', '1', { name: 'Pat Twice', email: 'pat@example.com' });
        await one.app.inject({ method: 'POST', url: '/alpha/desk', payload: 'email=sam%40alpha.example.com', headers: FORM });
        await one.app.afterReply.idle();
        const token = /token=([\w-]{43})/.exec(sent.filter((m) => m.to === 'sam@alpha.example.com').at(-1)?.text ?? '')?.[1] as string;
        const signedIn = await one.app.inject({ method: 'POST', url: '/alpha/desk/sign-in', payload: `token=${token}`, headers: FORM });
        const cookie = String(signedIn.headers['set-cookie']).split(';')[0] as string;
        const csrf = /name="_csrf" value="([^"]+)"/.exec(
          (await one.app.inject({ method: 'GET', url: '/alpha/desk', headers: { cookie } })).body,
        )?.[1] as string;
        const step = (app: typeof one.app, name: string) =>
          app.inject({ method: 'POST', url: `/alpha/desk/shop-orders/${order}/${name}`, payload: `_csrf=${csrf}`, headers: { ...FORM, cookie } });
        expect((await step(two.app, 'packed')).statusCode).toBe(200);

        const answers = await Promise.all([step(one.app, 'sent'), step(two.app, 'sent')]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
        const alpha = await one.services.store.tenant('alpha');
        expect((await alpha.list('orderSteps', { order })).map((s) => s.step)).toEqual(['packed', 'sent']);
        expect(sent.filter((m) => m.to === 'pat@example.com' && m.subject.includes('is on its way'))).toHaveLength(1);
      } finally {
        await Promise.all([one.app.close(), two.app.close()]);
      }
    });
  });
});
