/** Signing in to the desk by an e-mailed link, and the limits on asking for links. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../runtime/services/mail.ts';
import type { appWithData } from './helpers/app.ts';
import { deskApp, seedVisitors } from './helpers/desk.ts';
import { testClock } from './helpers/clock.ts';

const clock = testClock();
let ctx: Awaited<ReturnType<typeof appWithData>>;
let sent: MailMessage[] = [];
let visitor = 0;
/** Each test's requests from an address of its own, so the per-visitor sign-in limit is tested apart. */
const ip = () => `10.1.0.${++visitor}`;

beforeAll(async () => {
  ({ ctx, sent } = await deskApp({ now: clock.now }, { deskLimits: { perVisitorPerHour: 20, linksPerAddressPerDay: 20 } }));
  await seedVisitors(ctx);
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
});

describe('the limits on sign-in links', () => {
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
