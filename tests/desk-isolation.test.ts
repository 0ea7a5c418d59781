/**
 * No desk route of one site gives away or changes another site's data, whatever board a block
 * adds. The routes are read from the server itself and the boards from the registry the app is
 * given, the tests' own (TEST_BLOCKS); both sites show every block that gives a board (a page each
 * is added to a copy of the fixture) and hold its kind's example record, so a route or a board
 * added later is covered without touching this file. Each route is called with every record of
 * beta's and every board's address, by alpha's owner, at beta's address and at alpha's own with
 * beta's ids; on the embedded store and on PostgreSQL, where every site's records are rows of one table.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockRegistry } from '../blocks/contract.ts';
import type { MailMessage } from '../runtime/services/mail.ts';
import { newestNumber, publishVersion, saveDraft } from '../runtime/studio/versions.ts';
import { TEST_BLOCKS } from './helpers/blocks.ts';
import { deskApp, deskClient } from './helpers/desk.ts';
import { addressesOf, allBoards, boardsShown, deskRoutesOf, GUESTS, SECRET, seedBeta, seedBoards, siteOf, visitorKinds } from './helpers/desk-isolation.ts';
import { deskSitesShowingEveryBoard } from './helpers/desk-sites.ts';
import { TEST_DATABASE_URL, testDatabase, withEnv } from './helpers/postgres.ts';

type DeskCtx = Awaited<ReturnType<typeof deskApp>>;

/** Beta's studio holds a published version and its owner's draft, each with a secret of its own. */
async function seedStudio(ctx: DeskCtx['ctx']): Promise<string[]> {
  const beta = await ctx.services.store.tenant('beta');
  const secrets = ['beta-version-secret', 'beta-draft-secret'].map((s) => `${s}-${randomBytes(4).toString('hex')}`);
  const base = { email: 'bea@beta.example.com', name: 'Bea', source: 'studio' as const, message: '', now: Date.now() };
  await publishVersion(beta, { ...base, base: await newestNumber(beta), text: `site:\n  name: ${secrets[0]}\n` });
  await saveDraft(beta, 'bea@beta.example.com', { text: `site:\n  name: ${secrets[1]}\n`, base: 1, at: new Date().toISOString() });
  return secrets;
}
type Signed = { cookie: string; csrf: string };

/** The app with both sites' records seeded, both owners signed in, and what each site's own desk shows its owner: read once per store. */
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
    /** What each site's desk draws for its own owner: each board's page, and each record's page. */
    pages: new Map<string, string>(),
  };
  const client = deskClient(
    () => world.ctx.app,
    () => world.sent,
    '10.9.0',
  );
  /** Each site with its own owner's session. */
  const owners = () =>
    [
      ['alpha', world.alpha],
      ['beta', world.bea],
    ] as const;
  beforeAll(async () => {
    ({ ctx: world.ctx, sent: world.sent } = await open());
    world.secrets = [...(await seedBeta(world.ctx, blocks)), ...(await seedStudio(world.ctx))];
    await seedBoards(world.ctx, 'alpha', GUESTS.alpha, blocks);
    world.alpha = await client.signIn('alpha', 'olga@alpha.example.com');
    world.bea = await client.signIn('beta', 'bea@beta.example.com');
    world.routes = deskRoutesOf(world.ctx.app.printRoutes({ commonPrefix: false }));
    const beta = await world.ctx.services.store.tenant('beta');
    world.ids = (await Promise.all(visitorKinds(blocks).map(async (k) => (await beta.list(k)).map((r) => r.id)))).flat();
    // Each board's page, and the page of each record of its kind (where the board has them), as the site's own owner sees them.
    for (const [prefix, owner] of owners()) {
      const tenant = await world.ctx.services.store.tenant(prefix);
      for (const board of boardsShown(siteOf(world.ctx, prefix), blocks)) {
        const base = `/${prefix}/desk/${board.slug}`;
        const urls = [base, ...(await tenant.list(board.kind)).map((r) => `${base}/${r.id}`)];
        for (const url of urls) world.pages.set(url, (await client.get(url, owner.cookie)).body);
      }
    }
    const offered = [...world.pages.values()].flatMap((body) =>
      [...body.matchAll(/action="\/beta\/desk\/([a-z-]+\/[^/"]+\/[a-z-]+)"/g)].map((m) => m[1] as string),
    );
    world.actions = [...new Set(offered)];
  });
  afterAll(() => world.ctx?.app.close());
  /** What a site's desk drew for its owner on one board: its page and its records' pages. */
  const drawnOn = (prefix: string, slug: string) =>
    [...world.pages].filter(([url]) => url === `/${prefix}/desk/${slug}` || url.startsWith(`/${prefix}/desk/${slug}/`)).map(([, body]) => body);
  return { world, client, owners, drawnOn };
}

/** The whole check, on one store, for the boards of one registry's blocks. */
function isolation(store: string, open: () => Promise<DeskCtx>, blocks: BlockRegistry) {
  const { world, client, owners, drawnOn } = seeded(open, blocks);
  const { get, post } = client;
  /** Each parameter filled with every value that could reach beta's data. */
  const values = () => {
    const slugs = allBoards(blocks).map((b) => b.slug);
    return {
      ':board': slugs,
      ':id': world.ids,
      ':n': ['0'],
      ':number': ['1', '2'],
      ':name': ['x.png'],
      ':file': ['money.csv', ...slugs.map((s) => `${s}.csv`)],
      ':action': [...new Set(world.actions.map((a) => a.split('/')[2] as string))],
    };
  };
  const addresses = (pattern: string, site: string) => addressesOf(pattern, site, values());
  const betaData = async () => {
    const tenant = await world.ctx.services.store.tenant('beta');
    return JSON.stringify(await Promise.all([...visitorKinds(blocks), 'siteVersions', 'studioDrafts'].map((k) => tenant.list(k))));
  };

  describe(`one site's desk and another's data (${store})`, () => {
    it('lists in the menu the boards of the blocks each site shows (every block that gives one), the first page first, then the desk’s own pages', async () => {
      const every = allBoards(blocks)
        .map((b) => b.slug)
        .sort();
      expect(every.length).toBeGreaterThan(1);
      for (const [prefix, who] of owners()) {
        const shown = boardsShown(siteOf(world.ctx, prefix), blocks);
        expect(shown.map((b) => b.slug).sort(), prefix).toEqual(every);
        const menu = /<nav class="desk-nav"[^>]*>(.*?)<\/nav>/s.exec((await get(`/${prefix}/desk`, who.cookie)).body)?.[1] ?? '';
        const listed = [...menu.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => `${m[1]} ${m[2]}`);
        const boards = shown.map((b) => `/${prefix}/desk${b.home ? '' : `/${b.slug}`} ${b.label}`);
        expect(listed.slice(0, boards.length)).toEqual(boards);
        expect(listed.slice(boards.length).map((l) => l.split(' ')[0])).toEqual(['studio', 'money', 'activity', 'erase'].map((p) => `/${prefix}/desk/${p}`));
      }
    });

    it("shows beta's owner beta's records on every board, on its page or a record's (so the checks below could fail)", async () => {
      const beta = await world.ctx.services.store.tenant('beta');
      for (const board of boardsShown(siteOf(world.ctx, 'beta'), blocks)) {
        expect(await beta.count(board.kind), board.slug).toBeGreaterThan(0);
        const words = [SECRET.name, SECRET.email, GUESTS.beta];
        expect(
          drawnOn('beta', board.slug).some((body) => words.some((word) => body.includes(word))),
          board.slug,
        ).toBe(true);
      }
    });

    it("shows each site's owner only that site's entries on every board: its own guest where the other's shows its own, never the other's", () => {
      const shows = (prefix: 'alpha' | 'beta', slug: string, email: string) => drawnOn(prefix, slug).some((body) => body.includes(email));
      const boards = allBoards(blocks);
      for (const { slug } of boards) {
        expect(shows('alpha', slug, GUESTS.alpha), slug).toBe(shows('beta', slug, GUESTS.beta));
        expect(shows('alpha', slug, GUESTS.beta) || shows('beta', slug, GUESTS.alpha), slug).toBe(false);
      }
      expect(boards.filter((b) => shows('alpha', b.slug, GUESTS.alpha)).length).toBeGreaterThan(1);
    });

    it("reads the desk's routes from the server, and finds what beta's owner may do to beta's records", () => {
      expect(world.actions.length).toBeGreaterThan(0);
      expect(world.routes.filter((r) => r.methods.includes('POST')).length).toBeGreaterThan(2);
      expect(world.routes.some((r) => r.pattern.includes(':board'))).toBe(true);
      // The studio's routes are desk routes too: its drafts, versions, preview and media are tried like the boards.
      const studio = world.routes.filter((r) => r.pattern.startsWith('/:site/desk/studio')).map((r) => r.pattern);
      expect(studio).toEqual(expect.arrayContaining(['/:site/desk/studio/versions/:number', '/:site/desk/studio/preview/*', '/:site/desk/studio/media']));
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
      for (const email of [SECRET.email, GUESTS.beta])
        expect((await post('/alpha/desk/erase', { _csrf: world.alpha.csrf, email }, world.alpha.cookie)).statusCode).toBe(200);
      expect(await betaData()).toBe(before);
      expect(world.sent.slice(mails).filter((m) => m.to === SECRET.email || m.to === GUESTS.beta)).toEqual([]);
    });
  });
}

const LIMITS = { deskLimits: { perVisitorPerHour: 50, linksPerAddressPerDay: 50 } };
/** The app over a copy of the desk's fleet that shows every board of the tests' blocks. */
const openDesk = async () => deskApp({}, { ...LIMITS, blocks: TEST_BLOCKS }, await deskSitesShowingEveryBoard(TEST_BLOCKS));
isolation('embedded store', openDesk, TEST_BLOCKS);

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
    () => withEnv({ DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, SITEWRIGHT_SECRET: 'i'.repeat(40) }, openDesk),
    TEST_BLOCKS,
  );
  it('kept beta’s records in the database in that run, beside alpha’s', async () => {
    const rows = await admin.unsafe<{ site: string; count: number }[]>(
      `select site, count(*)::int as count from "${schema}".records group by site order by site`,
    );
    expect(rows.map((r) => r.site)).toEqual(['alpha', 'beta']);
    expect(rows.find((r) => r.site === 'beta')?.count).toBeGreaterThan(8);
  });
}
