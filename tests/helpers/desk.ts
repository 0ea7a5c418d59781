/** The desk's test fleet served with a data folder, every e-mail it sends kept for the test to read, and what its tests do as owners and buyers. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { MailMessage } from '../../runtime/services/mail.ts';
import type { Signer } from '../../runtime/services/signing.ts';
import type { Store } from '../../runtime/store/store.ts';
import { appWithData, DESK_FLEET } from './app.ts';
import { ledgerOf, press } from './money.ts';

type Settings = Parameters<typeof appWithData>[3];
type Extra = Parameters<typeof appWithData>[5];

/** The desk's test fleet (or another folder of sites) served with a fresh data folder, every e-mail it sends kept in `sent`. */
export async function deskApp(
  settings: Settings,
  extra: Extra,
  sitesDir = DESK_FLEET,
): Promise<{ ctx: Awaited<ReturnType<typeof appWithData>>; sent: MailMessage[] }> {
  const ctx = await appWithData(sitesDir, undefined, undefined, settings, undefined, extra);
  const sent: MailMessage[] = [];
  const send = ctx.services.mailer.send.bind(ctx.services.mailer);
  ctx.services.mailer.send = async (message) => {
    sent.push(message);
    await send(message);
  };
  return { ctx, sent };
}

/**
 * What visitors sent to the desk fleet's sites, for the desk's inbox tests: alpha's messages (one
 * with a formula, one with markup), an application with a CV, a registration and two newsletter
 * contacts; beta's one message.
 */
export async function seedVisitors(ctx: { services: { store: Store }; dataDir: string }): Promise<void> {
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
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * What an owner's browser does on the desk: pages fetched and forms posted (each post from a
 * visitor address of its own under `network`, so sign-in limits count per test), and signing in
 * through the link in the e-mail. The app and outbox are read when used, once beforeAll made them.
 */
export function deskClient(app: () => FastifyInstance, sent: () => MailMessage[], network: string) {
  let visitor = 0;
  const get = (url: string, cookie?: string) => app().inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, fields: Record<string, string>, cookie?: string) =>
    app().inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { ...FORM, ...(cookie ? { cookie } : {}) },
      remoteAddress: `${network}.${(++visitor % 250) + 1}`,
    });
  /** A signed-in session's cookie (name=value) and CSRF token, through the e-mailed link. */
  async function signIn(site: string, email: string): Promise<{ cookie: string; csrf: string }> {
    const before = sent().length;
    expect((await post(`/${site}/desk`, { email })).statusCode).toBe(200);
    // The link is made and mailed once the answer has gone.
    await app().afterReply.idle();
    const mail = sent()
      .slice(before)
      .find((m) => m.to === email.toLowerCase());
    const token = /\/desk\/sign-in\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] as string;
    const res = await post(`/${site}/desk/sign-in`, { token });
    expect(res.statusCode).toBe(303);
    const cookie = String(res.headers['set-cookie']).split(';')[0] as string;
    const csrf = /name="_csrf" value="([^"]+)"/.exec((await get(`/${site}/desk`, cookie)).body)?.[1] as string;
    return { cookie, csrf };
  }
  return { get, post, signIn };
}

/** A redirect's address as a path on this server, whatever origin the app was built with. */
const pathOf = (location: unknown) => String(location).replace(/^https?:\/\/[^/]+/, '');

/** Where a shop buyer's parcel goes, unless a test says otherwise. */
const ADDRESS = { method: 'shipping', phone: '', street: '418 Ferris Street', town: 'Larkfield', region: 'OH', postalCode: '45318' };

/**
 * Buys `quantity` of a site's product (its one variant, "standard") through the shop's cart and
 * checkout, as a visitor with their own cart cookie does, and pays on the test provider. Returns
 * the order's id and its checkout.
 */
export async function buyFromShop(
  app: FastifyInstance,
  services: { signer: Signer; store: Store },
  prefix: string,
  product: string,
  quantity: string,
  buyer: Record<string, string>,
): Promise<{ order: string; checkout: string }> {
  let cookie = '';
  const send = async (url: string, fields: Record<string, string>): Promise<LightMyRequestResponse> => {
    const res = await app.inject({ method: 'POST', url, payload: new URLSearchParams(fields).toString(), headers: { ...FORM, ...(cookie ? { cookie } : {}) } });
    const set = res.headers['set-cookie'];
    const first = Array.isArray(set) ? set[0] : set;
    if (first) cookie = first.split(';')[0] as string;
    return res;
  };
  expect((await send(`/${prefix}/shop/${product}`, { _shop: 'add', product, variant: 'standard', quantity })).statusCode).toBe(303);
  // A time stamp signed ten seconds ago, past the robot trap.
  const opened = await send(`/${prefix}/shop/cart`, { _shop: 'checkout', _t: services.signer.timeToken(Date.now() - 10_000), ...ADDRESS, ...buyer });
  expect(opened.statusCode, opened.body.slice(0, 300)).toBe(303);
  const checkoutPath = pathOf(opened.headers.location);
  expect((await press(app, checkoutPath, 'pay')).statusCode).toBe(303);
  const checkout = checkoutPath.split('/').pop() as string;
  const entry = (await ledgerOf(services.store, prefix)).find((e) => e.checkout === checkout && e.type === 'checkout-opened');
  return { order: String((entry?.details as { order: string }).order), checkout };
}
