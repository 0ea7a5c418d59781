import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../runtime/services/mail.ts';
import type { appWithData } from './helpers/app.ts';
import { deskApp } from './helpers/desk.ts';
import { testClock } from './helpers/clock.ts';

const clock = testClock();
let ctx: Awaited<ReturnType<typeof appWithData>>;
let sent: MailMessage[] = [];
let visitor = 0;
/** Each test's requests from an address of its own, so the per-visitor sign-in limit is tested apart. */
const ip = () => `10.1.0.${++visitor}`;

beforeAll(async () => {
  ({ ctx, sent } = await deskApp({ now: clock.now }, { deskLimits: { perVisitorPerHour: 20, linksPerAddressPerDay: 20 } }));
  const alpha = await ctx.services.store.tenant('alpha');
  await alpha.add('submissions', {
    form: 'contact',
    page: '/contact',
    email: 'rosa@example.com',
    answers: { fullName: 'Rosa Diaz', email: 'rosa@example.com', message: '=HYPERLINK("http://evil.example","click")' },
  });
  await alpha.add('submissions', {
    form: 'contact',
    page: '/contact',
    email: 'tom@example.com',
    answers: { fullName: 'Tom <b>Bold</b>', email: 'tom@example.com', message: 'Dripping tap' },
  });
  await mkdir(join(ctx.dataDir, 'uploads', 'alpha'), { recursive: true });
  await writeFile(join(ctx.dataDir, 'uploads', 'alpha', 'f1a2b3.pdf'), 'PDF bytes of a CV');
  await alpha.add('submissions', {
    form: 'application',
    page: '/apply',
    email: 'ivy@example.com',
    answers: { fullName: 'Ivy Applicant', email: 'ivy@example.com' },
    files: [{ filename: 'cv.pdf', type: 'application/pdf', size: 17, file: 'f1a2b3.pdf' }],
  });
  await alpha.add('registrations', {
    form: 'workshop',
    page: '/workshop',
    email: 'rosa@example.com',
    answers: { fullName: 'Rosa Diaz', email: 'rosa@example.com' },
  });
  await alpha.add('contacts', { form: 'news', email: 'nina@example.com', answers: {}, status: 'confirmed', key: 'k', digest: 'secretdigest' });
  await alpha.add('contacts', { form: 'news', email: 'pete@example.com', answers: {}, status: 'pending', key: 'k2', digest: 'd2' });
  const beta = await ctx.services.store.tenant('beta');
  await beta.add('submissions', {
    form: 'contact',
    page: '/contact',
    email: 'baker@example.com',
    answers: { fullName: 'Secret Baker', email: 'baker@example.com' },
  });
});
afterAll(() => ctx.app.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, fields: Record<string, string>, cookie?: string, remoteAddress = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url, payload: form(fields), headers: { ...FORM, ...(cookie ? { cookie } : {}) }, remoteAddress });

/** Asks for a link and returns its token, read from the mail that was sent. */
async function requestLink(site: string, email: string): Promise<string> {
  const before = sent.length;
  const res = await post(`/${site}/desk`, { email }, undefined, ip());
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('If that address may sign in, a link is on its way');
  // The link is made and mailed once the answer has gone.
  await ctx.app.afterReply.idle();
  const mail = sent.slice(before).find((m) => m.to === email.toLowerCase());
  const token = /\/desk\/sign-in\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  expect(token).toBeDefined();
  return token as string;
}

/** A signed-in session's cookie (name=value) and its CSRF token. */
async function signIn(site: string, email: string): Promise<{ cookie: string; csrf: string; setCookie: string }> {
  const token = await requestLink(site, email);
  const res = await post(`/${site}/desk/sign-in`, { token });
  expect(res.statusCode).toBe(303);
  const setCookie = String(res.headers['set-cookie']);
  const cookie = setCookie.split(';')[0] as string;
  const inbox = await get(`/${site}/desk`, cookie);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(inbox.body)?.[1] as string;
  return { cookie, csrf, setCookie };
}

const desk = async (site: string) => JSON.parse(JSON.stringify(await (await ctx.services.store.tenant(site)).list('deskSessions'))) as unknown[];

describe('signing in to the desk by e-mailed link', () => {
  it('shows an accessible sign-in form in the site’s own layout to anyone without a session', async () => {
    const res = await get('/alpha/desk');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<label for="desk-email">Your e-mail address</label><input id="desk-email" name="email" type="email"');
    expect(res.body).toContain('<form method="post" action="/alpha/desk"');
    expect(res.body).toContain('Alpha Plumbing');
    expect(res.body).not.toContain('Rosa');
  });

  it('goes end to end: link mailed, opening it changes nothing, the button signs in, the inbox shows, signing out ends it', async () => {
    const token = await requestLink('alpha', 'olga@alpha.example.com');
    const mail = sent.at(-1) as MailMessage;
    expect(mail.text).toContain(`https://sites.example.com/alpha/desk/sign-in?token=${token}`);

    const opened = await get(`/alpha/desk/sign-in?token=${token}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<form method="post" action="/alpha/desk/sign-in"><input type="hidden" name="token"');
    expect(opened.body).toContain('>Sign in</button>');
    expect(opened.headers['set-cookie']).toBeUndefined();
    const links = await (await ctx.services.store.tenant('alpha')).list('deskLinks');
    expect(links.at(-1)).toMatchObject({ used: false, site: 'alpha', email: 'olga@alpha.example.com' });
    expect(JSON.stringify(links)).not.toContain(token);

    const res = await post('/alpha/desk/sign-in', { token });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/alpha/desk');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^sw-desk=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]+; /);
    expect(setCookie).toContain('; Path=/alpha/desk');
    expect(setCookie).toContain('; HttpOnly');
    expect(setCookie).toContain('; SameSite=Strict');
    expect(setCookie).toContain('; Secure');
    const cookie = setCookie.split(';')[0] as string;
    const id = /=([^.]+)\./.exec(cookie)?.[1] as string;
    expect(JSON.stringify(await desk('alpha'))).not.toContain(id);

    const inbox = await get('/alpha/desk', cookie);
    expect(inbox.statusCode).toBe(200);
    expect(inbox.body).toContain('Signed in as Olga Alpha (olga@alpha.example.com, owner).');
    // Newest first, escaped.
    expect(inbox.body.indexOf('Tom &lt;b&gt;Bold&lt;/b&gt;')).toBeLessThan(inbox.body.indexOf('Rosa Diaz'));
    expect(inbox.body).not.toContain('<b>Bold</b>');

    const csrf = /name="_csrf" value="([^"]+)"/.exec(inbox.body)?.[1] as string;
    const out = await post('/alpha/desk/sign-out', { _csrf: csrf }, cookie);
    expect(out.statusCode).toBe(303);
    expect(String(out.headers['set-cookie'])).toContain('sw-desk=; Path=/alpha/desk; Max-Age=0');
    const after = await get('/alpha/desk', cookie);
    expect(after.body).toContain('desk-email');
    expect(after.body).not.toContain('Rosa Diaz');
  });

  it('answers an address that may not sign in with the same page and sends nothing', async () => {
    const before = sent.length;
    const res = await post('/alpha/desk', { email: 'stranger@example.com' }, undefined, ip());
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('If that address may sign in, a link is on its way');
    expect(sent.length).toBe(before);
    // An owner of another site is a stranger here.
    await post('/alpha/desk', { email: 'bea@beta.example.com' }, undefined, ip());
    expect(sent.length).toBe(before);
  });

  it('refuses a wrong, expired, reused or other site’s link with the same page, and changes nothing', async () => {
    const refused = async (site: string, token: string) => {
      const sessions = (await desk(site)).length;
      const res = await post(`/${site}/desk/sign-in`, { token });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('This link cannot be used; ask for a new one');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect((await desk(site)).length).toBe(sessions);
    };
    await refused('alpha', 'A'.repeat(43));
    await refused('alpha', 'not a token');

    const late = await requestLink('alpha', 'sam@alpha.example.com');
    clock.advance(15 * 60_000 + 1);
    await refused('alpha', late);

    const once = await requestLink('alpha', 'sam@alpha.example.com');
    expect((await post('/alpha/desk/sign-in', { token: once })).statusCode).toBe(303);
    await refused('alpha', once);

    const betas = await requestLink('beta', 'bea@beta.example.com');
    await refused('alpha', betas);
    // And the link still works where it belongs.
    expect((await post('/beta/desk/sign-in', { token: betas })).statusCode).toBe(303);
  });

  it('spends a link once even when its button is pressed twice at the same moment', async () => {
    const token = await requestLink('alpha', 'sam@alpha.example.com');
    const sessions = (await desk('alpha')).length;
    const answers = await Promise.all([post('/alpha/desk/sign-in', { token }), post('/alpha/desk/sign-in', { token })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 400]);
    expect((await desk('alpha')).length).toBe(sessions + 1);
  });

  it('limits sign-in requests per visitor (429), whatever the addresses', async () => {
    const from = ip();
    for (let i = 0; i < 20; i++) expect((await post('/alpha/desk', { email: `p${i}@example.com` }, undefined, from)).statusCode).toBe(200);
    const over = await post('/alpha/desk', { email: 'another@example.com' }, undefined, from);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('never refuses for the address: twenty strangers asking for the owner’s link leave the owner able to sign in', async () => {
    // Every link sent before is out of date.
    clock.advance(16 * 60_000);
    const before = sent.length;
    for (let i = 0; i < 20; i++) {
      const res = await post('/alpha/desk', { email: 'sam@alpha.example.com' }, undefined, `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('If that address may sign in, a link is on its way');
    }
    const own = await post('/alpha/desk', { email: 'sam@alpha.example.com' }, undefined, '203.0.113.50');
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('If that address may sign in, a link is on its way');
    await ctx.app.afterReply.idle();
    // One link for twenty-one asks: the owner's inbox is not flooded, and the link in it works.
    const mails = sent.slice(before).filter((m) => m.to === 'sam@alpha.example.com');
    expect(mails).toHaveLength(1);
    const token = /\/desk\/sign-in\?token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.text ?? '')?.[1] as string;
    expect((await post('/alpha/desk/sign-in', { token }, undefined, '203.0.113.50')).statusCode).toBe(303);
    // With that link spent, the owner's next ask mails a new one at once.
    expect((await post('/alpha/desk', { email: 'sam@alpha.example.com' }, undefined, '203.0.113.50')).statusCode).toBe(200);
    await ctx.app.afterReply.idle();
    expect(sent.slice(before).filter((m) => m.to === 'sam@alpha.example.com')).toHaveLength(2);
    // The later tests start with no link still working.
    clock.advance(16 * 60_000);
  });

  it('sends no second link while one sent minutes ago still works, and a new one once it is older', async () => {
    clock.advance(16 * 60_000);
    const mailsTo = () => sent.filter((m) => m.to === 'olga@alpha.example.com').length;
    const ask = async () => {
      expect((await post('/alpha/desk', { email: 'olga@alpha.example.com' }, undefined, ip())).statusCode).toBe(200);
      await ctx.app.afterReply.idle();
    };
    const start = mailsTo();
    await ask();
    await ask();
    expect(mailsTo()).toBe(start + 1);
    clock.advance(6 * 60_000);
    await ask();
    expect(mailsTo()).toBe(start + 2);
    clock.advance(16 * 60_000);
  });

  it('ends a session idle for 12 hours', async () => {
    const { cookie } = await signIn('alpha', 'olga@alpha.example.com');
    clock.advance(11 * 3600_000);
    expect((await get('/alpha/desk', cookie)).body).toContain('Signed in as');
    clock.advance(12 * 3600_000 + 1);
    expect((await get('/alpha/desk', cookie)).body).toContain('desk-email');
  });
});

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
    expect((await post('/nosuch/desk', { email: 'olga@alpha.example.com' }, undefined, ip())).statusCode).toBe(404);
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

  it('shows one submission whole, serves its file to the owner alone, and records the reading of a personal one', async () => {
    const { cookie } = await signIn('alpha', 'sam@alpha.example.com');
    const alpha = await ctx.services.store.tenant('alpha');
    const [application] = await alpha.list('submissions', { form: 'application' });
    const inbox = await get('/alpha/desk?form=application', cookie);
    expect(inbox.body).toContain(`href="/alpha/desk/submissions/${application?.id}"`);
    const res = await get(`/alpha/desk/submissions/${application?.id}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<dt>fullName</dt><dd>Ivy Applicant</dd>');
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
    expect(view.body).toContain(`First read ${String(read?.readAt).replace('T', ' ').slice(0, 16)} by ${String(read?.readBy)}.`);
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
