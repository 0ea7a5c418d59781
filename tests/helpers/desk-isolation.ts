/**
 * What the desk's isolation check reads and seeds: the desk's routes from the server's route tree,
 * the boards a registry's blocks give a site, each site's records of every kind its boards show
 * (each kind's declared example; for beta also through the real booking, shop, gift and donation
 * flows where a record is made by paying), and the addresses that could reach them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { BlockRegistry, DeskBoard } from '../../blocks/contract.ts';
import { blocksIn } from '../../runtime/config/blocks-in.ts';
import type { Site } from '../../runtime/site.ts';
import { declaredRecords } from '../../runtime/store/records.ts';
import type { appWithData } from './app.ts';
import { buyFromShop } from './desk.ts';
import { pathOf, press, signedPost } from './money.ts';

type Ctx = Awaited<ReturnType<typeof appWithData>>;

/** Every route the server has under /:site/desk, as patterns with their methods, read from its route tree. */
export function deskRoutesOf(tree: string): { pattern: string; methods: string[] }[] {
  const path: string[] = [];
  const routes: { pattern: string; methods: string[] }[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] as string).length / 4;
    path.length = depth;
    // Fastify prints a wildcard after a path without its slash ("preview" then "*" for /preview/*).
    const part = m[2] as string;
    path.push(part.startsWith('*') && !path.join('').endsWith('/') ? `/${part}` : part);
    const pattern = path.join('');
    if (m[3] && pattern.startsWith('/:site/desk')) routes.push({ pattern, methods: m[3].split(', ') });
  }
  return routes;
}

/** Every board the registry's blocks give, each once. */
export const allBoards = (blocks: BlockRegistry): DeskBoard[] => [
  ...new Map(Object.values(blocks).flatMap((b) => (b.deskBoards ?? []).map((d) => [d.slug, d] as const))).values(),
];

/** The boards of the blocks a site shows, as its desk's menu lists them: the first page first, then in the order the site shows them. */
export function boardsShown(site: Site, blocks: BlockRegistry): DeskBoard[] {
  const shown = new Map<string, DeskBoard>();
  for (const { block } of blocksIn(site.data)) for (const board of blocks[block.type as string]?.deskBoards ?? []) shown.set(board.slug, board);
  return [...shown.values()].sort((a, b) => Number(Boolean(b.home)) - Number(Boolean(a.home)));
}

/** The record kinds a site's visitors and money fill with these blocks (not the desk's own). */
export const visitorKinds = (blocks: BlockRegistry) =>
  declaredRecords(blocks)
    .map((d) => d.kind)
    .filter((k) => !k.startsWith('desk'));

/** What beta holds of one person; the checks look for these words where they must not be. */
export const SECRET = { name: 'Secret Baker', email: 'baker@example.com', item: 'Bread tin', address: '9 Hidden Lane' };

/** Whose records of each kind's example each site holds: a visitor of its own, whom the other site's desk must not show. */
export const GUESTS = { alpha: 'guest@alpha-visitors.example.com', beta: 'guest@beta-visitors.example.com' } as const;

/** A site as the app serves it. */
export const siteOf = (ctx: Ctx, prefix: string) => ctx.app.fleetHolder.current.sites.get(prefix) as Site;

/**
 * For every board a site shows, a record of the board's kind holding `email`: the kind's declared
 * example, added once per kind. A board added later gets its records here, unnamed.
 */
export async function seedBoards(ctx: Ctx, prefix: string, email: string, blocks: BlockRegistry): Promise<void> {
  const tenant = await ctx.services.store.tenant(prefix);
  const declarations = new Map(declaredRecords(blocks).map((d) => [d.kind, d]));
  for (const kind of new Set(boardsShown(siteOf(ctx, prefix), blocks).map((b) => b.kind))) {
    const declaration = declarations.get(kind);
    if (!declaration) throw new Error(`A board shows records of the kind "${kind}", which no block declares.`);
    await tenant.add(kind, declaration.example(email));
  }
}

/**
 * Beta's records of every kind its desk shows: each board's kind's example (of beta's guest), and
 * of one person what visitors send, a paid booking, an order, a shop order, a gift certificate and
 * a gift with a home address, made as they are in use. Returns the words that must not leak (the
 * certificate's code among them: it is as good as money).
 */
export async function seedBeta(ctx: Ctx, blocks: BlockRegistry): Promise<string[]> {
  await seedBoards(ctx, 'beta', GUESTS.beta, blocks);
  const beta = await ctx.services.store.tenant('beta');
  const person = { name: SECRET.name, email: SECRET.email };
  await mkdir(join(ctx.dataDir, 'uploads', 'beta'), { recursive: true });
  await writeFile(join(ctx.dataDir, 'uploads', 'beta', 'b1.txt'), `${SECRET.name} recipe`);
  const answers = { fullName: SECRET.name, email: SECRET.email };
  const files = [{ filename: 'recipe.txt', file: 'b1.txt', size: 19 }];
  await beta.add('submissions', { form: 'contact', page: '/contact', email: SECRET.email, answers, files });
  await beta.add('contacts', { form: 'news', email: SECRET.email, answers: {}, status: 'confirmed' });
  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  await paid(ctx, '/beta/book', { _booking: 'baking-class', slot: `${day}T10:00`, party: '1', ...person });
  const startUtc = new Date(Date.now() + 26 * 3_600_000).toISOString();
  await beta.add('orders', {
    ...{ scope: 'order:/menu', number: 'BEEF01', status: 'paid', slotId: startUtc.slice(0, 16), slot: `order:/menu@${startUtc.slice(0, 16)}`, startUtc },
    ...{ fulfilment: 'pickup', payment: 'online', ...person, subtotal: 1200, fee: 0, total: 1200, currency: 'USD' },
    lines: [{ item: 'rye', name: 'Rye loaf', options: [], quantity: 2, unit: 600, total: 1200 }],
  });
  await buyFromShop(ctx.app, ctx.services, 'beta', 'bread-tin', '1', person);
  await paid(ctx, '/beta/gift', {
    ...{ _certificate: 'service', amount: '50', message: '', deliverOn: '' },
    ...{ recipientName: SECRET.name, recipientEmail: SECRET.email, buyerName: SECRET.name, buyerEmail: SECRET.email },
  });
  await paid(ctx, '/beta/donate', { _donation: 'community-fund', gift: '2500', ...person, declaration: 'yes', address: SECRET.address });
  const code = String((await beta.list('ledger', { type: 'gift-issued' }))[0]?.account);
  expect(code).toMatch(/^[A-Z0-9-]{8,}$/);
  return [...Object.values(SECRET), GUESTS.beta, code];
}

/** Posts a block's form as a visitor and pays its checkout on the test provider. */
async function paid(ctx: Ctx, path: string, fields: Record<string, string>) {
  const res = await signedPost(ctx.app, ctx.services.signer, path, fields);
  expect(res.statusCode).toBe(303);
  expect((await press(ctx.app, pathOf(res.headers.location), 'pay')).statusCode).toBe(303);
}

/** Every address a pattern stands for on a site: each parameter filled with every value given for it (others with "x"). */
export function addressesOf(pattern: string, site: string, values: Readonly<Record<string, readonly string[]>>): string[] {
  let out = [''];
  for (const part of pattern.split(/(?=\/)/)) {
    const [, name] = /^\/(:[\w|:]+)$/.exec(part) ?? [];
    const options = name === ':site' ? [site] : name ? (values[name] ?? ['x']) : [part.slice(1)];
    out = out.flatMap((prefix) => options.map((o) => `${prefix}/${o}`));
  }
  return out;
}
