/**
 * The history of the site's document: every published version (who, when in the site's time zone,
 * why), any two compared side by side, any one previewed or restored. `…/studio/versions/N` is a
 * version's text, for the editor's comparison view.
 */
import { diffLines } from 'diff';
import type { FastifyInstance } from 'fastify';
import { e } from '../desk/ui.ts';
import { escapeHtml } from '../render/escape.ts';
import { momentText, siteZone } from '../render/site-zone.ts';
import type { Site } from '../site.ts';
import { nonce, studioCsp } from './csp.ts';
import type { StudioScope } from './scope.ts';
import { allVersions, draftOf, versionAt, type Version } from './versions.ts';

const SOURCE = { studio: 'published', restore: 'restored', file: 'changed on the server' } as const;

function versionItem(base: string, csrf: string, site: Site, v: Version, newest: number): string {
  const who = v.source === 'file' ? 'the file on the server' : `${e(v.name)} <span class="muted">(${e(v.email)})</span>`;
  const restore =
    v.number === newest
      ? '<span class="muted">what the site serves</span>'
      : `<form method="post" action="${e(base)}/studio/restore" class="inline"><input type="hidden" name="_csrf" value="${e(csrf)}"><input type="hidden" name="version" value="${v.number}"><button type="submit">Restore version ${v.number}</button></form>`;
  return `<li><strong>Version ${v.number}</strong>, ${SOURCE[v.source]} by ${who} on <time datetime="${e(v.at)}">${escapeHtml(momentText(site, v.at))}</time>${v.message ? `: ${e(v.message)}` : ''}
<br><a href="${e(base)}/studio/preview/?version=${v.number}">Preview</a>${v.number > 1 ? ` · <a href="${e(base)}/studio/compare?a=${v.number - 1}&amp;b=${v.number}">Compare with version ${v.number - 1}</a>` : ''} · ${restore}</li>`;
}

/** The lines of two texts, as removed, added and the same: what the page shows without the editor's comparison view. */
function diffHtml(a: string, b: string): string {
  const parts = diffLines(a, b).map((part) => {
    const tag = part.added ? 'ins' : part.removed ? 'del' : 'span';
    const mark = part.added ? '+ ' : part.removed ? '- ' : '  ';
    const lines = part.value.replace(/\n$/, '').split('\n');
    // Long runs of unchanged lines are cut to their ends.
    const shown = !part.added && !part.removed && lines.length > 8 ? [...lines.slice(0, 3), '…', ...lines.slice(-3)] : lines;
    return `<${tag}>${escapeHtml(shown.map((l) => mark + l).join('\n'))}\n</${tag}>`;
  });
  return `<pre class="studio-diff">${parts.join('')}</pre>`;
}

export function historyRoutes(app: FastifyInstance, studio: StudioScope) {
  const { desk } = studio;

  app.get(
    '/:site/desk/studio/history',
    studio.editor(async (request, reply, signed) => {
      const { site, session, tenant } = signed;
      await studio.fileVersion(signed);
      const versions = await allVersions(tenant);
      const base = desk.base(site);
      const options = versions.map((v) => `<option value="${v.number}">Version ${v.number}</option>`).join('');
      const body = `<p>Every version of the site's document that was published, newest first; times in ${escapeHtml(siteZone(site))}. <a href="${e(base)}/studio">Back to the editor</a></p>
<form method="get" action="${e(base)}/studio/compare" class="studio-compare-form"><div class="field"><label for="compare-a">Compare</label><select id="compare-a" name="a">${options}</select></div>
<div class="field"><label for="compare-b">with</label><select id="compare-b" name="b">${options}</select></div><button type="submit">Compare</button></form>
<ol class="desk-list studio-history" reversed>${versions.map((v) => versionItem(base, session.csrf, site, v, versions[0]?.number ?? 0)).join('')}</ol>`;
      return desk.framed(request, reply, signed, 'studio', 'Published versions', body);
    }),
  );

  app.get(
    '/:site/desk/studio/compare',
    studio.editor(async (request, reply, signed) => {
      const { site, tenant, session } = signed;
      const query = desk.query(request);
      const a = await versionAt(tenant, Number(query.a));
      const draft = query.draft === '1' ? await draftOf(tenant, session.email) : undefined;
      const b = draft ? undefined : await versionAt(tenant, Number(query.b));
      if (!a || (!b && !draft)) return desk.framed(request, reply, signed, 'studio', 'Not found', '<p>There is no such version.</p>', 404);
      const base = desk.base(site);
      const right = b
        ? { label: `Version ${b.number}`, url: `${base}/studio/versions/${b.number}`, text: b.text }
        : { label: 'Your draft', url: `${base}/studio/draft-text`, text: draft?.text ?? '' };
      const page = nonce();
      reply.header('content-security-policy', studioCsp(page));
      const assets = studio.options.assets;
      const body = `${assets?.style ? `<link rel="stylesheet" href="${e(assets.style)}">` : ''}<p><a href="${e(base)}/studio/history">Back to the history</a></p>
<div id="studio-compare" class="studio-compare" data-nonce="${e(page)}" data-a-url="${e(`${base}/studio/versions/${a.number}`)}" data-b-url="${e(right.url)}" data-a-label="Version ${a.number}" data-b-label="${e(right.label)}">
<p>Lines only in version ${a.number} are marked −, lines only in ${escapeHtml(right.label.toLowerCase())} +.</p>${diffHtml(a.text, right.text)}</div>${assets ? `<script type="module" src="${e(assets.script)}" nonce="${e(page)}"></script>` : ''}`;
      return desk.framed(request, reply, signed, 'studio', `Version ${a.number} and ${right.label.toLowerCase()}`, body);
    }),
  );

  const text = (reply: import('fastify').FastifyReply, value: string) =>
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(value);
  app.get(
    '/:site/desk/studio/versions/:number',
    studio.editor(async (request, reply, { tenant }) => {
      const version = await versionAt(tenant, Number((request.params as { number: string }).number));
      return version ? text(reply, version.text) : studio.json(reply, 404, { error: 'There is no such version.' });
    }),
  );
  app.get(
    '/:site/desk/studio/draft-text',
    studio.editor(async (_request, reply, { tenant, session }) => text(reply, (await draftOf(tenant, session.email))?.text ?? '')),
  );
}
