/**
 * POST to any page of a site: the block on that page whose server half accepts the body handles
 * it. The runtime reads the body (a form, or multipart with files), finds the block, hands it the
 * body schema compiled when the site loaded, and turns its answer into a redirect, JSON or the
 * page again with the visitor's answers. It knows no block by name.
 */
import { siteOf } from '../fleet.ts';
import { domainRedirect, redirectStatus } from './domains.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ActionResult, Upload } from '../../blocks/types.ts';
import { BLOCKS } from '../../blocks/registry.ts';
import { outline, propsOf } from '../render/outline.ts';
import type { ActionServices } from '../services/action-services.ts';
import { readCookies, setCookie } from './cookies.ts';
import type { FleetHolder } from './reload.ts';
import type { PageCache } from './site-pages.ts';
import { declaredBytes, type PostLimits } from './limits.ts';
import { sendBusy } from './busy.ts';

/** The largest upload any block can take; each block's own limits are checked after. */
export const UPLOAD_LIMITS = { fileSize: 20 * 1024 * 1024, files: 10, fields: 200, fieldSize: 64 * 1024 };

type Body = Record<string, unknown>;

async function readBody(request: FastifyRequest): Promise<{ body: Body; uploads: Upload[] }> {
  if (!request.isMultipart()) return { body: (request.body as Body | undefined) ?? {}, uploads: [] };
  const body: Body = {};
  const uploads: Upload[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (data.length) uploads.push({ field: part.fieldname, filename: part.filename, data });
    } else {
      const value = part.value as string;
      const before: unknown = body[part.fieldname];
      body[part.fieldname] = before === undefined ? value : Array.isArray(before) ? [...(before as unknown[]), value] : [before, value];
    }
  }
  return { body, uploads };
}

const wantsJson = (request: FastifyRequest) => /application\/json/.test(request.headers.accept ?? '');

/** A reply the error handler turns into the site's own page (or JSON): too many posts, or a body that cannot be read. */
const refusal = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

export function registerActions(
  app: FastifyInstance,
  deps: { holder: FleetHolder; pages: PageCache; services: ActionServices; limits: PostLimits; secureCookies: boolean },
) {
  const { holder, pages, services, limits, secureCookies } = deps;

  const handle = async (request: FastifyRequest, reply: FastifyReply, prefix: string, rest: string) => {
    const site = await siteOf(holder.current, prefix);
    if (!site)
      return reply
        .code(holder.current.broken.has(prefix) ? 503 : 404)
        .type('text/plain; charset=utf-8')
        .send('There is no form at this address.');
    // A post to the platform address of a site with a domain of its own is sent there, body and all.
    const mark = request.url.indexOf('?');
    const elsewhere = site.data.domains && domainRedirect(request.raw, site.data.domains, site.prefix, rest, mark < 0 ? '' : request.url.slice(mark + 1));
    if (elsewhere) return reply.redirect(elsewhere, redirectStatus(request.raw));
    const match = site.router.match(rest ? `/${rest}` : '/');
    const onPage = match.kind === 'match' ? outline(match.target, BLOCKS).placed.filter(({ definition }) => definition.action) : [];
    // Only posts to a page that takes them count, and they count (with the bytes they say they carry) before their body is read.
    const verdict = onPage.length ? await limits.post(site.prefix, request.ip, declaredBytes(request.headers)) : undefined;
    if (verdict?.kind === 'wait') {
      reply.header('retry-after', String(verdict.seconds));
      throw refusal(429, 'too many posts');
    }
    let read: Awaited<ReturnType<typeof readBody>>;
    try {
      read = await readBody(request);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 413) throw error;
      request.log.warn({ site: site.prefix, err: (error as Error).message }, 'a post whose body cannot be read');
      throw refusal(400, 'unreadable body');
    }
    const { body, uploads } = read;
    const placed = onPage.find(({ definition, block }) => definition.action?.accepts(propsOf(block), body));
    const validate = placed && site.actions.get(placed.block);
    if (match.kind !== 'match' || !placed?.definition.action || !validate) {
      return wantsJson(request)
        ? reply.code(404).send({ ok: false, problem: 'There is no such form on this page.' })
        : reply.code(404).type('text/plain; charset=utf-8').send('There is no such form on this page.');
    }
    const { action } = placed.definition;
    const props = propsOf(placed.block);
    // A flooded site still takes a post from a form shown before the flood began (see flood.ts).
    if (verdict?.kind === 'flooded') {
      const stamp = typeof body._t === 'string' ? body._t : '';
      if (!(await limits.letThrough(site.prefix, request.ip, stamp, services.signer.shownAt(stamp), verdict.since)))
        return sendBusy(request, reply, {
          pages,
          site,
          target: match.target,
          key: action.key(props),
          body,
          seconds: verdict.seconds,
          json: wantsJson(request),
        });
    }
    const cookies = readCookies(request.headers.cookie, site.prefix, services.signer);
    const result: ActionResult = await action.handle({ site, target: match.target, props, body, uploads, cookies, validate, services, log: request.log });
    if (result.cookies?.length)
      reply.header(
        'set-cookie',
        result.cookies.map((c) => setCookie(c, site.prefix, services.signer, secureCookies)),
      );
    if (result.kind === 'done') return wantsJson(request) ? reply.send({ ok: true, ...result.json }) : reply.redirect(result.redirect, 303);
    if (wantsJson(request)) return reply.code(result.status).send({ ok: false, ...result.state });
    const reload = action.reloadQuery?.(props, result.state);
    const loaded = reload ? await pages.load(site, match.target, reload, request.headers.cookie) : undefined;
    return pages.sendFresh(request, reply, site, match.target, {
      status: result.status,
      posted: { key: action.key(props), state: result.state },
      ...(loaded ? { loaded, query: reload } : {}),
    });
  };

  app.post<{ Params: { site: string } }>('/:site', (request, reply) => handle(request, reply, request.params.site, ''));
  app.post<{ Params: { site: string; '*': string } }>('/:site/*', (request, reply) => handle(request, reply, request.params.site, request.params['*']));
}
