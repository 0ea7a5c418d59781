/**
 * POST to any page of a site: the block on that page whose server half accepts the body handles
 * it. From the address alone, before the body is read, the runtime finds the site, the page and the
 * blocks that take posts there, counts the post against the limits and works out how many bytes it
 * may carry (files only where a block declares file questions); a body over that is refused unread.
 * It then reads the body (a form, or multipart with files streamed to disk), finds the block, hands
 * it the body schema compiled when the site loaded, and turns its answer into a redirect, JSON or
 * the page again with the visitor's answers. It knows no block by name.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ActionResult, Upload } from '../../blocks/contract.ts';
import type { Site } from '../site.ts';
import { closeAfterAnswer, leaveUnread } from './close-after-answer.ts';
import { SITE_ROUTE } from './site-request.ts';
import { discard, incomingDir, readMultipart, TooLarge, type Body } from './multipart-body.ts';
import { postBudget, TEXT_BYTES, type PostBudget } from './post-budget.ts';
import { outline, propsOf, type PlacedBlock } from '../render/outline.ts';
import type { ActionServices } from '../../blocks/contract.ts';
import { readCookies, setCookie } from './cookies.ts';
import type { FleetHolder } from './reload.ts';
import type { PageCache } from './site-pages.ts';
import { declaredBytes, type PostLimits } from './limits.ts';
import { sendBusy } from './busy.ts';
import { MESSAGES } from './messages.ts';

/** What a post is for, found from its address alone before a byte of its body is read. */
interface Addressed {
  site: Site | undefined;
  match: ReturnType<Site['router']['match']> | undefined;
  /** The page's blocks that take posts. */
  onPage: readonly PlacedBlock[];
  budget: PostBudget;
  /** The site is flooded with posts: only a form shown before the flood began gets through (see flood.ts). */
  flooded?: { since: number; seconds: number };
}

/** Room for the multipart framing (boundaries, part headers) around the answers and files, in a Content-Length. */
const FRAMING_BYTES = 32 * 1024;

/** The body of this post is left unread, or not read to its end: thrown away after the answer, then the connection closed. */
const unread = (request: FastifyRequest, reply: FastifyReply) => closeAfterAnswer(request.raw, reply.raw);

const isMultipart = (request: FastifyRequest) => /^multipart\//i.test(request.headers['content-type'] ?? '');

const wantsJson = (request: FastifyRequest) => /application\/json/.test(request.headers.accept ?? '');

/** A reply the error handler turns into the site's own page (or JSON): too many posts, or a body that cannot be read. */
const refusal = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

export interface ActionOptions {
  holder: FleetHolder;
  pages: PageCache;
  services: ActionServices;
  limits: PostLimits;
  secureCookies: boolean;
}

/** A post's body as read: the answers, and the files streamed to disk. */
interface Read {
  body: Body;
  uploads: Upload[];
}

/** The posts to a site's pages, from their address to their answer. */
class Posts {
  private readonly incoming: string;
  private readonly addressed = new WeakMap<FastifyRequest, Addressed>();

  constructor(private readonly options: ActionOptions) {
    this.incoming = incomingDir(options.services.uploadsDir);
  }

  /** The page and blocks of a post to the site the site hook found, its count against the limits, and its budget: all before the body. */
  async address(request: FastifyRequest, reply: FastifyReply, prefix: string, rest: string): Promise<void> {
    const site = request.site;
    const match = site?.router.match(rest ? `/${rest}` : '/');
    const onPage = site && match?.kind === 'match' ? outline(site, match.target).posts : [];
    const budget = postBudget(
      onPage.map(({ definition, block }) => ({
        accepts: (body: Body) => definition.action?.accepts(propsOf(block), body) ?? false,
        files: definition.action?.uploads?.(propsOf(block)) ?? [],
      })),
    );
    const post: Addressed = { site, match, onPage, budget };
    this.addressed.set(request, post);
    if (!onPage.length) return;
    const multipart = isMultipart(request);
    const length = Number(request.headers['content-length']);
    // A refused body is not read (see leaveUnread).
    const refuse = (status: number, message: string) => {
      leaveUnread(request, reply);
      return refusal(status, message);
    };
    // Too large for this page: refused before it counts against any limit, as nothing of it is read.
    if (multipart && !budget.multipart) throw refuse(413, 'files sent to a page whose forms take none');
    if (length > (multipart ? budget.bytes + FRAMING_BYTES : TEXT_BYTES)) throw refuse(413, 'a post longer than its page takes');
    // Only posts to a page that takes them count, and they count (with the bytes they say they carry) before their body is read.
    const verdict = await this.options.limits.post(prefix, request.ip, declaredBytes(request.headers, multipart ? budget.bytes + FRAMING_BYTES : TEXT_BYTES));
    if (verdict?.kind === 'wait') {
      reply.header('retry-after', String(verdict.seconds));
      throw refuse(429, 'too many posts');
    }
    if (verdict?.kind === 'flooded') post.flooded = { since: verdict.since, seconds: verdict.seconds };
  }

  /** The answer to a post: no form at this address, the block's answer, or a refusal of its body. */
  async handle(request: FastifyRequest, reply: FastifyReply, prefix: string) {
    const post = this.addressed.get(request);
    const site = post?.site;
    if (!post || !site) {
      if (isMultipart(request)) unread(request, reply);
      return reply
        .code(this.options.holder.current.broken.has(prefix) ? 503 : 404)
        .type('text/plain; charset=utf-8')
        .send(MESSAGES.posts.noFormHere);
    }
    if (!post.onPage.length) {
      if (isMultipart(request)) unread(request, reply);
      return noSuchForm(request, reply);
    }
    let read: Read;
    try {
      read = request.isMultipart() ? await readMultipart(request, post.budget, this.incoming) : { body: (request.body as Body | undefined) ?? {}, uploads: [] };
    } catch (error) {
      if (error instanceof TooLarge) return this.fileTooLarge(request, reply, post, error);
      unread(request, reply);
      if ((error as { statusCode?: number }).statusCode === 413) throw error;
      request.log.warn({ site: site.prefix, err: (error as Error).message }, 'a post whose body cannot be read');
      throw refusal(400, 'unreadable body');
    }
    try {
      return await this.take(request, reply, site, post, read);
    } finally {
      // Files the block kept were moved away; any still here were refused with their post.
      await discard(read.uploads);
    }
  }

  /** The page again with a message beside the file question that was too large (or JSON with it). */
  private async fileTooLarge(request: FastifyRequest, reply: FastifyReply, post: Addressed, error: TooLarge) {
    const { site, match, onPage } = post;
    const field = error.field;
    const mine = onPage.filter(({ definition, block }) => definition.action?.accepts(propsOf(block), error.body));
    const placed = (mine.length ? mine : onPage).find(({ definition, block }) =>
      definition.action?.uploads?.(propsOf(block)).some((f) => f.field === field?.name),
    );
    if (!field || !site || match?.kind !== 'match' || !placed?.definition.action) throw error;
    unread(request, reply);
    const values = Object.fromEntries(Object.entries(error.body).filter(([name]) => !name.startsWith('_')));
    const state = { values, errors: { [field.name]: field.message } };
    if (wantsJson(request)) return reply.code(413).send({ ok: false, ...state });
    const key = placed.definition.action.key(propsOf(placed.block));
    return this.options.pages.sendFresh(request, reply, site, match.target, { status: 413, posted: { key, state } });
  }

  /** The block the body is for handles it (unless the site is flooded and the form is new), and its answer is sent. */
  private async take(request: FastifyRequest, reply: FastifyReply, site: Site, post: Addressed, { body, uploads }: Read) {
    const { pages, services, limits, secureCookies } = this.options;
    const { match } = post;
    const placed = post.onPage.find(({ definition, block }) => definition.action?.accepts(propsOf(block), body));
    const validate = placed && site.actions.get(placed.block);
    if (match?.kind !== 'match' || !placed?.definition.action || !validate) return noSuchForm(request, reply);
    const { action } = placed.definition;
    const props = propsOf(placed.block);
    const json = wantsJson(request);
    // A flooded site still takes a post from a form shown before the flood began (see flood.ts).
    if (post.flooded) {
      const stamp = typeof body._t === 'string' ? body._t : '';
      if (!(await limits.letThrough(site.prefix, request.ip, stamp, services.signer.shownAt(stamp), post.flooded.since)))
        return sendBusy(request, reply, { pages, site, target: match.target, key: action.key(props), body, seconds: post.flooded.seconds, json });
    }
    const cookies = readCookies(request.headers.cookie, site.prefix, services.signer);
    const result: ActionResult = await action.handle({ site, target: match.target, props, body, uploads, cookies, validate, services, log: request.log });
    if (result.cookies?.length)
      reply.header(
        'set-cookie',
        result.cookies.map((c) => setCookie(c, site.prefix, services.signer, secureCookies)),
      );
    if (result.kind === 'done') return json ? reply.send({ ok: true, ...result.json }) : reply.redirect(result.redirect, 303);
    if (json) return reply.code(result.status).send({ ok: false, ...result.state });
    const reload = action.reloadQuery?.(props, result.state);
    const loaded = reload ? await pages.load(site, match.target, reload, request.headers.cookie) : undefined;
    // A form sent too quickly comes back with the stamp of when it was first shown: the time the visitor has spent on it counts, so sending again a moment later goes through.
    const stamp = typeof body._t === 'string' && services.signer.checkTimeToken(body._t) === 'too-fast' ? body._t : undefined;
    return pages.sendFresh(request, reply, site, match.target, {
      status: result.status,
      posted: { key: action.key(props), state: result.state },
      ...(loaded ? { loaded, query: reload } : {}),
      ...(stamp ? { token: stamp } : {}),
    });
  }
}

/** A post to a page without a form that takes it: 404, as JSON when asked for. */
const noSuchForm = (request: FastifyRequest, reply: FastifyReply) =>
  wantsJson(request)
    ? reply.code(404).send({ ok: false, problem: MESSAGES.posts.noSuchForm })
    : reply.code(404).type('text/plain; charset=utf-8').send(MESSAGES.posts.noSuchForm);

/** POST to any address of a site: its site found by the site hook, its page and budget before the body, then its block. */
export function registerActions(app: FastifyInstance, options: ActionOptions) {
  const posts = new Posts(options);
  type Params = { site: string; '*'?: string };
  // Url-encoded and JSON bodies are read by Fastify within this; multipart bodies by readMultipart within the page's budget.
  const route = {
    ...SITE_ROUTE,
    bodyLimit: TEXT_BYTES,
    preParsing: async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) =>
      posts.address(request, reply, request.params.site, request.params['*'] ?? ''),
  };
  app.post<{ Params: Params }>('/:site', route, (request, reply) => posts.handle(request, reply, request.params.site));
  app.post<{ Params: Params }>('/:site/*', route, (request, reply) => posts.handle(request, reply, request.params.site));
}
