/** The desk's Updates board: each update sent to a list, when it goes in the site's zone, and where it stands. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueCampaign } from '../runtime/mailing/queue.ts';
import type { MailMessage } from '../runtime/services/mail.ts';
import { deskApp, deskClient } from './helpers/desk.ts';

type Ctx = Awaited<ReturnType<typeof deskApp>>['ctx'];
let ctx: Ctx;
let sent: MailMessage[] = [];
const clock = { now: Date.parse('2026-06-15T12:00:00Z') };
const client = deskClient(
  () => ctx.app,
  () => sent,
  '10.9.7',
);

beforeAll(async () => {
  ({ ctx, sent } = await deskApp({ now: () => clock.now }, undefined));
}, 60_000);
afterAll(() => ctx.app.close());

describe('the desk’s Updates board', () => {
  it('shows each update with its list, its time in the site’s zone, and its progress from scheduled to sent with reasons', async () => {
    const alpha = await ctx.services.store.tenant('alpha');
    await alpha.add('contacts', { form: 'news', email: 'nina@example.com', status: 'confirmed' });
    await alpha.add('contacts', { form: 'news', email: 'pete@example.com', status: 'confirmed' });
    const campaign = await queueCampaign(alpha, {
      form: 'news',
      subject: 'Leak <season> tips',
      markdown: 'Check your pipes.',
      sendAt: '2026-06-15T13:00:00.000Z',
      by: 'olga@alpha.example.com',
    });
    const owner = await client.signIn('alpha', 'olga@alpha.example.com');
    const before = await client.get('/alpha/desk/updates', owner.cookie);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Leak &lt;season&gt; tips');
    expect(before.body).toContain('To the list “news”');
    expect(before.body).toMatch(/<time datetime="2026-06-15T13:00:00.000Z">[^<]*(UTC|[A-Z]{3,4}|GMT[+-]\d+)<\/time>/);
    expect(before.body).toContain('Scheduled for 2 addresses');
    expect(before.body).toContain('by olga@alpha.example.com');
    // Due at 13:00: nothing goes at 12:00, everything at 13:00; one address has left the list by then.
    expect(await ctx.app.campaigns?.tick()).toBe(0);
    const pete = await alpha.find('contacts', { email: 'pete@example.com' });
    await alpha.update('contacts', String(pete?.id), { status: 'unsubscribed' });
    clock.now = Date.parse('2026-06-15T13:00:00Z');
    expect(await ctx.app.campaigns?.tick()).toBe(2);
    const after = await client.get('/alpha/desk/updates', owner.cookie);
    expect(after.body).toContain('Sent to 1 of 2');
    expect(after.body).toContain('1 left the list first');
    // Beta's owner sees none of alpha's updates.
    const bea = await client.signIn('beta', 'bea@beta.example.com');
    const other = await client.get('/beta/desk/updates', bea.cookie);
    expect(other.body).not.toContain('Leak');
    expect(campaign.total).toBe(2);
  }, 60_000);
});
