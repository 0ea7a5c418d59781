/**
 * The HTML of what visitors sent, on the desk: records as a list of links with the unread ones
 * marked "new" in words, one record whole (each answer under its question's label) with its files,
 * and the inbox's search. Times are the desk's, in the site's zone. Everything a visitor or the
 * document wrote is escaped.
 */
import { asText } from '../../../runtime/text.ts';
import type { Site } from '../../../runtime/site.ts';
import type { StoredRecord } from '../../../runtime/store/store.ts';
import { csrfField, e, timeTag } from '../../../runtime/desk/ui.ts';
import type { DeskSession } from '../../contract.ts';

/** Who sent a record, as its list shows it: an answer called something like "name", else the address. */
export function senderOf(record: StoredRecord): string {
  const answers = (record.answers ?? {}) as Record<string, unknown>;
  const named = Object.entries(answers).find(([key, value]) => /name/i.test(key) && typeof value === 'string' && value.trim());
  return asText(named?.[1] ?? record.email ?? '(no name given)');
}

/** Whether nobody on the desk has opened a record yet. */
export const isUnread = (record: StoredRecord) => typeof record.readAt !== 'string';

/** Records as a list of links to their pages under `/desk/{slug}`, newest first as given; the ones nobody has opened marked "new" in words, not by weight alone. */
export function recordList(site: Site, base: string, slug: string, records: readonly StoredRecord[]): string {
  if (!records.length) return '<p class="muted">Nothing here yet.</p>';
  return `<ul class="desk-list">${records
    .map((r) => {
      const link = `<a href="${e(`${base}/${slug}/${r.id}`)}">${e(senderOf(r))}</a>`;
      const meta = `<span class="muted">${r.email ? `${e(r.email)} · ` : ''}${timeTag(site, r.createdAt)}</span>`;
      return isUnread(r)
        ? `<li class="desk-unread"><strong>${link}</strong> <span class="desk-status desk-status-new">new</span> ${meta}</li>`
        : `<li>${link} ${meta}</li>`;
    })
    .join('')}</ul>`;
}

/** Where a record page is drawn: the desk's address, who is signed in, and what each answer is called (see `answerLabels`). */
export interface RecordPlace {
  site: Site;
  base: string;
  session: DeskSession;
  labelOf: (name: string) => string;
}

/** Every answer of one record under its question's label, links to the files sent with it, who opened it first and a button to mark it unread again. */
export function recordView({ site, base, session, labelOf }: RecordPlace, slug: string, record: StoredRecord): string {
  const answers = (record.answers ?? {}) as Record<string, unknown>;
  const files = (record.files ?? []) as { filename: string; size?: number }[];
  const rows = Object.entries(answers)
    .map(
      ([key, value]) =>
        `<dt>${e(labelOf(key))}</dt><dd>${e(Array.isArray(value) ? value.join(', ') : value === true ? 'yes' : value === false ? 'no' : value)}</dd>`,
    )
    .join('');
  const fileList = files.length
    ? `<h2>Files</h2><ul class="desk-list">${files
        .map((f, i) => `<li><a href="${e(`${base}/${slug}/${record.id}/files/${i}`)}" download>${e(f.filename)}</a></li>`)
        .join('')}</ul>`
    : '';
  const read = isUnread(record)
    ? ''
    : `<p class="muted">First read ${timeTag(site, record.readAt)}${record.readBy ? ` by ${e(record.readBy)}` : ''}.</p>
<form method="post" action="${e(`${base}/${slug}/${record.id}/unread`)}">${csrfField(session)}<button type="submit" class="button button-secondary">Mark as unread</button></form>`;
  return `<p class="muted">Form “${e(record.form)}”, sent ${timeTag(site, record.createdAt)}${record.page ? ` from ${e(record.page)}` : ''}.</p>
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
