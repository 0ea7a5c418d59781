/**
 * The desk's pages as HTML inside the site's own layout: plain forms and links that work without
 * JavaScript, lists rather than wide tables so a phone shows them whole. Everything a visitor or
 * the document wrote is escaped here.
 */
import { escapeHtml } from '../render/escape.ts';
import type { StoredRecord } from '../store/store.ts';
import { asText } from '../text.ts';
import type { DeskRow } from '../../blocks/contract.ts';
import type { Session } from './auth.ts';

const e = (value: unknown) => escapeHtml(asText(value ?? ''));

export type DeskSection = 'inbox' | 'registrations' | 'contacts' | 'money' | 'activity' | 'erase';

const SECTIONS: { section: DeskSection; label: string; path: string }[] = [
  { section: 'inbox', label: 'Inbox', path: '' },
  { section: 'registrations', label: 'Registrations', path: '/registrations' },
  { section: 'contacts', label: 'Newsletter', path: '/contacts' },
  { section: 'money', label: 'Money', path: '/money' },
  { section: 'activity', label: 'Activity', path: '/activity' },
  { section: 'erase', label: "Erase a person's data", path: '/erase' },
];

/** The hidden field every state-changing form under /desk carries. */
export const csrfField = (session: Session) => `<input type="hidden" name="_csrf" value="${e(session.csrf)}">`;

/** A page of the desk that a block gives (see DeskBoard): its address under /desk and its name in the menu. */
export interface BoardLink {
  slug: string;
  label: string;
}

/** The desk's menu (with the site's boards after its own lists), who is signed in, and the sign-out button. */
export function deskFrame(base: string, session: Session, current: DeskSection | BoardLink, body: string, boards: readonly BoardLink[] = []): string {
  const shown = [...SECTIONS.slice(0, 4), ...boards.map((b) => ({ section: b, label: b.label, path: `/${b.slug}` })), ...SECTIONS.slice(4)];
  const links = shown
    .map(
      (s) =>
        `<li><a href="${e(base + s.path)}"${(typeof s.section === 'string' ? s.section === current : typeof current !== 'string' && s.section.slug === current.slug) ? ' aria-current="page"' : ''}>${escapeHtml(s.label)}</a></li>`,
    )
    .join('');
  return `<nav class="desk-nav" aria-label="Desk"><ul>${links}</ul></nav>
<div class="desk-who"><p class="muted">Signed in as ${e(session.name)} (${e(session.email)}, ${e(session.role)}).</p>
<form method="post" action="${e(base)}/sign-out">${csrfField(session)}<button type="submit" class="button button-secondary">Sign out</button></form></div>
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

/** Who sent a record, as its list shows it: an answer called something like "name", else the address. */
export function senderOf(record: StoredRecord): string {
  const answers = (record.answers ?? {}) as Record<string, unknown>;
  const named = Object.entries(answers).find(([key, value]) => /name/i.test(key) && typeof value === 'string' && value.trim());
  return asText(named?.[1] ?? record.email ?? '(no name given)');
}

const when = (iso: unknown) =>
  e(
    asText(iso ?? '')
      .replace('T', ' ')
      .slice(0, 16),
  );

/** Whether nobody on the desk has opened a record yet. */
export const isUnread = (record: StoredRecord) => typeof record.readAt !== 'string';

/** Records as a list of links, newest first as given; the ones nobody has opened marked "new" in words, not by weight alone. */
export function recordList(base: string, kind: 'submissions' | 'registrations', records: StoredRecord[]): string {
  if (!records.length) return '<p class="muted">Nothing here yet.</p>';
  return `<ul class="desk-list">${records
    .map((r) => {
      const link = `<a href="${e(`${base}/${kind}/${r.id}`)}">${e(senderOf(r))}</a>`;
      const meta = `<span class="muted">${r.email ? `${e(r.email)} · ` : ''}${when(r.createdAt)}</span>`;
      return isUnread(r)
        ? `<li class="desk-unread"><strong>${link}</strong> <span class="desk-status desk-status-new">new</span> ${meta}</li>`
        : `<li>${link} ${meta}</li>`;
    })
    .join('')}</ul>`;
}

/** Every answer of one record, links to the files sent with it, who opened it first and a button to mark it unread again. */
export function recordView(base: string, session: Session, kind: string, record: StoredRecord): string {
  const answers = (record.answers ?? {}) as Record<string, unknown>;
  const files = (record.files ?? []) as { filename: string; size?: number }[];
  const rows = Object.entries(answers)
    .map(([key, value]) => `<dt>${e(key)}</dt><dd>${e(Array.isArray(value) ? value.join(', ') : value === true ? 'yes' : value === false ? 'no' : value)}</dd>`)
    .join('');
  const fileList = files.length
    ? `<h2>Files</h2><ul class="desk-list">${files
        .map((f, i) => `<li><a href="${e(`${base}/${kind}/${record.id}/files/${i}`)}" download>${e(f.filename)}</a></li>`)
        .join('')}</ul>`
    : '';
  const read = isUnread(record)
    ? ''
    : `<p class="muted">First read ${when(record.readAt)}${record.readBy ? ` by ${e(record.readBy)}` : ''}.</p>
<form method="post" action="${e(`${base}/${kind}/${record.id}/unread`)}">${csrfField(session)}<button type="submit" class="button button-secondary">Mark as unread</button></form>`;
  return `<p class="muted">Form “${e(record.form)}”, sent ${when(record.createdAt)}${record.page ? ` from ${e(record.page)}` : ''}.</p>
<dl class="desk-answers">${rows}${record.email ? `<dt>Address on the record</dt><dd>${e(record.email)}</dd>` : ''}</dl>${fileList}${read}`;
}

export function searchForm(base: string, form: string, q: string): string {
  // Unquoted where the value is a word the house keeps for block types (see tests/architecture).
  return `<form method="get" action="${e(base)}" role=search class="desk-form">
<input type="hidden" name=form value="${e(form)}">
<div class="field"><label for="desk-q">Search by name or e-mail</label><input id="desk-q" name="q" type=search value="${e(q)}"></div>
<button type="submit" class="button button-secondary">Search</button>
</form>`;
}

export const csvLink = (href: string, label: string) => `<p><a href="${e(href)}">${escapeHtml(label)}</a></p>`;

/** A board's records as a list (each record its cells as a description list) with a form per action. */
export function boardList(base: string, session: Session, board: BoardLink & { columns: readonly string[] }, rows: readonly DeskRow[]): string {
  if (!rows.length) return '<p class="muted">Nothing here yet.</p>';
  return `<ul class="desk-list desk-board">${rows
    .map((row) => {
      const cells = board.columns.map((column, i) => `<dt>${e(column)}</dt><dd>${e(row.cells[i] ?? '')}</dd>`).join('');
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

/** How many records a desk list shows at once: enough to scan, few enough for a phone to load at once. */
export const PAGE_SIZE = 50;

/**
 * One page of a long list (`?page=2`, counted from 1; anything else is the first, past the end
 * the last) and the links to the pages around it, keeping the list's other query parameters.
 */
export function pageOf<T>(items: readonly T[], asked: unknown, href: (page: number) => string): { shown: T[]; nav: string } {
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const wanted = typeof asked === 'string' && /^\d{1,6}$/.test(asked) ? Number(asked) : 1;
  const page = Math.min(Math.max(wanted, 1), pages);
  const shown = items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  if (pages === 1) return { shown, nav: '' };
  const from = (page - 1) * PAGE_SIZE + 1;
  const links = [
    page > 1 ? `<a href="${e(href(page - 1))}" rel="prev">Newer</a>` : '',
    `<span>${from}–${from + shown.length - 1} of ${items.length}</span>`,
    page < pages ? `<a href="${e(href(page + 1))}" rel="next">Older</a>` : '',
  ].filter(Boolean);
  return { shown, nav: `<nav class="desk-pages" aria-label="Pages of this list">${links.join(' ')}</nav>` };
}
