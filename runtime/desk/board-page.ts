/**
 * A board's page, `/{site}/desk/{slug}` (the desk's first page, the inbox, is also at `/{site}/desk`
 * itself): the page the board draws, or else its intro, a CSV link and its rows with a button per
 * action, 50 at a time.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DeskBoard } from '../../blocks/contract.ts';
import { escapeHtml } from '../render/escape.ts';
import { boardList } from './pages.ts';
import type { DeskScope, Signed } from './scope.ts';
import { csvLink, pageOf } from './ui.ts';

/** Shows a board's page, with `notice` (what was just done, or why not) above it. */
export async function showBoard(desk: DeskScope, request: FastifyRequest, reply: FastifyReply, signed: Signed, board: DeskBoard, notice = '', status = 200) {
  const input = desk.input(request, signed);
  if (board.page) {
    const drawn = await board.page(input);
    return desk.framed(request, reply, signed, board, drawn.title, `${notice}${drawn.body}`, status);
  }
  const rows = (await board.rows?.(input)) ?? [];
  const b = input.base;
  // After an action the first page is shown, with what was done above it.
  const paged = pageOf(rows, request.method === 'GET' ? input.query.page : undefined, (n) => `${b}/${board.slug}?page=${n}`);
  const body = `${notice}${board.intro ? `<p>${escapeHtml(board.intro)}</p>` : ''}${csvLink(`${b}/export/${board.slug}.csv`, `Download the ${board.label.toLowerCase()} as CSV`)}${boardList(b, signed.session, { ...board, columns: board.columns ?? [] }, paged.shown)}${paged.nav}`;
  return desk.framed(request, reply, signed, board, board.label, body, status);
}

/** The desk's first page: its home board (the inbox) on a site that shows it, else a pointer to the menu. */
export function homePage(app: FastifyInstance, desk: DeskScope) {
  app.get(
    '/:site/desk',
    desk.guarded(async (request, reply, signed) => {
      const home = desk.boards(signed.site).find((b) => b.home);
      if (home) return showBoard(desk, request, reply, signed, home);
      return desk.framed(request, reply, signed, undefined, 'Desk', '<p>Choose a page from the menu above.</p>');
    }),
  );
}

export function boardPage(app: FastifyInstance, desk: DeskScope) {
  app.get(
    '/:site/desk/:board',
    desk.guarded(async (request, reply, signed) => {
      const board = desk.boardOf(signed.site, (request.params as { board: string }).board);
      if (!board) return desk.framed(request, reply, signed, undefined, 'Not found', '<p>There is no such page on this desk.</p>', 404);
      return showBoard(desk, request, reply, signed, board);
    }),
  );
}
