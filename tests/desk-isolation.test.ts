/**
 * No desk route of one site gives away or changes another site's data, whatever board a block
 * adds. The routes are read from the server itself and the boards from the registry the app is
 * given (so a route or a board added later is covered without touching this file); each route is
 * called with every record of beta's (of every kind its boards show) and every board's address, by
 * alpha's owner, at beta's address and at alpha's own with beta's ids; on the embedded store and
 * on PostgreSQL, where every site's records are rows of one table.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockRegistry } from '../blocks/contract.ts';
import { BLOCKS } from '../blocks/registry.ts';
import type { MailMessage } from '../runtime/services/mail.ts';
import type { Site } from '../runtime/site.ts';
import { deskApp, deskClient } from './helpers/desk.ts';
import { addressesOf, allBoards, boardsShown, deskRoutesOf, SECRET, seedBeta, VISITOR_KINDS } from './helpers/desk-isolation.ts';
import { TEST_DATABASE_URL, testDatabase, withEnv } from './helpers/postgres.ts';

type DeskCtx = Awaited<ReturnType<typeof deskApp>>;
type Signed = { cookie: string; csrf: string };

/** The app with beta's records seeded, both owners signed in, and what beta's own desk offers: read once per store. */
function seeded(open: () => Promise<DeskCtx>, blocks: BlockRegistry) {
  const world = {
    ctx: undefined as unknown as DeskCtx['ctx'],
    sent: [] as MailMessage[],
    secrets: [] as string[],
    alpha: undefined as unknown as Signed,
    bea: undefined as unknown as Signed,
    routes: [] as { pattern: string; methods: string[] }[],
    /** Beta's record ids of every kind. */
    ids: [] as string[],
    /** The actions beta's desk offers on its records ("board/id/action"), read from its pages and its records' pages. */
    actions: [] as string[],
    /** What beta's desk draws for its owner: each board's page, and each record's page. */
    pages: new Map<string, string>(),
  };
  const client = deskClient(
    () => world.ctx.app,
    () => world.sent,
    '10.9.0',
  );
  beforeAll(async () => {
    ({ ctx: world.ctx, sent: world.sent } = await open());
    world.secrets = await seedBeta(world.ctx);
    world.alpha = await client.signIn('alpha', 'olga@alpha.example.com');
    world.bea = await client.signIn('beta', 'bea@beta.example.com');
    world.routes = deskRoutesOf(world.ctx.app.printRoutes({ commonPrefix: false }));
    const beta = await world.ctx.services.store.tenant('beta');
    world.ids = (await Promise.all(VISITOR_KINDS.map(async (k) => (await beta.list(k)).map((r) => r.id)))).flat();
    const site = world.ctx.app.fleetHolder.current.sites.get('beta') as Site;
    // Each board's page, and the page of each record of its kind (where the board has them).
    for (const board of boardsShown(site, blocks)) {
      const urls = [`/beta/desk/${board.slug}`, ...(await beta.list(board.kind)).map((r) => `/beta/desk/${board.slug}/${r.id}`)];
      for (const url of urls) world.pages.set(url, (await client.get(url, world.bea.cookie)).body);
    }
    const offered = [...world.pages.values()].flatMap((body) =>
      [...body.matchAll(/action="\/beta\/desk\/([a-z-]+\/[^/"]+\/[a-z-]+)"/g)].map((m) => m[1] as string),
    );
    world.actions = [...new Set(offered)];
  });
  afterAll(() => world.ctx?.app.close());
  return { world, client };
}

/** The whole check, on one store, for the boards of one registry's blocks. */
function isolation(store: string, open: () => Promise<DeskCtx>, blocks: BlockRegistry) {
  const { world, client } = seeded(open, blocks);
  const { get, post } = client;
  /** Each parameter filled with every value that could reach beta's data. */
  const values = () => {
    const slugs = allBoards(blocks).map((b) => b.slug);
    return {
      ':board': slugs,
      ':id': world.ids,
      ':n': ['0'],
      ':file': ['money.csv', ...slugs.map((s) => `${s}.csv`)],
      ':action': [...new Set(world.actions.map((a) => a.split('/')[2] as string))],
    };
  };
  const addresses = (pattern: string, site: string) => addressesOf(pattern, site, values());
  const betaData = async () => {
    const tenant = await world.ctx.services.store.tenant('beta');
    return JSON.stringify(await Promise.all(VISITOR_KINDS.map((k) => tenant.list(k))));
  };

  describe(`one site's desk and another's data (${store})`, () => {
    it('lists in the menu the boards of the blocks each site shows, the first page first, then the desk’s own pages', async () => {
      for (const [prefix, who] of [
        ['alpha', world.alpha],
        ['beta', world.bea],
      ] as const) {
        const site = world.ctx.app.fleetHolder.current.sites.get(prefix) as Site;
        const menu = /<nav class="desk-nav"[^>]*>(.*?)<\/nav>/s.exec((await get(`/${prefix}/desk`, who.cookie)).body)?.[1] ?? '';
        const listed = [...menu.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => `${m[1]} ${m[2]}`);
        const boards = boardsShown(site, blocks).map((b) => `/${prefix}/desk${b.home ? '' : `/${b.slug}`} ${b.label}`);
        expect(listed.slice(0, boards.length)).toEqual(boards);
        expect(listed.slice(boards.length).map((l) => l.split(' ')[0])).toEqual(['money', 'activity', 'erase'].map((p) => `/${prefix}/desk/${p}`));
      }
      expect(boardsShown(world.ctx.app.fleetHolder.current.sites.get('beta') as Site, blocks).length).toBeGreaterThan(1);
    });

    it("shows beta's owner beta's records on every board, on its page or a record's (so the checks below could fail), and reads the desk's routes from the server", async () => {
      const site = world.ctx.app.fleetHolder.current.sites.get('beta') as Site;
      const beta = await world.ctx.services.store.tenant('beta');
      for (const board of boardsShown(site, blocks)) {
        expect(await beta.count(board.kind), board.slug).toBeGreaterThan(0);
        const drawn = [...world.pages].filter(([url]) => url === `/beta/desk/${board.slug}` || url.startsWith(`/beta/desk/${board.slug}/`));
        expect(
          drawn.some(([, body]) => body.includes(SECRET.name) || body.includes(SECRET.email)),
          board.slug,
        ).toBe(true);
      }
      expect(world.actions.length).toBeGreaterThan(0);
      expect(world.routes.filter((r) => r.methods.includes('POST')).length).toBeGreaterThan(2);
      expect(world.routes.some((r) => r.pattern.includes(':board'))).toBe(true);
    });

    it("gives alpha's owner nothing of beta's from any desk page, at beta's address or alpha's", async () => {
      const gets = world.routes.filter((r) => r.methods.includes('GET') && !r.pattern.includes('sign-in'));
      let checked = 0;
      for (const { pattern } of gets)
        for (const url of [...addresses(pattern, 'beta'), ...addresses(pattern, 'alpha')]) {
          const res = await get(url, world.alpha.cookie);
          checked++;
          expect(res.statusCode, url).toBeLessThan(500);
          for (const secret of world.secrets) expect(res.body, url).not.toContain(secret);
          // At beta's address alpha's session is nobody: the sign-in page, or the platform's 404.
          if (url.startsWith('/beta/')) expect(res.statusCode === 404 || res.body.includes('desk-email'), url).toBe(true);
        }
      expect(checked).toBeGreaterThan(50);
    });

    it("lets alpha's owner change nothing of beta's through any desk post", async () => {
      const before = await betaData();
      const mails = world.sent.length;
      const posts = world.routes.filter((r) => r.methods.includes('POST') && !r.pattern.endsWith('/sign-in') && r.pattern !== '/:site/desk');
      for (const { pattern } of posts) {
        for (const url of addresses(pattern, 'beta')) {
          const res = await post(url, { _csrf: world.alpha.csrf, email: SECRET.email }, world.alpha.cookie);
          expect(res.statusCode, url).toBe(403);
        }
        for (const url of addresses(pattern, 'alpha')) {
          if (url.endsWith('/sign-out') || url.endsWith('/erase')) continue;
          const res = await post(url, { _csrf: world.alpha.csrf }, world.alpha.cookie);
          expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
          for (const secret of world.secrets) expect(res.body, url).not.toContain(secret);
        }
      }
      // Erasing at alpha's desk erases alpha's records of that address only.
      expect((await post('/alpha/desk/erase', { _csrf: world.alpha.csrf, email: SECRET.email }, world.alpha.cookie)).statusCode).toBe(200);
      expect(await betaData()).toBe(before);
      expect(world.sent.slice(mails).filter((m) => m.to === SECRET.email)).toEqual([]);
    });
  });
}

const LIMITS = { deskLimits: { perVisitorPerHour: 50, linksPerAddressPerDay: 50 } };
isolation('embedded store', () => deskApp({}, LIMITS), BLOCKS);

const { admin, unreachable } = await testDatabase('desk isolation on PostgreSQL');
const schema = `sw_test_${randomBytes(6).toString('hex')}`;
afterAll(async () => {
  await admin.unsafe(`drop schema if exists "${schema}" cascade`).catch(() => {});
  await admin.end({ timeout: 1 });
});
// The store is chosen when the app is built: the variables are needed only then.
if (!unreachable) {
  isolation(
    'PostgreSQL',
    () => withEnv({ DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, SITEWRIGHT_SECRET: 'i'.repeat(40) }, () => deskApp({}, LIMITS)),
    BLOCKS,
  );
  it('kept beta’s records in the database in that run, beside alpha’s', async () => {
    const rows = await admin.unsafe<{ site: string; count: number }[]>(
      `select site, count(*)::int as count from "${schema}".records group by site order by site`,
    );
    expect(rows.map((r) => r.site)).toEqual(['alpha', 'beta']);
    expect(rows.find((r) => r.site === 'beta')?.count).toBeGreaterThan(8);
  });
}
