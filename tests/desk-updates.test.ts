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

describe('writing an update on the desk', () => {
  it('sends a test to its writer, keeps what was typed when refused, lets only an owner send, and the list gets it', async () => {
    clock.now = Date.parse('2026-06-16T12:00:00Z');
    const alpha = await ctx.services.store.tenant('alpha');
    await alpha.add('contacts', { form: 'news', email: 'quinn@example.com', status: 'confirmed' });
    const owner = await client.signIn('alpha', 'olga@alpha.example.com');
    const page = await client.get('/alpha/desk/updates', owner.cookie);
    expect(page.body).toContain('<label for="update-subject">Subject</label>');
    expect(page.body).toMatch(/Send at \([A-Za-z_/]+\); leave empty to send now/);
    const update = { _csrf: owner.csrf, list: 'news', subject: 'Summer <hours>', body: 'We open at **9**.', at: '' };

    const mails = sent.length;
    const test = await client.post('/alpha/desk/updates/new/test', update, owner.cookie);
    expect(test.statusCode).toBe(200);
    expect(test.body).toContain('Sent a test of “Summer &lt;hours&gt;” to olga@alpha.example.com');
    expect(sent.slice(mails).map((m) => [m.to, m.subject])).toEqual([['olga@alpha.example.com', '[Test] Summer <hours>']]);
    expect(await alpha.count('campaigns', { subject: 'Summer <hours>' })).toBe(0);

    const refused = await client.post('/alpha/desk/updates/new/send', { ...update, subject: '' }, owner.cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Write a subject of at most 200 characters.');
    expect(refused.body).toContain('We open at **9**.</textarea>');
    const past = await client.post('/alpha/desk/updates/new/send', { ...update, at: '2026-06-01T09:00' }, owner.cookie);
    expect(past.statusCode).toBe(422);
    const long = await client.post('/alpha/desk/updates/new/send', { ...update, body: 'x'.repeat(20_001) }, owner.cookie);
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain('Write a message of at most 20,000 characters.');
    // Past the desk's post limit, the body is not read at all.
    expect((await client.post('/alpha/desk/updates/new/send', { ...update, body: 'x'.repeat(300_000) }, owner.cookie)).statusCode).toBe(413);

    const sam = await client.signIn('alpha', 'sam@alpha.example.com');
    expect((await client.get('/alpha/desk/updates', sam.cookie)).body).toContain('Only an owner of the site can send to the list.');
    const staff = await client.post('/alpha/desk/updates/new/send', { ...update, _csrf: sam.csrf }, sam.cookie);
    expect(staff.statusCode).toBe(422);
    expect(await alpha.count('campaigns', { subject: 'Summer <hours>' })).toBe(0);
    expect((await client.post('/alpha/desk/updates/new/send', { ...update, _csrf: 'x'.repeat(43) }, owner.cookie)).statusCode).toBe(403);

    const queued = await client.post('/alpha/desk/updates/new/send', update, owner.cookie);
    expect(queued.statusCode).toBe(303);
    const listed = await client.get('/alpha/desk/updates', owner.cookie);
    expect(listed.body).toContain('Summer &lt;hours&gt;');
    expect(await ctx.app.campaigns?.tick()).toBeGreaterThan(0);
    expect(sent.filter((m) => m.subject === 'Summer <hours>').map((m) => m.to)).toContain('quinn@example.com');
    expect((await client.get('/alpha/desk/activity', owner.cookie)).body).toContain('queued “Summer &lt;hours&gt;”');
  }, 60_000);
});
