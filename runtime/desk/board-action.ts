/**
 * A button pressed on a board, `POST /{site}/desk/{slug}/{id}/{action}`: refused to staff when it
 * gives money back, shown first for confirmation when it cannot be undone, then done by the board
 * on this site's record alone and kept on the Activity page.
 */
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../render/escape.ts';
import { record } from './auth.ts';
import { showBoard } from './board-page.ts';
import { CONFIRMED_FIELD, confirmPage } from './confirm-page.ts';
import type { DeskScope } from './scope.ts';

export function boardAction(app: FastifyInstance, desk: DeskScope) {
  app.post(
    '/:site/desk/:board/:id/:action',
    desk.guarded(async (request, reply, signed) => {
      const { site, tenant, session } = signed;
      const params = request.params as { board: string; id: string; action: string };
      const board = desk.boardOf(site, params.board);
      if (!board) return desk.framed(request, reply, signed, undefined, 'Not found', '<p>There is no such page on this desk.</p>', 404);
      const input = desk.input(request, signed);
      const offered = async () => (await board.rows?.(input))?.find((r) => r.id === params.id)?.actions.find((a) => a.name === params.action);
      // What moves money (a refund) is an owner's to do; the board says so to staff, and their post is refused here.
      if (session.role !== 'owner') {
        const action = await offered();
        if (action?.ownerOnly)
          return showBoard(
            desk,
            request,
            reply,
            signed,
            board,
            `<p role="alert">Only an owner of the site can ${escapeHtml(action.label.toLowerCase())} this, as it gives money back.</p>`,
            403,
          );
      }
      // What cannot be undone (a refund) is done on the second, confirmed post only: the first shows what it will do.
      const what = (request.body as Record<string, unknown>)[CONFIRMED_FIELD] === '1' ? undefined : await board.confirm?.(input, params.id, params.action);
      if (what !== undefined) {
        const action = { name: params.action, label: (await offered())?.label ?? params.action };
        return desk.framed(request, reply, signed, board, board.label, confirmPage(input.base, session, board, params.id, action, what));
      }
      // The record is looked up in this site's store only: an id of another site's finds nothing.
      const acted = board.act ? await board.act(input, params.id, params.action) : { refused: 404 as const, problem: 'Nothing can be done here.' };
      if ('refused' in acted) return showBoard(desk, request, reply, signed, board, `<p role="alert">${escapeHtml(acted.problem)}</p>`, acted.refused);
      await record(tenant, session, params.action.slice(0, 40), acted.done, desk.options.now());
      if (acted.goTo !== undefined) return reply.code(303).header('location', `${input.base}${acted.goTo}`).header('cache-control', 'no-store').send();
      const first = acted.done.charAt(0).toUpperCase() + acted.done.slice(1);
      return showBoard(desk, request, reply, signed, board, `<p role="status">${escapeHtml(first)}.</p>`);
    }, true),
  );
}
