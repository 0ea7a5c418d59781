import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressOf, queueCampaign } from '../runtime/mailing/queue.ts';
import { appWithData } from './helpers/app.ts';
import { sitesWithAddress, startInbox, type Received } from './helpers/inbox.ts';

let sitesDir: string;
let inbox: Received[] = [];
let closeInbox: () => Promise<void>;
const T0 = Date.parse('2026-06-15T12:00:00Z');

beforeAll(async () => {
  const started = await startInbox();
  ({ inbox } = started);
  closeInbox = started.close;
  process.env.SMTP_URL = started.url;
  sitesDir = await sitesWithAddress();
}, 60_000);
afterAll(() => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_RATE;
  return closeInbox();
});

/** The app over a data folder, with a clock the test moves. */
async function open(dataDir?: string) {
  const clock = { now: T0 };
  const ctx = await appWithData(sitesDir, dataDir, undefined, { now: () => clock.now });
  const tenant = await ctx.services.store.tenant('gamma');
  const sender = ctx.app.campaigns;
  if (!sender) throw new Error('no sender');
  return { ...ctx, clock, tenant, sender };
}

const received = (to: string) => inbox.filter((m) => m.to === to);
const update = {
  form: 'newsletter',
  subject: 'Spring opening hours',
  markdown: 'We open at **8** from Monday.\n\n- Dry basements\n- Free visits',
  sendAt: new Date(T0).toISOString(),
  by: 'owner@gamma.example.com',
};

describe('updates to a list', () => {
  it('sends each confirmed address one message, retries a 4xx, marks a 5xx bounced and leaves it out of the next update', async () => {
    const ctx = await open();
    const people = ['ann', 'bo', 'cy', 'gone', 'busy'].map((n) => `${n}@one.example.com`);
    for (const email of people) await ctx.tenant.add('contacts', { form: 'newsletter', email, status: 'confirmed' });
    await ctx.tenant.add('contacts', { form: 'newsletter', email: 'pending@one.example.com', status: 'pending' });
    await ctx.tenant.add('contacts', { form: 'contact', email: 'other@one.example.com', status: 'confirmed' });
    const campaign = await queueCampaign(ctx.tenant, update);
    expect(campaign.total).toBe(5);
    expect(await ctx.sender.tick()).toBe(5);
    for (const n of ['ann', 'bo', 'cy']) expect(received(`${n}@one.example.com`)).toHaveLength(1);
    expect(received('pending@one.example.com')).toHaveLength(0);
    expect(received('other@one.example.com')).toHaveLength(0);
    expect(await ctx.tenant.find('contacts', { email: 'gone@one.example.com' })).toMatchObject({ status: 'bounced' });
    expect(await progressOf(ctx.tenant, campaign.id)).toMatchObject({ state: 'sending', sent: 3, bounced: 1, queued: 1 });
    // The 4xx waits its backoff: not before a minute, then once.
    expect(await ctx.sender.tick()).toBe(0);
    ctx.clock.now += 61_000;
    expect(await ctx.sender.tick()).toBe(1);
    expect(received('busy@one.example.com')).toHaveLength(1);
    const done = await progressOf(ctx.tenant, campaign.id);
    expect(done).toMatchObject({ state: 'sent', total: 5, sent: 4, bounced: 1 });
    expect(done.reasons[0]?.reason).toContain('No such mailbox');
    const next = await queueCampaign(ctx.tenant, { ...update, subject: 'Summer', sendAt: new Date(ctx.clock.now).toISOString() });
    expect(next.total).toBe(4);
    await ctx.sender.tick();
    expect(received('gone@one.example.com')).toHaveLength(0);
    expect(received('ann@one.example.com')).toHaveLength(2);
    await ctx.app.close();
  }, 60_000);

  it('makes a message in the site’s name with a plain-text part, the postal address and one-click unsubscribe that needs no cookie', async () => {
    const ctx = await open();
    const contact = await ctx.tenant.add('contacts', { form: 'newsletter', email: 'dee@two.example.com', status: 'confirmed' });
    await queueCampaign(ctx.tenant, update);
    await ctx.sender.tick();
    const [message] = received('dee@two.example.com');
    // Soft line breaks of quoted-printable and folded header lines, joined.
    const raw = (message?.data ?? '').replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');
    if (process.env.SHOW_UPDATE) console.log(message?.data);
    expect(raw).toMatch(/^Subject: Spring opening hours/m);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('12 Mill Road, Waukegan, IL 60085, US');
    expect(raw).toContain('#1e3a8a');
    const link = /^List-Unsubscribe: <([^>]+)>/m.exec(raw)?.[1] ?? '';
    const url = new URL(link).pathname;
    // Opening the link (a scanner does) changes nothing: it shows a button.
    const shown = await ctx.app.inject({ method: 'GET', url });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<button type="submit" class="button">Unsubscribe</button>');
    expect(await ctx.tenant.find('contacts', { id: contact.id })).toMatchObject({ status: 'confirmed' });
    // The mail program's one-click POST, with no cookie.
    const done = await ctx.app.inject({
      method: 'POST',
      url,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(await ctx.tenant.find('contacts', { id: contact.id })).toMatchObject({ status: 'unsubscribed' });
    // A forged or altered link does nothing, and a body past a kilobyte is not read.
    expect((await ctx.app.inject({ method: 'POST', url: `${url.slice(0, -2)}xx` })).statusCode).toBe(404);
    const large = { method: 'POST' as const, url, payload: `a=${'x'.repeat(4096)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    expect((await ctx.app.inject(large)).statusCode).toBe(413);
    await queueCampaign(ctx.tenant, { ...update, subject: 'After' });
    await ctx.sender.tick();
    expect(received('dee@two.example.com')).toHaveLength(1);
    await ctx.app.close();
  }, 60_000);

  it('delivers the rest after a restart mid-update, to nobody twice', async () => {
    process.env.MAIL_RATE = '3';
    try {
      const first = await open();
      const people = Array.from({ length: 8 }, (_, i) => `p${i}@three.example.com`);
      for (const email of people) await first.tenant.add('contacts', { form: 'newsletter', email, status: 'confirmed' });
      const campaign = await queueCampaign(first.tenant, update);
      expect(await first.sender.tick()).toBe(3);
      // One more was claimed when the process died: in flight, never finished.
      const [stuck] = await first.tenant.list('campaignJobs', { campaign: campaign.id, status: 'queued' });
      await first.tenant.update('campaignJobs', String(stuck?.id), { status: 'sending', claim: 'dead', claimedAt: new Date(T0).toISOString() });
      await first.app.close();

      const second = await open(first.dataDir);
      for (let minute = 1; minute <= 12; minute++) {
        second.clock.now = T0 + minute * 61_000;
        await second.sender.tick();
      }
      for (const email of people) expect(received(email)).toHaveLength(1);
      expect(await progressOf(second.tenant, campaign.id)).toMatchObject({ state: 'sent', sent: 8 });
      await second.app.close();
    } finally {
      delete process.env.MAIL_RATE;
    }
  }, 60_000);
});
