/**
 * The desk of a site at its own domain: at /desk there, the sign-in link mailed for the domain,
 * the session cookie scoped to the domain's /desk, every link and redirect on the domain; the
 * platform address forwards to it.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../runtime/services/mail.ts';
import { appWithData, DESK_FLEET } from './helpers/app.ts';

const DOMAIN = 'alpha-plumbing.example';
let ctx: Awaited<ReturnType<typeof appWithData>>;
const sent: MailMessage[] = [];

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sitewright-desk-domain-'));
  for (const prefix of ['alpha', 'beta']) await cp(join(DESK_FLEET, prefix), join(dir, prefix), { recursive: true });
  const file = join(dir, 'alpha', 'site.yaml');
  await writeFile(file, (await readFile(file, 'utf8')).replace('schemaVersion: 1\n', `schemaVersion: 1\ndomains: [${DOMAIN}]\n`));
  ctx = await appWithData(dir);
  ctx.services.mailer.send = async (message) => void sent.push(message);
  const alpha = await ctx.services.store.tenant('alpha');
  await alpha.add('submissions', {
    form: 'contact',
    page: '/contact',
    email: 'rosa@example.com',
    answers: { fullName: 'Rosa Diaz', email: 'rosa@example.com' },
  });
});
afterAll(() => ctx.app.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const on = (host: string, url: string, options: { payload?: Record<string, string>; cookie?: string } = {}) =>
  ctx.app.inject({
    method: options.payload ? 'POST' : 'GET',
    url,
    headers: { host, ...(options.payload ? FORM : {}), ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.payload ? { payload: new URLSearchParams(options.payload).toString() } : {}),
  });

describe('the desk of a site at its own domain', () => {
  it('signs in at the domain’s /desk by a link for the domain, with a cookie for the domain’s /desk alone', async () => {
    const signIn = await on(DOMAIN, '/desk');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body).toContain('<form method="post" action="/desk" class="desk-form">');
    expect(signIn.body).not.toContain('/alpha/');

    const asked = await on(DOMAIN, '/desk', { payload: { email: 'olga@alpha.example.com' } });
    expect(asked.statusCode).toBe(200);
    await ctx.app.afterReply.idle();
    const link = /https:\/\/([^/\s]+)(\/desk\/sign-in\?token=([\w-]{43}))/.exec(sent.at(-1)?.text ?? '');
    expect(link?.[1]).toBe(DOMAIN);

    const page = await on(DOMAIN, link?.[2] as string);
    expect(page.body).toContain('<form method="post" action="/desk/sign-in">');
    const pressed = await on(DOMAIN, '/desk/sign-in', { payload: { token: link?.[3] as string } });
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe('/desk');
    const setCookie = String(pressed.headers['set-cookie']);
    expect(setCookie).toMatch(/Path=\/desk(;|$)/);
    expect(setCookie).toContain('Secure');
    const cookie = setCookie.split(';')[0] as string;

    const inbox = await on(DOMAIN, '/desk', { cookie });
    expect(inbox.body).toContain('Signed in as Olga Alpha');
    expect(inbox.body).toContain('Rosa Diaz');
    const id = (await (await ctx.services.store.tenant('alpha')).list('submissions'))[0]?.id as string;
    expect(inbox.body).toContain(`href="/desk/submissions/${id}"`);
    expect(inbox.body).toContain('href="/desk/activity"');
    expect(inbox.body).not.toContain('/alpha/desk');
    expect((await on(DOMAIN, `/desk/submissions/${id}`, { cookie })).body).toContain('<dd>Rosa Diaz</dd>');

    // The same session does not open the platform address's desk, nor another site's.
    expect((await on('sites.example.com', '/beta/desk', { cookie })).body).toContain('desk-email');

    const csrf = /name="_csrf" value="([^"]+)"/.exec(inbox.body)?.[1] as string;
    const unread = await on(DOMAIN, `/desk/submissions/${id}/unread`, { payload: { _csrf: csrf }, cookie });
    expect([unread.statusCode, unread.headers.location]).toEqual([303, '/desk?form=contact']);
    const out = await on(DOMAIN, '/desk/sign-out', { payload: { _csrf: csrf }, cookie });
    expect([out.statusCode, out.headers.location]).toEqual([303, '/desk']);
    expect((await on(DOMAIN, '/desk', { cookie })).body).toContain('desk-email');
  });

  it('forwards the desk at the platform address, and the prefixed address on the domain, to the domain’s /desk', async () => {
    const res = await on('sites.example.com', '/alpha/desk/activity');
    expect([res.statusCode, res.headers.location]).toEqual([301, `https://${DOMAIN}/desk/activity`]);
    // A post keeps its method and body on the way; the prefixed address on the domain drops the prefix.
    const post = await on('sites.example.com', '/alpha/desk', { payload: { email: 'olga@alpha.example.com' } });
    expect([post.statusCode, post.headers.location]).toEqual([308, `https://${DOMAIN}/desk`]);
    const prefixed = await on(DOMAIN, '/alpha/desk?form=contact');
    expect([prefixed.statusCode, prefixed.headers.location]).toEqual([301, '/desk?form=contact']);
    // The sign-in link is mailed for the domain whichever address the owner asked at.
    const asked = await on(DOMAIN, '/desk', { payload: { email: 'olga@alpha.example.com' } });
    expect(asked.statusCode).toBe(200);
    await ctx.app.afterReply.idle();
    expect(sent.at(-1)?.text).toContain(`https://${DOMAIN}/desk/sign-in?token=`);
    // A site without a domain keeps its desk at the platform address.
    expect((await on('sites.example.com', '/beta/desk')).statusCode).toBe(200);
  });

  it('points a personal form’s notification to the desk at the domain', async () => {
    const before = sent.length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/apply',
      payload: new URLSearchParams({
        _form: 'application',
        _t: ctx.services.signer.timeToken(Date.now() - 10_000),
        fullName: 'Quinn Private',
        email: 'quinn@example.com',
      }).toString(),
      headers: { host: DOMAIN, ...FORM },
    });
    expect(res.statusCode).toBe(303);
    await expect.poll(() => sent.length).toBeGreaterThan(before);
    const mail = sent.slice(before).find((m) => m.to === 'office@alpha.example.com');
    expect(mail?.text).toContain(`read it on your desk: https://${DOMAIN}/desk?form=application`);
  });

  it('gives the links in its e-mails at the domain, not the platform address', async () => {
    const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    const before = sent.length;
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/book',
      headers: { host: DOMAIN, ...FORM },
      payload: new URLSearchParams({
        _t: ctx.services.signer.timeToken(Date.now() - 10_000),
        _booking: 'boiler-check',
        slot: `${day}T10:00`,
        party: '2',
        name: 'Rosa Diaz',
        email: 'rosa@example.com',
      }).toString(),
    });
    expect(booked.statusCode).toBe(303);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: String(booked.headers.location).replace(/^https?:\/\/[^/]+/, ''),
      headers: FORM,
      payload: 'outcome=pay',
    });
    expect(paid.statusCode).toBe(303);
    await expect.poll(() => sent.slice(before).filter((m) => m.to === 'rosa@example.com').length).toBeGreaterThanOrEqual(1);
    const mails = sent.slice(before).filter((m) => m.to === 'rosa@example.com');
    const links = mails.flatMap((m) => [...m.text.matchAll(/https?:\/\/[^\s)]+/g)].map((l) => l[0]));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link, link).toMatch(new RegExp(`^https://${DOMAIN.replace(/\./g, '\\.')}/`));
  });
});
