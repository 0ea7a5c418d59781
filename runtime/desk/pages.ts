/**
 * The desk's own HTML inside the site's layout: the frame with its menu (the boards of the site's
 * blocks, then the kernel's pages), the sign-in steps, and a simple board's list of records.
 */
import { escapeHtml } from '../render/escape.ts';
import type { DeskRow } from '../../blocks/contract.ts';
import type { Session } from './auth.ts';
import { csrfField, e } from './ui.ts';

/** The desk's own pages, after the boards in its menu. */
export type DeskSection = 'studio' | 'money' | 'activity' | 'erase';

const SECTIONS: { section: DeskSection; label: string; path: string; editors?: true }[] = [
  { section: 'studio', label: 'Edit the site', path: '/studio', editors: true },
  { section: 'money', label: 'Money', path: '/money' },
  { section: 'activity', label: 'Activity', path: '/activity' },
  { section: 'erase', label: "Erase a person's data", path: '/erase' },
];

/** A page of the desk that a block gives (see DeskBoard): its address under /desk (the desk's own for its first page) and its name in the menu. */
export interface BoardLink {
  slug: string;
  label: string;
  home?: boolean;
}

/**
 * The desk's menu (the site's boards, then the desk's own pages), who is signed in, the sign-out
 * button and the time zone every time on the desk is told in (the site's); `current` is marked.
 */
export function deskFrame(
  base: string,
  session: Session,
  current: DeskSection | BoardLink | undefined,
  body: string,
  boards: readonly BoardLink[],
  zone: string,
): string {
  // The studio is in the menu of those who may edit the site.
  const own = SECTIONS.filter((s) => !s.editors || session.role === 'owner' || session.role === 'editor');
  const shown = [...boards.map((b) => ({ section: b, label: b.label, path: b.home ? '' : `/${b.slug}` })), ...own];
  const isCurrent = (section: DeskSection | BoardLink) =>
    typeof section === 'string' ? section === current : typeof current === 'object' && section.slug === current.slug;
  const links = shown
    .map((s) => `<li><a href="${e(base + s.path)}"${isCurrent(s.section) ? ' aria-current="page"' : ''}>${escapeHtml(s.label)}</a></li>`)
    .join('');
  return `<nav class="desk-nav" aria-label="Desk"><ul>${links}</ul></nav>
<div class="desk-who"><p class="muted">Signed in as ${e(session.name)} (${e(session.email)}, ${e(session.role)}).</p>
<form method="post" action="${e(base)}/sign-out">${csrfField(session)}<button type="submit" class="button button-secondary">Sign out</button></form></div>
<p class="muted desk-zone">Times are in ${e(zone)}.</p>
${body}`;
}

export function signInForm(base: string, problem?: string): string {
  return `<p>Sign in to read what visitors sent. Enter your e-mail address and we will send you a link.</p>
${problem ? `<p role="alert">${e(problem)}</p>` : ''}<form method="post" action="${e(base)}" class="desk-form">
<div class="field"><label for="desk-email">Your e-mail address</label><input id="desk-email" name="email" type="email" autocomplete="email" required></div>
<button type="submit" class="button">Send me a sign-in link</button>
</form>`;
}

export const linkSent = () => `<p role="status">If that address may sign in, a link is on its way. It works once, for 15 minutes.</p>`;

export function signInButton(base: string, token: string): string {
  return `<p>Press the button to sign in to the desk on this device.</p>
<form method="post" action="${e(base)}/sign-in"><input type="hidden" name="token" value="${e(token)}"><button type="submit" class="button">Sign in</button></form>`;
}

export const linkRefused = (base: string) => `<p>This link cannot be used; ask for a new one.</p><p><a href="${e(base)}">Ask for a new sign-in link</a></p>`;

/** A board's records as a list (each record its cells as a description list) with a form per action. */
export function boardList(base: string, session: Session, board: BoardLink & { columns: readonly string[] }, rows: readonly DeskRow[]): string {
  if (!rows.length) return '<p class="muted">Nothing here yet.</p>';
  return `<ul class="desk-list desk-board">${rows
    .map((row) => {
      const cells = [
        ...board.columns.map((column, i) => `<dt>${e(column)}</dt><dd>${e(row.cells[i] ?? '')}</dd>`),
        ...(row.details ?? []).map((d) => `<dt>${e(d.label)}</dt><dd>${e(d.text)}</dd>`),
      ].join('');
      const actions = row.actions
        .map((a) =>
          a.ownerOnly && session.role !== 'owner'
            ? `<p class="muted">${e(a.label)}: an owner of the site can do this, as it gives money back.</p>`
            : `<form method="post" action="${e(`${base}/${board.slug}/${row.id}/${a.name}`)}">${csrfField(session)}<button type="submit" class="button button-secondary" aria-label="${e(`${a.label}: ${row.cells.slice(0, 3).join(', ')}`)}">${e(a.label)}</button></form>`,
        )
        .join('');
      return `<li><dl class="desk-answers">${cells}</dl>${actions}</li>`;
    })
    .join('')}</ul>`;
}
