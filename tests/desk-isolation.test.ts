/**
 * No desk route of one site gives away or changes another site's data. The routes are read from
 * the server itself (so a route added later is covered without touching this file); each is called
 * with every kind of beta's records (submissions, registrations, contacts, bookings, orders, ledger
 * entries, certificates), by alpha's owner, at beta's address and at alpha's own with beta's ids;
 * on the embedded store and on PostgreSQL, where every site's records are rows of one table.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../runtime/services/mail.ts';
import { BLOCKS } from '../blocks/registry.ts';
import { declaredRecords } from '../runtime/store/records.ts';
import type { appWithData } from './helpers/app.ts';
import { buyFromShop, deskApp, deskClient } from './helpers/desk.ts';
import { pathOf, press, signedPost } from './helpers/money.ts';
import { TEST_DATABASE_URL, testDatabase, withEnv } from './helpers/postgres.ts';

/** Every kind of record the server's blocks and the kernel keep. */
const KINDS = declaredRecords(BLOCKS).map((d) => d.kind);

/** Every route the server has under /:site/desk, as patterns with their methods, read from its route tree. */
function deskRoutes(tree: string): { pattern: string; methods: string[] }[] {
  const path: string[] = [];
  const routes: { pattern: string; methods: string[] }[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] as string).length / 4;
    path.length = depth;
    path.push(m[2] as string);
    const pattern = path.join('');
    if (m[3] && pattern.startsWith('/:site/desk')) routes.push({ pattern, methods: m[3].split(', ') });
  }
  return routes;
}

type DeskCtx = Awaited<ReturnType<typeof deskApp>>;

/** The whole check, on one store: the embedded one, or PostgreSQL, where every site is rows of one table. */
function isolation(store: string, open: () => Promise<DeskCtx>) {
  let ctx: Awaited<ReturnType<typeof appWithData>>;
  let sent: MailMessage[] = [];
  const SECRETS = ['Secret Baker', 'baker@example.com', 'Bread tin', '9 Hidden Lane'];

  const { get, post, signIn } = deskClient(
    () => ctx.app,
    () => sent,
    '10.9.0',
  );

  let alpha: { cookie: string; csrf: string };
  let bea: { cookie: string; csrf: string };
  let routes: { pattern: string; methods: string[] }[];
  /** Beta's record ids of every kind, and the actions its desk offers on them ("board/id/action"). */
  let betaIds: string[];
  let betaActions: string[];
  let betaBoards: string[];

  /** Everything beta's store holds of its visitors and its money, to compare before and after. */
  const betaData = async () => {
    const tenant = await ctx.services.store.tenant('beta');
    const kinds = KINDS.filter((k) => !k.startsWith('desk'));
    return JSON.stringify(await Promise.all(kinds.map((k) => tenant.list(k))));
  };

  beforeAll(async () => {
    ({ ctx, sent } = await open());
    const beta = await ctx.services.store.tenant('beta');
    await mkdir(join(ctx.dataDir, 'uploads', 'beta'), { recursive: true });
    await writeFile(join(ctx.dataDir, 'uploads', 'beta', 'b1.txt'), 'Secret Baker recipe');
    const answers = { fullName: 'Secret Baker', email: 'baker@example.com' };
    await beta.add('submissions', {
      form: 'contact',
      page: '/contact',
      email: 'baker@example.com',
      answers,
      files: [{ filename: 'recipe.txt', file: 'b1.txt', size: 19 }],
    });
    await beta.add('registrations', { form: 'tasting', page: '/tasting', email: 'baker@example.com', answers });
    await beta.add('contacts', { form: 'news', email: 'baker@example.com', answers: {}, status: 'confirmed' });
    // A paid booking, through the real booking and test checkout.
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const booked = await signedPost(ctx.app, ctx.services.signer, '/beta/book', {
      _booking: 'baking-class',
      slot: `${day}T10:00`,
      party: '1',
      ...{ name: 'Secret Baker', email: 'baker@example.com' },
    });
    expect(booked.statusCode).toBe(303);
    expect((await press(ctx.app, pathOf(booked.headers.location), 'pay')).statusCode).toBe(303);
    const startUtc = new Date(Date.now() + 26 * 3_600_000).toISOString();
    await beta.add('orders', {
      ...{ scope: 'order:/menu', number: 'BEEF01', status: 'paid', slotId: startUtc.slice(0, 16), slot: `order:/menu@${startUtc.slice(0, 16)}`, startUtc },
      ...{ fulfilment: 'pickup', payment: 'online', name: 'Secret Baker', email: 'baker@example.com', subtotal: 1200, fee: 0, total: 1200, currency: 'USD' },
      lines: [{ item: 'rye', name: 'Rye loaf', options: [], quantity: 2, unit: 600, total: 1200 }],
    });
    // A paid shop order and a paid gift certificate, through the real shop and gift form.
    await buyFromShop(ctx.app, ctx.services, 'beta', 'bread-tin', '1', { name: 'Secret Baker', email: 'baker@example.com' });
    const gift = await signedPost(ctx.app, ctx.services.signer, '/beta/gift', {
      ...{ _certificate: 'service', amount: '50', message: '', deliverOn: '' },
      ...{ recipientName: 'Secret Baker', recipientEmail: 'baker@example.com', buyerName: 'Secret Baker', buyerEmail: 'baker@example.com' },
    });
    expect(gift.statusCode).toBe(303);
    expect((await press(ctx.app, pathOf(gift.headers.location), 'pay')).statusCode).toBe(303);
    // A gift, with the donor's home address for the declaration.
    const given = await signedPost(ctx.app, ctx.services.signer, '/beta/donate', {
      ...{ _donation: 'community-fund', gift: '2500', name: 'Secret Baker', email: 'baker@example.com' },
      ...{ declaration: 'yes', address: '9 Hidden Lane' },
    });
    expect(given.statusCode).toBe(303);
    expect((await press(ctx.app, pathOf(given.headers.location), 'pay')).statusCode).toBe(303);
    // The certificate's code is as good as money: it must not show either.
    SECRETS.push(String((await beta.list('ledger', { type: 'gift-issued' }))[0]?.account));
    expect(SECRETS.at(-1)).toMatch(/^[A-Z0-9-]{8,}$/);
    alpha = await signIn('alpha', 'olga@alpha.example.com');
    bea = await signIn('beta', 'bea@beta.example.com');

    routes = deskRoutes(ctx.app.printRoutes({ commonPrefix: false }));
    betaIds = (await Promise.all(KINDS.filter((k) => !k.startsWith('desk')).map(async (k) => (await beta.list(k)).map((r) => r.id)))).flat();
    const home = await get('/beta/desk', bea.cookie);
    betaBoards = [...home.body.matchAll(/<a href="\/beta\/desk\/([a-z-]+)"/g)].map((m) => m[1] as string);
    const pages = await Promise.all(betaBoards.map((b) => get(`/beta/desk/${b}`, bea.cookie)));
    betaActions = [...new Set(pages.flatMap((p) => [...p.body.matchAll(/action="\/beta\/desk\/([a-z-]+\/[^/"]+\/[a-z-]+)"/g)].map((m) => m[1] as string)))];
  });
  afterAll(() => ctx?.app.close());

  /** The addresses a pattern stands for on a site: each parameter filled with every value that could reach beta's data. */
  function addresses(pattern: string, site: string): string[] {
    const values: Record<string, string[]> = {
      ':site': [site],
      ':kind|:board': [...new Set(['submissions', 'registrations', ...betaBoards])],
      ':id': betaIds,
      ':n': ['0'],
      ':file': ['submissions.csv', 'registrations.csv', 'contacts.csv', 'money.csv', ...betaBoards.map((b) => `${b}.csv`)],
      ':action': ['cancel', 'unread', ...new Set(betaActions.map((a) => a.split('/')[2] as string))],
    };
    let out = [''];
    for (const part of pattern.split(/(?=\/)/)) {
      const [, name] = /^\/(:[\w|:]+)$/.exec(part) ?? [];
      const options = name ? (values[name] ?? ['x']) : [part.slice(1)];
      out = out.flatMap((prefix) => options.map((o) => `${prefix}/${o}`));
    }
    return out;
  }

  describe(`one site's desk and another's data (${store})`, () => {
    it('reads every desk route from the server, boards included', () => {
      const patterns = routes.map((r) => r.pattern);
      for (const p of ['/:site/desk', '/:site/desk/export/:file', '/:site/desk/:kind|:board/:id/:action', '/:site/desk/erase']) expect(patterns).toContain(p);
      // The test would notice beta's data if it leaked: its owner sees it.
      expect(betaBoards).toEqual(expect.arrayContaining(['bookings', 'orders', 'shop-orders', 'gift-certificates', 'donations']));
      expect(betaActions.map((a) => `${a.split('/')[0]}/${a.split('/')[2]}`).sort()).toEqual([
        'bookings/cancel',
        'gift-certificates/resend',
        'orders/preparing',
        'shop-orders/packed',
      ]);
    });

    it("shows beta's owner beta's records (so the checks below could fail)", async () => {
      const seen = await Promise.all(
        ['/beta/desk', '/beta/desk/registrations', '/beta/desk/contacts', ...betaBoards.map((b) => `/beta/desk/${b}`)].map((u) => get(u, bea.cookie)),
      );
      expect(seen.filter((r) => r.body.includes('baker@example.com')).length).toBeGreaterThanOrEqual(4);
    });

    it("gives alpha's owner nothing of beta's from any desk page, at beta's address or alpha's", async () => {
      const gets = routes.filter((r) => r.methods.includes('GET') && !r.pattern.includes('sign-in'));
      let checked = 0;
      for (const { pattern } of gets)
        for (const url of [...addresses(pattern, 'beta'), ...addresses(pattern, 'alpha')]) {
          const res = await get(url, alpha.cookie);
          checked++;
          expect(res.statusCode, url).toBeLessThan(500);
          for (const secret of SECRETS) expect(res.body, url).not.toContain(secret);
          // At beta's address alpha's session is nobody: the sign-in page, or the platform's 404.
          if (url.startsWith('/beta/')) expect(res.statusCode === 404 || res.body.includes('desk-email'), url).toBe(true);
        }
      expect(checked).toBeGreaterThan(50);
    });

    it("lets alpha's owner change nothing of beta's through any desk post", async () => {
      const before = await betaData();
      const mails = sent.length;
      const posts = routes.filter((r) => r.methods.includes('POST') && !r.pattern.endsWith('/sign-in') && r.pattern !== '/:site/desk');
      for (const { pattern } of posts) {
        for (const url of addresses(pattern, 'beta')) {
          const res = await post(url, { _csrf: alpha.csrf, email: 'baker@example.com' }, alpha.cookie);
          expect(res.statusCode, url).toBe(403);
        }
        for (const url of addresses(pattern, 'alpha')) {
          if (url.endsWith('/sign-out') || url.endsWith('/erase')) continue;
          const res = await post(url, { _csrf: alpha.csrf }, alpha.cookie);
          expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
          for (const secret of SECRETS) expect(res.body, url).not.toContain(secret);
        }
      }
      // Erasing at alpha's desk erases alpha's records of that address only.
      expect((await post('/alpha/desk/erase', { _csrf: alpha.csrf, email: 'baker@example.com' }, alpha.cookie)).statusCode).toBe(200);
      expect(await betaData()).toBe(before);
      expect(sent.slice(mails).filter((m) => m.to === 'baker@example.com')).toEqual([]);
    });
  });
}

const LIMITS = { deskLimits: { perVisitorPerHour: 50, linksPerAddressPerDay: 50 } };
isolation('embedded store', () => deskApp({}, LIMITS));

const { admin, unreachable } = await testDatabase('desk isolation on PostgreSQL');
const schema = `sw_test_${randomBytes(6).toString('hex')}`;
afterAll(async () => {
  await admin.unsafe(`drop schema if exists "${schema}" cascade`).catch(() => {});
  await admin.end({ timeout: 1 });
});
// The store is chosen when the app is built: the variables are needed only then.
if (!unreachable) {
  isolation('PostgreSQL', () =>
    withEnv({ DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, SITEWRIGHT_SECRET: 'i'.repeat(40) }, () => deskApp({}, LIMITS)),
  );
  it('kept beta’s records in the database in that run, beside alpha’s', async () => {
    const rows = await admin.unsafe<{ site: string; count: number }[]>(
      `select site, count(*)::int as count from "${schema}".records group by site order by site`,
    );
    expect(rows.map((r) => r.site)).toEqual(['alpha', 'beta']);
    expect(rows.find((r) => r.site === 'beta')?.count).toBeGreaterThan(8);
  });
}
