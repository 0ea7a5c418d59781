/**
 * The site's media folder from the studio: `GET …/studio/media` lists it (JSON for the editor's
 * picker), `POST …/studio/media` adds a picture or PDF (multipart: the form's token first, then
 * the file), which the site serves at once. Kept on the Activity page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { record, csrfMatches } from '../desk/auth.ts';
import type { Signed } from '../desk/scope.ts';
import { mediaEntries, saveUpload, UploadRefused } from './media-files.ts';
import type { StudioScope } from './scope.ts';

export function mediaRoutes(app: FastifyInstance, studio: StudioScope) {
  const { desk } = studio;
  const max = studio.options.maxUploadBytes ?? 10 * 1024 * 1024;

  app.get(
    '/:site/desk/studio/media',
    studio.editor(async (request, reply, { site }) => {
      const files = await mediaEntries(studio.sitesDir(), site.prefix);
      if (studio.wantsJson(request)) return studio.json(reply, 200, { files });
      return reply.redirect(`${desk.base(site)}/studio`, 303);
    }),
  );

  const refuse = (request: FastifyRequest, reply: FastifyReply, signed: Signed, status: number, error: string) =>
    studio.wantsJson(request)
      ? studio.json(reply, status, { error })
      : desk.framed(
          request,
          reply,
          signed,
          'studio',
          'Not uploaded',
          `<p role="alert">${error}</p><p><a href="${desk.base(signed.site)}/studio">Back to the editor</a></p>`,
          status,
        );

  app.post(
    '/:site/desk/studio/media',
    studio.editor(async (request, reply, signed) => {
      if (!request.isMultipart()) return refuse(request, reply, signed, 415, 'Send the file from the upload form.');
      let token: unknown;
      try {
        for await (const part of request.parts({ limits: { fileSize: max } })) {
          if (part.type === 'field') {
            if (part.fieldname === '_csrf') token = part.value;
            continue;
          }
          // The form's token comes before the file: without it, nothing of the file is kept.
          if (!csrfMatches(signed.session, token)) {
            part.file.resume();
            return refuse(request, reply, signed, 403, 'This form has expired or did not come from the desk: reload the studio and try again.');
          }
          const saved = await saveUpload(studio.sitesDir(), signed.site.prefix, part.filename, part.file, max);
          await studio.options.reloads.reloadSite(signed.site.prefix);
          await record(signed.tenant, signed.session, 'upload', `added ${saved.name} to the site's media`, desk.options.now());
          if (studio.wantsJson(request)) return studio.json(reply, 201, { file: saved });
          return reply.header('cache-control', 'no-store').redirect(`${desk.base(signed.site)}/studio`, 303);
        }
      } catch (error) {
        if (error instanceof UploadRefused) return refuse(request, reply, signed, error.status, error.message);
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          return refuse(request, reply, signed, 413, `The file is larger than ${Math.round(max / 1024 / 1024)} MB: make it smaller and try again.`);
        throw error;
      }
      return refuse(request, reply, signed, 400, 'Choose a file to upload.');
    }, 'own-token'),
  );
}
