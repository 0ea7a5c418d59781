/**
 * What every desk route shares: finding the site, drawing a page in the site's layout and the desk's
 * frame, the session cookie, the guard that lets only a signed-in owner of this site through (a
 * post only with the session's CSRF token), the boards of the blocks the site shows, and what a
 * board's members are handed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ActionServices, BlockRegistry, DeskBoard, DeskPageInput } from '../../blocks/contract.ts';
import { blocksIn } from '../config/blocks-in.ts';
import { siteOf } from '../fleet.ts';
import { renderPage, type PageAssets } from '../render/page.tsx';
import { escapeHtml } from '../render/escape.ts';
import { siteZone } from '../render/site-zone.ts';
import type { Site, Target } from '../site.ts';
import type { Mailer } from '../services/mail.ts';
import type { Signer } from '../services/signing.ts';
import type { Store, TenantStore } from '../store/store.ts';
import { CachedBody, sendCached } from '../server/cached.ts';
import { domainOf, rewriteForDomain } from '../server/domains.ts';
import type { SignInLimits } from '../server/limits.ts';
import type { FleetHolder } from '../server/reload.ts';
import type { AfterReply } from '../server/after-reply.ts';
import type { StudioOptions } from '../studio/options.ts';
import { csrfMatches, record, sessionOf, type Session } from './auth.ts';
import { deskCookie, deskSessionId } from './cookie.ts';
import { deskFrame, type BoardLink, type DeskSection, signInForm } from './pages.ts';

export interface DeskOptions {
  holder: FleetHolder;
  store: Store;
  mailer: Mailer;
  signer: Signer;
  origin: string;
  uploadsDir: string;
  assetsFor: (site: Site) => PageAssets;
  notFound: () => CachedBody;
  limits: SignInLimits;
  /** Where a sign-in request's work for its address is done, once the visitor has been answered. */
  afterReply: AfterReply;
  /** The clock, in epoch milliseconds (tests move it). */
  now: () => number;
  /** The blocks, whose `deskBoards` are the desk's pages of records. */
  blocks: BlockRegistry;
  /** What the blocks' desk boards act through (the same services as their posts). */
  services: () => ActionServices;
  /** The studio, where owners edit and publish the site's document; without it the desk has none. */
  studio?: StudioOptions;
}

/** The desk boards of the blocks a site shows, each once: the desk's first page (the inbox) first, then in the order the site shows them. */
function boardsOf(site: Site, registry: BlockRegistry): DeskBoard[] {
  const boards = new Map<string, DeskBoard>();
  for (const { block } of blocksIn(site.data)) for (const board of registry[block.type as string]?.deskBoards ?? []) boards.set(board.slug, board);
  return [...boards.values()].sort((a, b) => Number(Boolean(b.home)) - Number(Boolean(a.home)));
}

const HTML = 'text/html; charset=utf-8';

export interface Signed {
  site: Site;
  tenant: TenantStore;
  session: Session;
}

export type DeskScope = ReturnType<typeof deskScope>;

export function deskScope(options: DeskOptions) {
  const { store, signer } = options;

  /** The site of a request: known and loaded, by its canonical (lowercase) prefix. */
  const siteFor = async (prefix: string) => (prefix === prefix.toLowerCase() ? siteOf(options.holder.current, prefix) : undefined);
  const onDomain = (request: FastifyRequest, site: Site) => domainOf(request.raw)?.prefix === site.prefix;
  const base = (site: Site) => `/${site.prefix}/desk`;

  function page(request: FastifyRequest, reply: FastifyReply, site: Site, title: string, body: string, status = 200) {
    const target = { page: { path: '/desk', title, noindex: true, blocks: [] }, pageIndex: -1, path: '/desk' } as unknown as Target;
    let html = renderPage(site, target, { origin: options.origin, assets: options.assetsFor(site), mainHtml: body }).html;
    if (onDomain(request, site)) html = rewriteForDomain(html, site.prefix, options.origin, domainOf(request.raw)?.domain ?? '');
    // Nothing of the desk may be kept by any cache, nor shown in another site's frame.
    return sendCached(request, reply, new CachedBody(Buffer.from(html), HTML), 'no-store', status);
  }

  const cookieFor = (request: FastifyRequest, site: Site, id?: string) =>
    deskCookie(site.prefix, onDomain(request, site) ? '/desk' : base(site), signer, request.protocol === 'https' || options.origin.startsWith('https://'), id);

  const signInPage = (request: FastifyRequest, reply: FastifyReply, site: Site, status = 200, problem?: string) =>
    page(request, reply, site, 'Sign in to the desk', signInForm(base(site), problem), status);

  /**
   * Runs a desk route for a signed-in owner of this site; anyone else gets the sign-in page (a
   * page) or a refusal (a post: without the session's CSRF token, 403). Unknown sites are 404.
   * A post whose body is read by the route itself (an upload) is `'own-token'`: refused here
   * without a session, its token checked by the route before it keeps anything.
   */
  const guarded =
    (work: (request: FastifyRequest, reply: FastifyReply, signed: Signed) => unknown, post: boolean | 'own-token' = false) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const site = await siteFor((request.params as { site: string }).site);
      if (!site) return sendCached(request, reply, options.notFound(), 'no-store', 404);
      const tenant = await store.tenant(site.prefix);
      const session = await sessionOf(tenant, site, deskSessionId(request.headers.cookie, site.prefix, signer), options.now());
      if (post && (!session || (post !== 'own-token' && !csrfMatches(session, (request.body as Record<string, unknown> | undefined)?._csrf))))
        return page(
          request,
          reply,
          site,
          'This cannot be done',
          `<p>This form has expired or did not come from the desk. Go back to <a href="${escapeHtml(base(site))}">the desk</a> and try again.</p>`,
          403,
        );
      if (!session) return signInPage(request, reply, site);
      return work(request, reply, { site, tenant, session });
    };

  const query = (request: FastifyRequest) => request.query as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const notFound = (request: FastifyRequest, reply: FastifyReply) => sendCached(request, reply, options.notFound(), 'no-store', 404);
  // A loaded site never changes (a reload makes a new one): its boards are found once.
  const found = new WeakMap<Site, DeskBoard[]>();
  const boards = (site: Site) => found.get(site) ?? found.set(site, boardsOf(site, options.blocks)).get(site) ?? [];

  /** A desk page in its frame, with the menu of this site's boards and the site's time zone named; `current` is marked in the menu. */
  const framed = (
    request: FastifyRequest,
    reply: FastifyReply,
    { site, session }: Signed,
    current: DeskSection | BoardLink | undefined,
    title: string,
    body: string,
    status = 200,
  ) => page(request, reply, site, title, deskFrame(base(site), session, current, body, boards(site), siteZone(site)), status);

  /** What a board's members are handed for a request: the signed site, store and session, the query's single values, the clock and the activity list. */
  const input = (request: FastifyRequest, { site, tenant, session }: Signed): DeskPageInput => {
    const now = options.now();
    const single = Object.entries(query(request) ?? {}).filter((kv): kv is [string, string] => typeof kv[1] === 'string');
    const body = request.method === 'POST' && request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const typed = Object.entries(body).filter((kv): kv is [string, string] => typeof kv[1] === 'string' && kv[0] !== '_csrf');
    return {
      site,
      tenant,
      session,
      services: options.services(),
      log: request.log,
      base: base(site),
      query: Object.fromEntries(single),
      form: Object.fromEntries(typed),
      now,
      note: (action, detail) => record(tenant, session, action, detail, now),
    };
  };

  return {
    options,
    siteFor,
    base,
    page,
    framed,
    cookieFor,
    signInPage,
    guarded,
    query,
    text,
    notFound,
    input,
    boards,
    boardOf: (site: Site, slug: string) => boards(site).find((b) => b.slug === slug),
  };
}
