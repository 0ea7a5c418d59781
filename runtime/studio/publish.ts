/**
 * Publishing, `POST /{site}/desk/studio/publish`, and restoring, `POST …/studio/restore`: only a
 * text with no errors publishes; it is kept as the next version in the store (refused, with what
 * was published meanwhile, when someone published after the version the draft started from), then
 * written to the site's file whole (a new file renamed over the old) and served at once — by every
 * instance, through the shared reloads. Kept on the Activity page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { record } from '../desk/auth.ts';
import { escapeHtml } from '../render/escape.ts';
import { e } from '../desk/ui.ts';
import type { Signed } from '../desk/scope.ts';
import { counts, problemsHtml } from './problems.ts';
import type { StudioScope } from './scope.ts';
import { dropDraft, newestVersion, publishVersion, saveDraft, versionAt, type Version, type VersionSource } from './versions.ts';

/** The text as the file holds it: newlines only, ending in one. */
const normal = (text: string) => text.replace(/\r\n?/g, '\n').replace(/\n*$/, '\n');

/** Writes the file whole: a reader sees the old text or the new, never half of one. */
export async function writeSiteFile(sitesDir: string, prefix: string, text: string): Promise<void> {
  const path = join(sitesDir, prefix, 'site.yaml');
  const scratch = join(sitesDir, prefix, `.site.yaml.${randomBytes(6).toString('hex')}`);
  await writeFile(scratch, text, { flag: 'wx' });
  await rename(scratch, path);
}

type Outcome = { version: Version } | { status: 422; problems: ReturnType<typeof counts> & { list: unknown[] } } | { status: 409; stale: Version };

async function publish(studio: StudioScope, signed: Signed, text: string, base: number, source: VersionSource, message: string): Promise<Outcome> {
  const { site, tenant, session } = signed;
  const checked = await studio.checks.run(site.prefix, `publish:${session.email}`, text);
  const problems = checked?.problems ?? [];
  if (!checked || counts(problems).errors) return { status: 422, problems: { ...counts(problems), list: problems } };
  // The file may have been changed on the server since the studio last looked: that is a version too.
  await studio.fileVersion(signed);
  const now = studio.desk.options.now();
  const done = await publishVersion(tenant, { base, text, email: session.email, name: session.name, source, message, now });
  if ('stale' in done) return { status: 409, stale: done.stale };
  await writeSiteFile(studio.sitesDir(), site.prefix, text);
  await studio.options.reloads.reloadSite(site.prefix);
  const what =
    source === 'restore'
      ? `restored the site's document (${message})`
      : `published version ${done.published.number} of the site's document${message ? `: ${message}` : ''}`;
  await record(tenant, session, source === 'restore' ? 'restore' : 'publish', what, now);
  return { version: done.published };
}

export function publishRoutes(app: FastifyInstance, studio: StudioScope, bodyLimit: number) {
  const { desk } = studio;
  const back = (reply: FastifyReply, signed: Signed, done: string, version: number) =>
    reply.header('cache-control', 'no-store').redirect(`${desk.base(signed.site)}/studio?done=${done}&version=${version}`, 303);

  const answer = async (request: FastifyRequest, reply: FastifyReply, signed: Signed, outcome: Outcome, text: string, base: number) => {
    const json = studio.wantsJson(request);
    if ('version' in outcome) {
      await dropDraft(signed.tenant, signed.session.email);
      return json
        ? studio.json(reply, 200, { version: outcome.version.number, url: `/${signed.site.prefix}` })
        : back(reply, signed, outcome.version.source === 'restore' ? 'restored' : 'published', outcome.version.number);
    }
    if (outcome.status === 422) {
      const error = `The draft has ${outcome.problems.errors} error${outcome.problems.errors === 1 ? '' : 's'}: fix them to publish.`;
      if (json) return studio.json(reply, 422, { error, problems: outcome.problems.list });
      await saveDraft(signed.tenant, signed.session.email, { text, base, at: new Date(desk.options.now()).toISOString() });
      return reply.header('cache-control', 'no-store').redirect(`${desk.base(signed.site)}/studio`, 303);
    }
    const { stale } = outcome;
    const error = `${stale.name === 'file' ? 'The file on the server' : stale.name} published version ${stale.number} after you started from version ${base}: compare, merge and publish again.`;
    if (json) return studio.json(reply, 409, { error, current: stale.number, text: stale.text, author: stale.name, at: stale.at });
    await saveDraft(signed.tenant, signed.session.email, { text, base, at: new Date(desk.options.now()).toISOString() });
    return desk.framed(
      request,
      reply,
      signed,
      'studio',
      'Published meanwhile',
      conflictHtml(desk.base(signed.site), signed.session.csrf, error, stale, text),
      409,
    );
  };

  app.post(
    '/:site/desk/studio/publish',
    { bodyLimit },
    studio.editor(async (request, reply, signed) => {
      const body = request.body as Record<string, unknown>;
      const base = Number(body.base);
      if (typeof body.text !== 'string' || !Number.isSafeInteger(base) || base < 0)
        return studio.json(reply, 400, { error: 'Publishing needs the text and the version it was started from (base).' });
      const message = typeof body.message === 'string' ? body.message.trim().slice(0, 200) : '';
      const text = normal(body.text);
      return answer(request, reply, signed, await publish(studio, signed, text, base, 'studio', message), text, base);
    }, true),
  );

  app.post(
    '/:site/desk/studio/restore',
    studio.editor(async (request, reply, signed) => {
      const number = Number((request.body as Record<string, unknown>).version);
      const version = await versionAt(signed.tenant, number);
      if (!version) return studio.json(reply, 404, { error: `There is no version ${String(number)}.` });
      const newest = (await newestVersion(signed.tenant))?.number ?? 0;
      const outcome = await publish(studio, signed, version.text, newest, 'restore', `Restored version ${version.number}`);
      if ('status' in outcome && outcome.status === 422 && !studio.wantsJson(request)) {
        const body = `<p role="alert">Version ${version.number} cannot be restored as it is: the site's blocks and checks have changed since, and it has errors now.</p>${problemsHtml(outcome.problems.list as never)}<p><a href="${e(desk.base(signed.site))}/studio/history">Back to the history</a></p>`;
        return desk.framed(request, reply, signed, 'studio', 'Cannot restore', body, 422);
      }
      return answer(request, reply, signed, outcome, version.text, newest);
    }, true),
  );
}

/** Without the editor: what was published meanwhile, and a way to publish the draft on top of it once compared. */
function conflictHtml(base: string, csrf: string, error: string, stale: { number: number; text: string }, mine: string): string {
  return `<p role="alert">${escapeHtml(error)}</p>
<p><a href="${e(base)}/studio/compare?a=${stale.number}&amp;draft=1">Compare your draft with version ${stale.number}</a></p>
<form method="post" action="${e(base)}/studio/publish"><input type="hidden" name="_csrf" value="${e(csrf)}"><input type="hidden" name="base" value="${stale.number}">
<div class="field"><label for="studio-text">Your draft: merge the changes of version ${stale.number} into it, then publish it on top</label><textarea id="studio-text" name="text" rows="24" spellcheck="false">${escapeHtml(mine)}</textarea></div>
<div class="field"><label for="studio-message">What changed</label><input id="studio-message" name="message" maxlength="200"></div>
<button type="submit">Publish on top of version ${stale.number}</button></form>
<details><summary>Version ${stale.number} as published</summary><pre>${escapeHtml(stale.text)}</pre></details>`;
}
