/**
 * What a signed-in owner reads on the desk, and nobody else: the inbox of each form with its search,
 * pages and unread marks, one submission with its file, registrations with places left, contacts,
 * CSV downloads and erasure; and the notifications that point to it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskTime } from '../runtime/desk/ui.ts';
import type { MailMessage } from '../runtime/services/mail.ts';
import type { Site } from '../runtime/site.ts';
import type { appWithData } from './helpers/app.ts';
import { deskApp, deskClient, seedVisitors } from './helpers/desk.ts';
import { testClock } from './helpers/clock.ts';

const clock = testClock();
let ctx: Awaited<ReturnType<typeof appWithData>>;
let sent: MailMessage[] = [];
let visitor = 0;
/** Each visitor's post from an address of its own. */
const ip = () => `10.1.1.${++visitor}`;

beforeAll(async () => {
  ({ ctx, sent } = await deskApp({ now: clock.now }, { deskLimits: { perVisitorPerHour: 20, linksPerAddressPerDay: 20 } }));
  await seedVisitors(ctx);
});
afterAll(() => ctx.app.close());

const alphaSite = () => ctx.app.fleetHolder.current.sites.get('alpha') as Site;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const { get, post, signIn } = deskClient(
  () => ctx.app,
  () => sent,
  '10.1.2',
);

const ROUTES = (site: string) => [
  `/${site}/desk`,
  `/${site}/desk?form=contact&q=rosa`,
  `/${site}/desk/registrations`,
  `/${site}/desk/contacts`,
  `/${site}/desk/activity`,
  `/${site}/desk/erase`,
  `/${site}/desk/export/submissions.csv`,
  `/${site}/desk/export/registrations.csv`,
  `/${site}/desk/export/contacts.csv`,
];

describe('what a signed-in owner sees, and nobody else', () => {
  it('never shows data without a session: every desk address is the sign-in page', async () => {
    const alpha = await ctx.services.store.tenant('alpha');
    const [one] = await alpha.list('submissions', { form: 'application' });
    for (const url of [...ROUTES('alpha'), `/alpha/desk/submissions/${one?.id}`, `/alpha/desk/submissions/${one?.id}/files/0`, '/alpha/desk/nothing/here']) {
      const res = await get(url, 'sw-desk=forged.value');
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('desk-email');
      expect(res.body, url).not.toContain('Ivy');
      expect(res.body, url).not.toContain('rosa@');
    }
  });

  it('answers a desk of a site that does not exist with the platform’s 404, never a 500', async () => {
    for (const url of ['/nosuch/desk', '/nosuch/desk/sign-in?token=x', '/nosuch/desk/activity']) expect((await get(url)).statusCode, url).toBe(404);
    expect((await post('/nosuch/desk', { email: 'olga@alpha.example.com' })).statusCode).toBe(404);
  });

  it('keeps an owner of one site out of every desk route of another', async () => {
    const { cookie } = await signIn('alpha', 'olga@alpha.example.com');
    const value = cookie.slice('sw-desk='.length);
    const beta = await ctx.services.store.tenant('beta');
    const [secret] = await beta.list('submissions');
    await mkdir(join(ctx.dataDir, 'uploads', 'beta'), { recursive: true });
    await writeFile(join(ctx.dataDir, 'uploads', 'beta', 'b1.txt'), 'Secret Baker recipe');
    await beta.update('submissions', secret?.id as string, { files: [{ filename: 'recipe.txt', type: 'text/plain', size: 19, file: 'b1.txt' }] });
    for (const url of [...ROUTES('beta'), `/beta/desk/submissions/${secret?.id}`, `/beta/desk/submissions/${secret?.id}/files/0`]) {
      const res = await get(url, `sw-desk=${value}`);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('desk-email');
      expect(res.body, url).not.toContain('Secret Baker');
      expect(res.body, url).not.toContain('baker@example.com');
    }
    // Posts too: no session there, so nothing is done.
    expect((await post('/beta/desk/sign-out', { _csrf: 'x'.repeat(43) }, `sw-desk=${value}`)).statusCode).toBe(403);
    expect((await post('/beta/desk/erase', { email: 'baker@example.com', _csrf: 'x'.repeat(43) }, `sw-desk=${value}`)).statusCode).toBe(403);
    expect(await beta.count('submissions')).toBe(1);
    // Alpha's own records are not reachable through alpha's routes by beta's ids either.
    const res = await get(`/alpha/desk/submissions/${secret?.id}`, cookie);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Secret Baker');
  });

  it('refuses every post without the session’s CSRF token (403) and changes nothing', async () => {
    const { cookie } = await signIn('alpha', 'olga@alpha.example.com');
    const alpha = await ctx.services.store.tenant('alpha');
    const before = await alpha.count('submissions');
    expect((await post('/alpha/desk/erase', { email: 'rosa@example.com' }, cookie)).statusCode).toBe(403);
    expect((await post('/alpha/desk/erase', { email: 'rosa@example.com', _csrf: 'A'.repeat(43) }, cookie)).statusCode).toBe(403);
    expect((await post('/alpha/desk/sign-out', {}, cookie)).statusCode).toBe(403);
    expect(await alpha.count('submissions')).toBe(before);
    expect((await get('/alpha/desk', cookie)).body).toContain('Signed in as');
  });
});

describe('reading what visitors sent', () => {
  it('shows one submission whole, serves its file to the owner alone, and records the reading of a personal one', async () => {
    const { cookie } = await signIn('alpha', 'sam@alpha.example.com');
    const alpha = await ctx.services.store.tenant('alpha');
    const [application] = await alpha.list('submissions', { form: 'application' });
    const inbox = await get('/alpha/desk?form=application', cookie);
    expect(inbox.body).toContain(`href="/alpha/desk/submissions/${application?.id}"`);
    const res = await get(`/alpha/desk/submissions/${application?.id}`, cookie);
    expect(res.statusCode).toBe(200);
    // Each answer under its question's label in the document.
    expect(res.body).toContain('<dt>Your name</dt><dd>Ivy Applicant</dd>');
    expect(res.body).toContain(`href="/alpha/desk/submissions/${application?.id}/files/0" download>cv.pdf</a>`);
    const file = await get(`/alpha/desk/submissions/${application?.id}/files/0`, cookie);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('PDF bytes of a CV');
    expect(file.headers['content-disposition']).toBe('attachment; filename="cv.pdf"');
    expect((await get(`/alpha/desk/submissions/${application?.id}/files/1`, cookie)).statusCode).toBe(404);
    const activity = await get('/alpha/desk/activity', cookie);
    expect(activity.body).toContain('Sam Staff');
    expect(activity.body).toContain('read a personal submission of “application”');
    expect(activity.body).toContain('downloaded cv.pdf');
  });

  it('searches by name or e-mail', async () => {
    const { cookie } = await signIn('alpha', 'olga@alpha.example.com');
    const byName = await get('/alpha/desk?form=contact&q=ROSA', cookie);
    expect(byName.body).toContain('Rosa Diaz');
    expect(byName.body).not.toContain('Tom &lt;b&gt;');
    const byMail = await get('/alpha/desk?form=contact&q=tom%40example', cookie);
    expect(byMail.body).toContain('Tom &lt;b&gt;Bold');
    expect(byMail.body).not.toContain('Rosa Diaz');
  });

  it('marks what nobody has opened as new, in words, until someone opens it; keeps the first reader; can mark it new again', async () => {
    const olga = await signIn('alpha', 'olga@alpha.example.com');
    const sam = await signIn('alpha', 'sam@alpha.example.com');
    const alpha = await ctx.services.store.tenant('alpha');
    const fresh = await alpha.add('submissions', {
      form: 'contact',
      page: '/contact',
      email: 'una@example.com',
      answers: { fullName: 'Una Unread', email: 'una@example.com' },
    });
    const unreadBefore = (await alpha.list('submissions', { form: 'contact' })).filter((r) => !r.readAt).length;
    const inbox = await get('/alpha/desk?form=contact', olga.cookie);
    expect(inbox.body).toContain(
      `<li class="desk-unread"><strong><a href="/alpha/desk/submissions/${fresh.id}">Una Unread</a></strong> <span class="desk-status desk-status-new">new</span>`,
    );
    expect(inbox.body).toMatch(new RegExp(`“contact” \\(\\d+, ${unreadBefore} new\\)`));

    // Two owners open it at once: it is read, and only one of them is kept as its first reader.
    await Promise.all([get(`/alpha/desk/submissions/${fresh.id}`, olga.cookie), get(`/alpha/desk/submissions/${fresh.id}`, sam.cookie)]);
    const read = await alpha.find('submissions', { id: fresh.id });
    expect(['Olga Alpha', 'Sam Staff']).toContain(read?.readBy);
    const view = await get(`/alpha/desk/submissions/${fresh.id}`, olga.cookie);
    expect(view.body).toContain(
      `First read <time datetime="${String(read?.readAt)}">${deskTime(alphaSite(), read?.readAt)}</time> by ${String(read?.readBy)}.`,
    );
    expect((await alpha.find('submissions', { id: fresh.id }))?.readAt).toBe(read?.readAt);
    const after = await get('/alpha/desk?form=contact', olga.cookie);
    expect(after.body).toContain(`<li><a href="/alpha/desk/submissions/${fresh.id}">Una Unread</a>`);
    // Who read what stays on the desk: it is not part of what the visitor sent.
    expect((await get('/alpha/desk/export/submissions.csv?form=contact', olga.cookie)).body).not.toMatch(/readAt|readBy|Olga Alpha/);

    // Marking it new again needs the session's CSRF token, and is recorded.
    const forged = await post(`/alpha/desk/submissions/${fresh.id}/unread`, {}, olga.cookie);
    expect(forged.statusCode).toBe(403);
    expect((await alpha.find('submissions', { id: fresh.id }))?.readAt).toBe(read?.readAt);
    const unread = await post(`/alpha/desk/submissions/${fresh.id}/unread`, { _csrf: olga.csrf }, olga.cookie);
    expect(unread.statusCode).toBe(303);
    expect(unread.headers.location).toBe('/alpha/desk?form=contact');
    expect((await alpha.find('submissions', { id: fresh.id }))?.readAt).toBeUndefined();
    expect((await get('/alpha/desk?form=contact', olga.cookie)).body).toContain(
      `<strong><a href="/alpha/desk/submissions/${fresh.id}">Una Unread</a></strong>`,
    );
    expect((await get('/alpha/desk/activity', olga.cookie)).body).toContain(`marked a submission of “contact” unread (${fresh.id})`);
    // Another site's owner can neither read it (so mark it read) nor mark it unread.
    const bea = await signIn('beta', 'bea@beta.example.com');
    expect((await get(`/beta/desk/submissions/${fresh.id}`, bea.cookie)).statusCode).toBe(404);
    expect((await post(`/beta/desk/submissions/${fresh.id}/unread`, { _csrf: bea.csrf }, bea.cookie)).statusCode).toBe(404);
    expect((await alpha.find('submissions', { id: fresh.id }))?.readAt).toBeUndefined();
  });

  it('shows a long list 50 at a time, newest first, with links to the pages around, the search kept', async () => {
    const { cookie } = await signIn('alpha', 'olga@alpha.example.com');
    const alpha = await ctx.services.store.tenant('alpha');
    for (let i = 1; i <= 120; i++)
      await alpha.add('submissions', {
        form: 'waitlist',
        email: `guest${i}@example.com`,
        answers: { fullName: `Guest number ${i}`, email: `guest${i}@example.com` },
      });
    const first = await get('/alpha/desk?form=waitlist', cookie);
    expect(first.body).toContain('Guest number 120<');
    expect(first.body).toContain('Guest number 71<');
    expect(first.body).not.toContain('Guest number 70<');
    expect(first.body).toContain('<span>1–50 of 120</span> <a href="/alpha/desk?form=waitlist&amp;page=2" rel="next">Older</a>');
    const last = await get('/alpha/desk?form=waitlist&page=3', cookie);
    expect(last.body).toContain('<a href="/alpha/desk?form=waitlist&amp;page=2" rel="prev">Newer</a> <span>101–120 of 120</span></nav>');
    expect(last.body).toContain('Guest number 1<');
    // Past the end is the last page; anything but a number is the first.
    expect((await get('/alpha/desk?form=waitlist&page=999', cookie)).body).toContain('101–120 of 120');
    expect((await get('/alpha/desk?form=waitlist&page=-1%27', cookie)).body).toContain('1–50 of 120');
    // A search is paged too, and its links keep it.
    const found = await get('/alpha/desk?form=waitlist&q=guest1', cookie);
    expect(found.body).toContain('“waitlist”: 32 submissions matching “guest1”');
    expect(found.body).not.toContain('desk-pages');
    const many = await get('/alpha/desk?form=waitlist&q=example', cookie);
    expect(many.body).toContain('<a href="/alpha/desk?form=waitlist&amp;q=example&amp;page=2" rel="next">Older</a>');
  });
});

describe('registrations, contacts, CSV files and erasure', () => {
  it('lists registrations with places left and contacts with their status', async () => {
    const { cookie } = await signIn('alpha', 'olga@alpha.example.com');
    const regs = await get('/alpha/desk/registrations', cookie);
    expect(regs.body).toContain('1 of 3 places taken, <strong>2 places left</strong>');
    expect(regs.body).toContain('Rosa Diaz');
    const contacts = await get('/alpha/desk/contacts', cookie);
    expect(contacts.body).toContain('1 confirmed, 1 pending, 0 unsubscribed.');
    expect(contacts.body).toMatch(/nina@example\.com<\/span> <span class="desk-status[^"]*">confirmed/);
  });

  it('downloads formula-safe CSV, without contacts’ keys, and records the download', async () => {
    const { cookie } = await signIn('alpha', 'olga@alpha.example.com');
    const csv = await get('/alpha/desk/export/submissions.csv?form=contact', cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="alpha-submissions-contact.csv"');
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const contacts = await get('/alpha/desk/export/contacts.csv', cookie);
    expect(contacts.body).toContain('nina@example.com');
    expect(contacts.body).not.toContain('secretdigest');
    const count = await (await ctx.services.store.tenant('alpha')).count('submissions', { form: 'contact' });
    expect((await get('/alpha/desk/activity', cookie)).body).toContain(`downloaded ${count} submissions of “contact” as CSV`);
  });

  it('erases a person’s records from the desk (owners only), and records it', async () => {
    const staff = await signIn('alpha', 'sam@alpha.example.com');
    const alpha = await ctx.services.store.tenant('alpha');
    expect((await post('/alpha/desk/erase', { email: 'rosa@example.com', _csrf: staff.csrf }, staff.cookie)).statusCode).toBe(403);
    expect(await alpha.count('submissions', { email: 'rosa@example.com' })).toBe(1);

    const owner = await signIn('alpha', 'olga@alpha.example.com');
    const res = await post('/alpha/desk/erase', { email: 'Rosa@Example.com', _csrf: owner.csrf }, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Erased 2 records and 0 files of rosa@example.com.');
    expect(await alpha.count('submissions', { email: 'rosa@example.com' })).toBe(0);
    expect(await alpha.count('registrations', { email: 'rosa@example.com' })).toBe(0);
    expect(await alpha.count('submissions')).toBeGreaterThan(0);
    expect((await get('/alpha/desk/activity', owner.cookie)).body).toContain('erased the data of rosa@example.com: 2 records');
  });
});

describe('notifications of personal forms', () => {
  it('point to the desk and never hold the answers', async () => {
    const before = sent.length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/alpha/apply',
      payload: form({ _form: 'application', _t: ctx.services.signer.timeToken(Date.now() - 10_000), fullName: 'Quinn Private', email: 'quinn@example.com' }),
      headers: FORM,
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(303);
    await expect.poll(() => sent.length).toBeGreaterThan(before);
    const mail = sent.slice(before).find((m) => m.to === 'office@alpha.example.com') as MailMessage;
    expect(mail.text).toContain('A new submission — read it on your desk: https://sites.example.com/alpha/desk?form=application');
    expect(mail.text).not.toContain('Quinn');
    expect(mail.text).not.toContain('npx sitewright');
  });

  it('of other forms hold the answers, and point to the desk for the rest', async () => {
    const before = sent.length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/alpha/contact',
      payload: form({
        _form: 'contact',
        _t: ctx.services.signer.timeToken(Date.now() - 10_000),
        fullName: 'Quinn Open',
        email: 'quinn@example.com',
        message: 'A dripping tap',
      }),
      headers: FORM,
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(303);
    await expect.poll(() => sent.slice(before).some((m) => m.to === 'office@alpha.example.com')).toBe(true);
    const mail = sent.slice(before).find((m) => m.to === 'office@alpha.example.com') as MailMessage;
    expect(mail.text).toContain('A dripping tap');
    expect(mail.text).toContain('Every message of this form is on your desk: https://sites.example.com/alpha/desk?form=contact');
  });
});
