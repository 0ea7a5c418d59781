/**
 * The preview, `/{site}/desk/studio/preview/…`: any page of the owner's draft (or, with
 * `?version=N`, of a published version) drawn by the same runtime that serves the site, for the
 * signed-in editor alone: never kept by a cache, never indexed, framed only by the studio, and
 * unable to send a form or fetch anything. Each of the page's own blocks is marked with its lines
 * in the draft (`<!--sw-block I FROM TO-->`), so a click on a block finds its lines in the editor.
 * Links stay inside the preview; the draft's sized pictures are made and served here too.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { join } from 'node:path';
import { basename, dirname } from 'node:path';
import type { BlockLines } from '../config/block-lines.ts';
import type { Signed } from '../desk/scope.ts';
import { MIME, offers, parseVariantName } from '../images/variants.ts';
import { renderNotFound, renderPage } from '../render/page.tsx';
import type { Site } from '../site.ts';
import { withFrames } from '../server/security-headers.ts';
import { PREVIEW_CSP } from './csp.ts';
import { problemsHtml } from './problems.ts';
import type { StudioScope } from './scope.ts';
import { draftOf, newestVersion, versionAt } from './versions.ts';

/** Each block's start mark with its lines, from the draft's block lines of the page. */
export function markLines(html: string, lines: readonly (readonly [number, number])[] | undefined): string {
  if (!lines) return html;
  return html.replace(/<!--sw-block (\d+)-->/g, (mark, index: string) => {
    const found = lines[Number(index)];
    return found ? `<!--sw-block ${index} ${found[0]} ${found[1]}-->` : mark;
  });
}

/** The site's own addresses in the page, made to stay in the preview (its media and sized pictures stay as they are, or come from here). */
export function keepInPreview(html: string, prefix: string, base: string, version: number | undefined): string {
  const keep = version === undefined ? '' : `?version=${version}`;
  return html
    .replace(new RegExp(`(href|action)="/${prefix}(/(?!media/|desk/)[^"?#]*)?([?#][^"]*)?"`, 'g'), (_all, attribute: string, path = '/', rest = '') => {
      const page = (path as string).replace(/^\//, '');
      return `${attribute}="${base}/studio/preview/${page}${rest || keep}"`;
    })
    .replaceAll(`/${prefix}/media/_v/`, `${base}/studio/sized/`);
}

const NOTE = (version?: number) =>
  `<p class="studio-preview-note" role="note">${version === undefined ? 'Preview of your draft: not published yet.' : `Preview of version ${version}.`} Forms are switched off here.</p>`;

export function previewRoutes(app: FastifyInstance, studio: StudioScope) {
  const { desk } = studio;

  /** The text to preview and whose check it is: a published version, or the owner's draft (the newest version before they have one). */
  async function textOf(request: FastifyRequest, { tenant, session }: Signed): Promise<{ text: string; who: string; version?: number } | undefined> {
    const asked = desk.query(request).version;
    if (asked !== undefined) {
      const version = await versionAt(tenant, Number(asked));
      return version && { text: version.text, who: `version:${version.number}`, version: version.number };
    }
    const draft = await draftOf(tenant, session.email);
    const text = draft?.text ?? (await newestVersion(tenant))?.text;
    return text === undefined ? undefined : { text, who: session.email };
  }

  // A previewed page that may frame another origin (a map, once asked for) may here too, as it would when served.
  const send = (reply: FastifyReply, html: string, status: number, frames: readonly string[] = []) =>
    reply
      .code(status)
      .header('content-security-policy', withFrames({ 'content-security-policy': PREVIEW_CSP }, frames)['content-security-policy'] ?? PREVIEW_CSP)
      .header('x-frame-options', 'SAMEORIGIN')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);

  const preview = studio.editor(async (request, reply, signed) => {
    const { site } = signed;
    const wanted = await textOf(request, signed);
    if (!wanted) return desk.framed(request, reply, signed, 'studio', 'Nothing to preview', '<p>There is no such version.</p>', 404);
    const checked = (await studio.checks.run(site.prefix, wanted.who, wanted.text)) ?? studio.checks.good(site.prefix, wanted.who);
    const shown = checked?.result.site ? checked : studio.checks.good(site.prefix, wanted.who);
    const draft = shown?.result.site;
    if (!shown || !draft) {
      const body = `<p>This text has errors, so there is nothing to preview yet: fix them in the editor.</p>${problemsHtml(checked?.problems ?? [])}`;
      return send(reply, body, 200);
    }
    const path = `/${(request.params as { '*'?: string })['*'] ?? ''}`;
    const html = renderDraft(draft, path, shown.result.blockLines, desk.options.assetsFor(site), desk.options.origin, desk.options.now());
    const body = keepInPreview(html.html, site.prefix, desk.base(site), wanted.version).replace(/<main([^>]*)>/, (open) => `${open}${NOTE(wanted.version)}`);
    return send(reply, body, html.status, html.frames);
  });
  app.get('/:site/desk/studio/preview', preview);
  app.get('/:site/desk/studio/preview/*', preview);

  // A sized copy of a picture the owner's draft (or the site) shows: made like the site's own.
  app.get(
    '/:site/desk/studio/sized/:name',
    studio.editor(async (request, reply, { site, session }) => {
      const wanted = parseVariantName((request.params as { name: string }).name);
      const sites = [studio.checks.good(site.prefix, session.email)?.result.site, site].filter((s): s is Site => s !== undefined);
      const found = wanted && sites.flatMap((s) => [...s.images]).find(([, facts]) => facts.hash === wanted.hash);
      if (!wanted || !found || !offers(found[1], wanted.width, wanted.format)) return reply.code(404).header('cache-control', 'no-store').send();
      const file = await studio.options.images.get(
        { folder: join(studio.sitesDir(), site.prefix, 'media'), name: found[0] },
        found[1],
        wanted.width,
        wanted.format,
      );
      reply.header('content-type', MIME[wanted.format]).header('cache-control', 'private, max-age=3600');
      return reply.sendFile(basename(file), dirname(file));
    }),
  );
}

function renderDraft(
  site: Site,
  path: string,
  lines: BlockLines | undefined,
  assets: ReturnType<StudioScope['desk']['options']['assetsFor']>,
  origin: string,
  now: number,
) {
  const match = site.router.match(path);
  const options = { origin, assets, markBlocks: true, now };
  if (match.kind !== 'match') return renderNotFound(site, path, options);
  const page = renderPage(site, match.target, options);
  return { ...page, html: markLines(page.html, lines?.[match.target.pageIndex]) };
}
