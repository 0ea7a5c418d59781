/**
 * The second step of a desk action that cannot be undone (a refund): what it will do, a Confirm
 * button that posts the same action again with `confirmed=1`, and a way back that changes nothing.
 * Plain HTML, so it works without JavaScript; one press on the list never gives money back.
 */
import { escapeHtml } from '../render/escape.ts';
import type { BoardLink } from './pages.ts';
import { csrfField } from './ui.ts';
import type { Session } from './auth.ts';

/** The confirmed post carries this field; any other post to a confirmable action only shows this page. */
export const CONFIRMED_FIELD = 'confirmed';

export function confirmPage(base: string, session: Session, board: BoardLink, id: string, action: { name: string; label: string }, what: string): string {
  const e = escapeHtml;
  return `<h2>${e(action.label)}: are you sure?</h2>
<p>${e(what)}</p>
<p>This cannot be undone.</p>
<form method="post" action="${e(`${base}/${board.slug}/${id}/${action.name}`)}" class="desk-form">${csrfField(session)}<input type="hidden" name="${CONFIRMED_FIELD}" value="1">
<button type="submit" class="button">Confirm: ${e(action.label.toLowerCase())}</button> <a href="${e(`${base}/${board.slug}`)}">Keep it</a></form>`;
}
