/**
 * The studio, `/{site}/desk/studio`: an owner writes the site's document in the browser, sees the
 * server's own problems as they type, previews the draft, adds pictures and publishes. Its own
 * scope (bodies as large as a document may be, uploads), behind the desk's sign-in: owners, and
 * staff the document names as editors. Every route reads this site's store and folder alone.
 */
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildSiteSchema } from '../../schema/compose.ts';
import { maxSiteBytes } from '../config/budget.ts';
import type { Problem } from '../config/problem.ts';
import type { DeskScope, Signed } from '../desk/scope.ts';
import type { Site } from '../site.ts';
import { escapeHtml } from '../render/escape.ts';
import type { ReloadOutcome } from '../server/reload.ts';
import { mediaEntries } from './media-files.ts';
import { mediaRoutes } from './media-routes.ts';
import type { StudioOptions } from './options.ts';
import { studioPage } from './page.ts';
import { counts } from './problems.ts';
import { previewRoutes } from './preview.ts';
import { historyRoutes } from './history.ts';
import { publishRoutes } from './publish.ts';
import { studioCsp, nonce } from './csp.ts';
import { draftOf, noteFileVersion, saveDraft } from './versions.ts';
import { studioScope, type StudioScope } from './scope.ts';

export type { StudioOptions } from './options.ts';
export type { StudioScope } from './scope.ts';

/** The most a studio post may carry: a document at its largest, written out as JSON, and a margin. */
const bodyLimit = () => maxSiteBytes() * 4 + 64 * 1024;

export async function studioRoutes(app: FastifyInstance, { desk, options }: { desk: DeskScope; options: StudioOptions }) {
  app.removeContentTypeParser('application/x-www-form-urlencoded');
  await app.register(fastifyFormbody, { bodyLimit: bodyLimit() });
  await app.register(fastifyMultipart, { limits: { fileSize: options.maxUploadBytes ?? 10 * 1024 * 1024, files: 1, fields: 4, parts: 6 } });
  const studio = studioScope(desk, options);

  app.get(
    '/:site/desk/studio',
    studio.editor((request, reply, signed) => showStudio(studio, request, reply, signed)),
  );
  // A draft's body is taken as bytes, whatever its type, and read where it is checked: never decoded here.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: bodyLimit() }, (_request, body, done) => done(null, body));
    raw.post(
      '/:site/desk/studio/draft',
      { bodyLimit: bodyLimit() },
      studio.editor((request, reply, signed) => draftRoute(studio, request, reply, signed), 'own-token'),
    );
  });
  // The document's schema, for the editor's completion and hover help: the same the server checks with.
  const schemas = new WeakMap<object, string>();
  app.get(
    '/:site/desk/studio/schema.json',
    studio.editor((_request, reply, { site }) => {
      const text = schemas.get(site.blocks) ?? JSON.stringify(buildSiteSchema(site.blocks));
      schemas.set(site.blocks, text);
      return reply.header('cache-control', 'private, max-age=300').type('application/json; charset=utf-8').send(text);
    }),
  );
  // A change made to the file on the server (an edit, then SIGHUP or a save seen by --watch) is a version by "file".
  const noteFile = ({ prefix, status, result }: ReloadOutcome) => {
    if (status === 'unchanged' || status === 'removed' || !result.source || result.problems.some((p) => p.code === 'SW_SITE_TOO_LARGE')) return;
    void desk.options.store
      .tenant(prefix)
      .then((tenant) => noteFileVersion(tenant, result.source, desk.options.now()))
      .catch((error: Error) => app.log.error({ err: error.message, site: prefix }, 'a change to the file could not be kept as a version'));
  };
  options.reloads.on('reload', noteFile);
  app.addHook('onClose', async () => void options.reloads.off('reload', noteFile));
  publishRoutes(app, studio, bodyLimit());
  historyRoutes(app, studio);
  previewRoutes(app, studio);
  mediaRoutes(app, studio);
}

/** The pages of a site, for the preview's menu: each page with an address of its own. */
const pagesOf = (site: Site) =>
  site.targets.filter((t) => !t.item && t.pageIndex >= 0 && !t.path.includes('{')).map((t) => ({ path: t.path, title: t.page.title ?? t.path }));

async function showStudio(studio: StudioScope, request: FastifyRequest, reply: FastifyReply, signed: Signed) {
  const { site, tenant, session } = signed;
  const published = await studio.fileVersion(signed);
  const draft = await draftOf(tenant, session.email);
  const text = draft?.text ?? published.text;
  const checked = await studio.checks.run(site.prefix, session.email, text);
  const said = { published: 'Published', restored: 'Restored' }[String(studio.desk.query(request).done)];
  const version = Number(studio.desk.query(request).version);
  const page = nonce();
  reply.header('content-security-policy', studioCsp(page));
  return studio.desk.framed(
    request,
    reply,
    signed,
    'studio',
    'Edit the site',
    studioPage({
      base: studio.desk.base(site),
      csrf: session.csrf,
      nonce: page,
      text,
      version: draft?.base ?? published.number,
      problems: checked?.problems ?? [],
      pages: pagesOf(checked?.result.site ?? site),
      media: await mediaEntries(studio.sitesDir(), site.prefix),
      assets: studio.options.assets,
      said: said && Number.isSafeInteger(version) ? `${said} version ${version}: the site serves it now.` : undefined,
      publicUrl: `/${site.prefix}`,
    }),
  );
}

/**
 * Checks the owner's draft with the server's own loader and saves it: its problems for the editor, or
 * (a plain form) back to the studio. The post's bytes go to the loading thread as they came, where
 * they are decoded, the session's token compared and the text checked (see checkDraftPost).
 */
async function draftRoute(studio: StudioScope, request: FastifyRequest, reply: FastifyReply, signed: Signed) {
  const { site, tenant, session } = signed;
  const type = request.headers['content-type'] ?? '';
  if (!(request.body instanceof Uint8Array)) return studio.json(reply, 400, { error: MISSHAPEN });
  const checked = await studio.checks.run(site.prefix, session.email, { bytes: request.body, type, csrf: session.csrf });
  if (!checked) return studio.json(reply, 200, { saved: false, superseded: true });
  const { post, source } = checked.result;
  if (!post || 'refused' in post) {
    if (post?.refused !== 'token') return studio.json(reply, 400, { error: MISSHAPEN });
    if (studio.wantsJson(request)) return studio.json(reply, 403, { error: 'This draft did not come from the studio: open the studio again.' });
    return studio.desk.framed(request, reply, signed, 'studio', 'This cannot be done', `<p>${EXPIRED}</p>`, 403);
  }
  if (!post.keep) {
    const tooLarge = checked.result.problems[0] as Problem;
    if (studio.wantsJson(request)) return studio.json(reply, 200, { saved: false, ...counts(checked.problems), problems: checked.problems });
    const said = `<p role="alert">${escapeHtml(tooLarge.detail)} Fix: ${escapeHtml(tooLarge.fix ?? '')}</p>`;
    return studio.desk.framed(request, reply, signed, 'studio', 'Too large to keep', said, 413);
  }
  await saveDraft(tenant, session.email, { text: source, base: post.base, at: new Date(studio.desk.options.now()).toISOString() });
  if (!studio.wantsJson(request)) return reply.header('cache-control', 'no-store').redirect(`${studio.desk.base(site)}/studio`, 303);
  return studio.json(reply, 200, { saved: true, ...counts(checked.problems), problems: checked.problems });
}

const MISSHAPEN = 'The draft must have its text and the version it was started from (base).';
const EXPIRED = 'This form has expired or did not come from the studio. Open the studio again and send it from there.';
