/** One record's page on a board that has them, `/{site}/desk/{slug}/{id}`: drawn by the board, from this site's records only. */
import type { FastifyInstance } from 'fastify';
import type { DeskScope } from './scope.ts';

export function recordPage(app: FastifyInstance, desk: DeskScope) {
  app.get(
    '/:site/desk/:board/:id',
    desk.guarded(async (request, reply, signed) => {
      const { board: slug, id } = request.params as { board: string; id: string };
      const board = desk.boardOf(signed.site, slug);
      const drawn = await board?.record?.(desk.input(request, signed), id);
      if (!drawn) return desk.framed(request, reply, signed, board, 'Not found', '<p>There is no such record; it may have been erased.</p>', 404);
      return desk.framed(request, reply, signed, board, drawn.title, drawn.body);
    }),
  );
}
