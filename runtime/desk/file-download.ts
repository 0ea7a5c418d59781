/**
 * A file sent with a record, `/{site}/desk/{slug}/{id}/files/{n}`: the board says which, the desk
 * hands it over from the site's uploads folder as a download and keeps the download on the Activity page.
 */
import type { FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { record } from './auth.ts';
import type { DeskScope } from './scope.ts';

export function fileDownload(app: FastifyInstance, desk: DeskScope) {
  app.get(
    '/:site/desk/:board/:id/files/:n',
    desk.guarded(async (request, reply, signed) => {
      const { site, tenant, session } = signed;
      const { board: slug, id, n } = request.params as { board: string; id: string; n: string };
      const board = desk.boardOf(site, slug);
      const file = /^\d{1,3}$/.test(n) ? await board?.file?.(desk.input(request, signed), id, Number(n)) : undefined;
      // Only a name the server gave (letters, digits, dashes and one dot) is ever joined to the uploads folder.
      if (!file || !/^[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)?$/.test(file.stored))
        return desk.framed(request, reply, signed, board, 'Not found', '<p>There is no such file.</p>', 404);
      const path = join(desk.options.uploadsDir, site.prefix, file.stored);
      const size = await stat(path)
        .then((s) => s.size)
        .catch(() => undefined);
      if (size === undefined) return desk.framed(request, reply, signed, board, 'Not found', '<p>That file is no longer kept.</p>', 404);
      await record(tenant, session, 'download', file.done, desk.options.now());
      const safeName = file.filename.replace(/[^\w.\- ]/g, '_');
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${safeName}"`)
        .header('content-length', size)
        .header('cache-control', 'no-store')
        .send(createReadStream(path));
    }),
  );
}
